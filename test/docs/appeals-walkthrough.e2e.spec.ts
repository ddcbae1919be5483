import { competitionWithCommittee } from '../support/competition-setup';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// docs/audit-and-appeals.md, "Two related appeals, start to end", is this run: the story through
// GraphQL over HTTP against a real server, each answer compared with the block the page prints
// for it (the match's id, times and hashes aside), and the decision document's text compared line
// by line with the page's abridged copy. The run's own blocks go to test-output/ for updating it.

const OUT = join(__dirname, '..', '..', 'test-output');
const PAGE = readFileSync(join(__dirname, '..', '..', 'docs', 'audit-and-appeals.md'), 'utf8');
const HEADING = '### Two related appeals, start to end';
const COMPETITION = 'liga-norte-2026';

function shownBlocks(): { kind: string; text: string }[] {
  const start = PAGE.indexOf(HEADING);
  const end = PAGE.indexOf('\n### ', start + HEADING.length);
  const part = PAGE.slice(start, end < 0 ? undefined : end);
  return [...part.matchAll(/```(json|text)\n([\s\S]*?)```/g)].map((m) => ({
    kind: m[1],
    text: m[2].trim(),
  }));
}

// What varies from run to run: the match's id, the times and the hashes.
const steady = (s: string, matchId: string) =>
  s
    .split(matchId)
    .join('<match>')
    .replace(/\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?Z)?( UTC)?/g, '<time>')
    .replace(/\b[0-9a-f]{64}\b/g, '<hash>');

// The page's text as a reader sees it: a line per heading, paragraph, term and value, list item.
export function pageText(html: string): string {
  const body = html.slice(html.indexOf('<main>'), html.indexOf('</main>'));
  return body
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
    .replace(/<\/dt><dd>/g, '  ')
    .replace(/<br>/g, '\n')
    .replace(/<\/(h1|h2|p|dd|li|figcaption|footer|div)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l)
    .join('\n');
}

