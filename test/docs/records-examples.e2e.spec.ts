import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { DemoSeeder, type SeedReport } from '../../src/demo/seed-demo';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// docs/records.md's examples, run on the data the page says to create: the demo season
// (`seed-demo --players 64 --matches 60 --seed 7`), then every GraphQL request of the page in its
// order, each answer compared with the block the page prints after it; the season's summary, the
// standings CSV and the competition export's counts likewise.

const OUT = join(__dirname, '..', '..', 'test-output');
mkdirSync(OUT, { recursive: true });
const page = readFileSync(join(__dirname, '..', '..', 'docs', 'records.md'), 'utf8');
const between = (from: string, to: string) => page.slice(page.indexOf(from), page.indexOf(to));
const blocksOf = (text: string) =>
  [...text.matchAll(/```(graphql|json|)\n([\s\S]*?)```/g)].map((m) => ({
    kind: m[1],
    text: m[2].trim(),
  }));

// Who sends each write: the record-keeper, or the admin for what is the admin's alone.
function tokenFor(query: string): Record<string, string> {
  if (!query.startsWith('mutation')) return {};
  if (/assignCommittee|scheduleMatch/.test(query)) return bearer('ADMIN', 'fed-admin');
  return bearer('RECORD_KEEPER', 'rk-ana');
}

// The standings block prints a row a line, Python-style ({'position': 1, …}).
const rowsOf = (text: string) =>
  text.split('\n').map((l) => JSON.parse(l.replace(/'/g, '"').replace(/\bNone\b/g, 'null')));

function download(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe("docs/records.md's examples are real output", () => {
  let server: TestServer;
  let report: SeedReport;
  beforeAll(async () => {
    server = await startServer();
    const [, players, matches, seed] =
      /seed-demo --players (\d+) --matches (\d+) --seed (\d+)/.exec(page)!;
    report = await new DemoSeeder(
      server.app.get(MatchCommandService),
      server.app.get(RegistryCommandService),
    ).run({ players: Number(players), matches: Number(matches), seed: Number(seed) });
  }, 600_000);
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it("the demo season's summary is the seeder's", () => {
    const shown = between('Real output (60 matches', '## Exports');
    const num = (label: string) =>
      Number(new RegExp(`^${label}\\s+([\\d,]+)`, 'm').exec(shown)![1].replace(/,/g, ''));
    expect({
      players: num('players'),
      competitions: num('competitions'),
      events: num('events'),
      fouls: num('fouls'),
      corrections: num('corrections'),
      appeals: /appeals\s+(\d+) filed, (\d+) allowed/.exec(shown)!.slice(1).map(Number),
      matches: /matches\s+\d+: (\d+) 8-ball, (\d+) 9-ball, (\d+) 10-ball/
        .exec(shown)!
        .slice(1)
        .map(Number),
    }).toEqual({
      players: report.players,
      competitions: report.competitions,
      // The CLI counts every event it appended: the matches' and the registry's (a player's
      // registration; a competition's creation and its committee).
      events: report.events + report.players + 2 * report.competitions,
      fouls: report.fouls,
      corrections: report.corrections,
      appeals: [report.appealsFiled, report.appealsAllowed],
      matches: [report.matches.EIGHT_BALL, report.matches.NINE_BALL, report.matches.TEN_BALL],
    });
  });

  it("a competition's export holds the events and streams the page counts", async () => {
    const shown =
      /export --competition (\S+) --out \S+\nexported (\d+) events of (\d+) streams/.exec(page)!;
    const text = await download(
      `${server.url.replace(/\/graphql$/, '')}/exports/ledger.ndjson?competitionId=${shown[1]}`,
    );
    const lines = text.trimEnd().split('\n');
    const trailer = JSON.parse(lines[lines.length - 1]);
    expect([trailer.events, trailer.heads.length, lines.length - 1]).toEqual([
      Number(shown[2]),
      Number(shown[3]),
      Number(shown[2]),
    ]);
    // The whole ledger: every player's, competition's and match's stream.
    const all = /export --all --out \S+\nexported (\d+) events of (\d+) streams/.exec(page)!;
    const streams =
      report.players + report.competitions + Object.values(report.matches).reduce((a, b) => a + b);
    const events = report.events + report.players + 2 * report.competitions;
    expect([events, streams]).toEqual([Number(all[1]), Number(all[2])]);
  });

  it('answers every request of the page as it shows, in order', async () => {
    const blocks = blocksOf(between('## Players', '## The demo season'));
    // Every request first, in the page's order; what the server answered is kept to read when the
    // page must be updated.
    const served: { query: string; body: any; shown: { kind: string; text: string } }[] = [];
    for (let i = 0; i < blocks.length; i++) {
      if (blocks[i].kind !== 'graphql') continue;
      const query = blocks[i].text;
      const res = await server.gql(query, {}, tokenFor(query));
      const body = JSON.parse(JSON.stringify({ errors: res.errors, data: res.data }));
      served.push({ query, body, shown: blocks[i + 1] });
    }
    writeFileSync(join(OUT, 'records-examples.json'), JSON.stringify(served, null, 1));
    expect(served).toHaveLength(9);
    for (const { query, body, shown } of served) {
      if (shown.kind === 'json')
        expect({ query, body }).toEqual({ query, body: JSON.parse(shown.text) });
      else {
        // The standings: the first rows of the answer.
        const rows = rowsOf(shown.text);
        expect({ query, rows: body.data.standings.slice(0, rows.length) }).toEqual({ query, rows });
      }
    }
  });

  it("the standings CSV's first lines are served by standingsCsv", async () => {
    const shown = blocksOf(between('The standings CSV', '## Result-level games'))[0].text;
    const lines = shown.split('\n');
    const competition = /standings\(competitionId: "([^"]+)"\)/.exec(page)![1];
    const served = await server.gql<{ standingsCsv: string }>(
      `{ standingsCsv(competitionId: "${competition}") }`,
    );
    writeFileSync(join(OUT, 'records-standings.csv'), served.data!.standingsCsv);
    expect(served.data!.standingsCsv.split('\r\n').slice(0, lines.length)).toEqual(lines);
  });
});
