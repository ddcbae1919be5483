import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { DemoSeeder, seasonClock } from '../../src/demo/seed-demo';
import { ExportFileStore } from '../../src/exports/export-file-store';
import { writeExport, type ExportScope } from '../../src/exports/ndjson-export';
import { standingsCsv } from '../../src/exports/standings-csv';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { registryProjection } from '../../src/registry/registry.projection';
import { RegistryQueryService } from '../../src/registry/registry-queries.service';

describe('exports: NDJSON events with their hashes, verified without the database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-export-'));
  const store = new SqliteEventStore({ filename: ':memory:' });
  const readModel = new ReadModel(':memory:', [registryProjection]);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    const clock = seasonClock();
    const projector = new MatchProjector(store, readModel);
    await new DemoSeeder(
      new MatchCommandService(store, projector, clock),
      new RegistryCommandService(store, projector, clock),
    ).run({ players: 6, matches: 4, seed: 2 });
  });

  async function exportTo(scope: ExportScope, name: string): Promise<string> {
    const lines: string[] = [];
    await writeExport(store, scope, (l) => {
      lines.push(l);
    });
    const file = join(dir, name);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }

  it('exports the whole ledger; the file verifies with the ledger verifier, heads checked', async () => {
    const file = await exportTo({ kind: 'all' }, 'all.ndjson');
    const v = await verifyLedger(new ExportFileStore(file));
    const ledger = await verifyLedger(store);
    expect(v).toMatchObject({
      ok: true,
      headsChecked: true,
      events: ledger.events,
      streams: ledger.streams,
    });
  });

  it('a competition: its stream, its matches and their registered players, nothing else', async () => {
    const file = await exportTo(
      { kind: 'competition', competitionId: 'demo-2-open' },
      'open.ndjson',
    );
    const streams = new Set(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .slice(0, -1)
        .map((l) => (JSON.parse(l) as { streamId: string }).streamId),
    );
    const matches = new RegistryQueryService(readModel).competitionMatches('demo-2-open', 10).rows;
    const expected = new Set([
      'competition-demo-2-open',
      ...matches.map((m) => `match-${m.state.id}`),
      ...matches.flatMap((m) => m.state.players.map((p) => `player-${p.id}`)),
    ]);
    expect(streams).toEqual(expected);
    expect((await verifyLedger(new ExportFileStore(file))).ok).toBe(true);
  });

  it('finds an edited event and a dropped last event', async () => {
    const [{ state }] = new RegistryQueryService(readModel).competitionMatches(
      'demo-2-cup',
      1,
    ).rows;
    const file = await exportTo({ kind: 'match', matchId: state.id }, 'match.ndjson');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const check = async (content: string[]) => {
      writeFileSync(join(dir, 'x.ndjson'), content.join('\n'));
      return verifyLedger(new ExportFileStore(join(dir, 'x.ndjson')));
    };
    expect((await check(lines)).ok).toBe(true);
    const edited = [...lines];
    edited[3] = edited[3].replace('"recordedBy":"demo-scorer"', '"recordedBy":"someone"');
    expect((await check(edited)).firstBreak?.reason).toBe('CONTENT_ALTERED');
    const cut = [...lines.slice(0, -2), lines.at(-1)!];
    expect((await check(cut)).firstBreak?.reason).toBe('MISSING_EVENT');
    // Without its trailer a cut file cannot be told from a whole one: said, not hidden.
    expect(await check(lines.slice(0, -2))).toMatchObject({ ok: true, headsChecked: false });
  });

  it('standings as CSV, quoted where needed, in the table order', () => {
    const csv = standingsCsv([
      {
        position: 1,
        playerId: 'P-1',
        displayName: 'Ana "Ace" Silva, Jr',
        played: 2,
        won: 2,
        lost: 0,
        gamesFor: 6,
        gamesAgainst: 1,
        gameDifferential: 5,
        headToHeadWins: 0,
      },
      {
        position: 2,
        playerId: 'P-2',
        displayName: null,
        played: 2,
        won: 0,
        lost: 2,
        gamesFor: 1,
        gamesAgainst: 6,
        gameDifferential: -5,
        headToHeadWins: 0,
      },
    ]);
    expect(csv).toBe(
      'position,licence_id,display_name,played,won,lost,games_for,games_against,game_differential,head_to_head_wins\r\n' +
        '1,P-1,"Ana ""Ace"" Silva, Jr",2,2,0,6,1,5,0\r\n' +
        '2,P-2,,2,0,2,1,6,-5,0\r\n',
    );
  });
});