describe("docs/audit-and-appeals.md's two related appeals are real output", () => {
  let server: TestServer;
  let matchId: string;
  const blocks: { kind: string; text: string }[] = [];
  const json = (v: unknown) => blocks.push({ kind: 'json', text: JSON.stringify(v) });

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
    if (server) removeDir(server.dataDir);
  });

  async function setUp(): Promise<{ shot2: number; shot3: number }> {
    await competitionWithCommittee(server, {
      competitionId: COMPETITION,
      name: 'Liga Norte 2026',
      players: [
        ['ana', 'Ana Sousa'],
        ['bruno', 'Bruno Reis'],
      ],
      members: ['ac-1', 'ac-2'],
    });
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    const referee = new LedgerClient(server, 'REFEREE', 'referee-1');
    ({ matchId } = await admin.scheduleMatch({
      raceTo: 2,
      ruleProfile: 'FPB',
      refereePresent: true,
      competition: 'Liga Norte 2026',
      competitionId: COMPETITION,
      players: [
        { id: 'ana', name: 'Ana Sousa' },
        { id: 'bruno', name: 'Bruno Reis' },
      ],
    }));
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await scorer.decideBreakOrder({ matchId, method: 'LAG', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    // Before shot 2 the referee records where the balls lay (9-ft table, millimetres from the
    // head-left corner): the cue ball in the kitchen, the 1 near the foot left pocket.
    const onTable = [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    const laid = await referee.attempt('recordLayout', 'RecordLayoutInput', {
      matchId,
      layout: {
        table: 'NINE_FOOT',
        balls: [
          { ball: 0, x: 500, y: 640 },
          ...onTable.map((ball, i) => ({
            ball,
            x: ball === 1 ? 2300 : 1300 + (i % 5) * 180,
            y: ball === 1 ? 200 : 300 + Math.floor(i / 5) * 300,
          })),
        ],
      },
    });
    expect(laid.errors).toBeUndefined();
    const miss = { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] };
    await scorer.callShot({ matchId, player: 'ana', ball: 1, pocket: 'FL' });
    const shot2 = await scorer.recordShot({ matchId, shooter: 'ana', ...miss });
    await scorer.callShot({ matchId, player: 'bruno', ball: 1, pocket: 'FL' });
    const shot3 = await scorer.recordShot({ matchId, shooter: 'bruno', ...miss });
    return { shot2: shot2.revision, shot3: shot3.revision };
  }

  const compact = (res: { errors?: Result[] }) =>
    res.errors?.map((e) => ({ message: e.message, extensions: e.extensions }));

  it('the committee decides two related appeals in table order, and prints the decision', async () => {
    const { shot2, shot3 } = await setUp();
    const ana = new LedgerClient(server, 'PLAYER', 'ana');
    const bruno = new LedgerClient(server, 'PLAYER', 'bruno');
    const committee = new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1');
    const filed = [
      await bruno.fileAppeal({
        matchId,
        againstRevision: shot2,
        grounds: 'Nothing reached a cushion after the 1 was hit',
        proposal: { kind: 'AMEND_FACTS', facts: { railContactsAfterFirstContact: [] } },
      }),
      await ana.fileAppeal({
        matchId,
        againstRevision: shot3,
        grounds: 'The cue ball dropped in the foot left pocket',
        proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
      }),
    ];
    json(filed.map((r) => r.events.map((e: Result) => [e.revision, e.type, e.explanation])));

    // The committee opens A2 first: refused, A1 named.
    const early = await committee.attempt('decideAppeal', 'DecideAppealInput', {
      matchId,
      appealId: 'A2',
      outcome: 'ALLOWED',
      reason: 'The table camera shows the cue ball dropping',
    });
    json(compact(early));

    const preview = await server.gql(
      `query($i: AppealPreviewInput!) { appealPreview(input: $i) { appealId supersedes forecloses { appealId explanation explanationPt } } }`,
      { i: { matchId, appealId: 'A1' } },
    );
    json(preview.data!.appealPreview);

    const decided = await committee.decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'The table camera shows no ball reaching a cushion after the 1',
      reasonPt: 'A câmara da mesa mostra que nenhuma bola chegou a uma tabela depois da 1',
    });
    json(decided.events.map((e: Result) => [e.revision, e.type, e.explanation]));

    const appeals = await server.gql(
      `query($id: String!) { match(id: $id) { appeals { id status mootedBy feeOutcome { outcome amount currency } } } }`,
      { id: matchId },
    );
    json(appeals.data!.match.appeals);

    const asked = await ana.requestAppealReview({
      matchId,
      appealId: 'A1',
      reason: 'The overhead camera shows the 1 touching the foot cushion',
    });
    json(asked.events.map((e: Result) => [e.revision, e.type, e.explanation]));

    const res = await fetch(
      `${server.url.replace(/\/graphql$/, '')}/appeals/${matchId}/A1?lang=en`,
    );
    expect(res.status).toBe(200);
    blocks.push({ kind: 'text', text: pageText(await res.text()) });

    // A2's page names what mooted it, as the page says.
    const a2 = await fetch(`${server.url.replace(/\/graphql$/, '')}/appeals/${matchId}/A2?lang=en`);
    const said = /A2's page \(`[^`]+`\) says `([^`]+)`/.exec(PAGE)![1];
    expect(pageText(await a2.text()).split('\n')[1]).toBe(said);

    mkdirSync(OUT, { recursive: true });
    writeFileSync(
      join(OUT, 'appeals-walkthrough.md'),
      blocks.map((b) => `\`\`\`${b.kind}\n${b.text}\n\`\`\``).join('\n\n') + '\n',
    );

    // The page's blocks, in order: the JSON ones whole, the document's text line by line, where
    // a line "(…)" stands for lines left out.
    const shown = shownBlocks();
    expect(shown.map((b) => b.kind)).toEqual(blocks.map((b) => b.kind));
    shown.forEach((b, i) => {
      const ran = steady(blocks[i].text, matchId);
      const page = steady(b.text, matchId);
      if (b.kind === 'json') expect(JSON.parse(page)).toEqual(JSON.parse(ran));
      else {
        const lines = ran.split('\n');
        let at = 0;
        for (const line of page.split('\n').filter((l) => l !== '(…)')) {
          const found = lines.indexOf(line, at);
          expect({ line, found: found >= 0 }).toEqual({ line, found: true });
          at = found + 1;
        }
      }
    });
  });
});
