import { systemClock } from '../../src/ledger/clock';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { ImportError } from '../../src/imports/import-errors';
import { ResultsImporter, type ImportOptions } from '../../src/imports/results-import';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { PAST_HEADER, pastResultsCsv } from '../support/past-results';

function ledger() {
  const store = new SqliteEventStore({ filename: ':memory:' });
  const views = new ReadModel(':memory:');
  const projector = new MatchProjector(store, views);
  const registry = new RegistryCommandService(store, projector, systemClock);
  return { store, views, importer: new ResultsImporter(store, projector, registry, systemClock) };
}

const options = (o: Partial<ImportOptions> = {}): ImportOptions => ({
  dryRun: false,
  registerPlayers: true,
  actor: 'rk-1',
  role: 'RECORD_KEEPER',
  correlationId: 'import-spec',
  ...o,
});

async function eventCount(store: SqliteEventStore): Promise<number> {
  return (await store.readAll({})).length;
}

async function refusal(p: Promise<unknown>): Promise<ImportError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ImportError) return err;
    throw err;
  }
  throw new Error('the import was not refused');
}

describe('importing past results', () => {
  it('imports a 10,000-row file with progress, and the same file again appends nothing', async () => {
    const { store, views, importer } = ledger();
    const csv = pastResultsCsv(10_000);
    const seen: number[] = [];
    const first = await importer.run(csv, options({ onProgress: (d) => seen.push(d) }));
    expect(first).toMatchObject({ rows: 10_000, imported: 10_000, alreadyImported: 0 });
    expect(first.playersRegistered).toHaveLength(100);
    expect(seen.at(-1)).toBe(10_000);
    expect(views.matchCount()).toBe(10_000);
    const events = await eventCount(store);
    const again = await importer.run(csv, options());
    expect(again).toMatchObject({ imported: 0, alreadyImported: 10_000, events: 0 });
    expect(again.playersRegistered).toEqual([]);
    expect(await eventCount(store)).toBe(events);
    views.close();
  }, 300_000);

  it('marks each imported match with the file hash and row, and scores it as the file says', async () => {
    const { store, importer } = ledger();
    const report = await importer.run(pastResultsCsv(4), options());
    const events = await store.readStream(`match-${report.matchIds[0]}`);
    const scheduled = events[0].data as { imported: { fileSha256: string; line: number } };
    expect(scheduled.imported).toMatchObject({ fileSha256: report.fileSha256, line: 2 });
    const results = events.filter((e) => e.type === 'GameResultRecorded');
    // Row 1: a race to 2 won 2–0 by player B, with per-game winners "BB".
    expect(results.map((e) => (e.data as { winner: string }).winner)).toEqual([
      'FPB00001',
      'FPB00001',
    ]);
    expect(events.at(-1)!.type).toBe('MatchEnded');
  });

  it('refuses a file with three bad rows whole, naming each line and reason', async () => {
    const { store, importer } = ledger();
    const good = pastResultsCsv(5).trimEnd().split('\r\n');
    const csv = [
      ...good.slice(0, 3),
      '2024-03-02,League,EIGHT_BALL,3,FPB00001,One,FPB00002,Two,3,3,Clube,',
      ...good.slice(3),
      '2024-13-40,League,EIGHT_BALL,2,FPB00001,One,FPB00002,Two,2,0,Clube,',
      '2024-03-02,League,EIGHT_BALL,2,FPB00001,One,FPB00002,Two,2,1,Clube,AAB',
    ].join('\r\n');
    const err = await refusal(importer.run(csv, options()));
    expect(err.rows.map((r) => r.line)).toEqual([4, 8, 9]);
    expect(err.rows[0].reason).toMatch(/not a finished race to 3/);
    expect(err.rows[1].reason).toMatch(/date/);
    expect(err.rows[2].reason).toMatch(/RACE_ALREADY_WON/);
    expect(await eventCount(store)).toBe(0);
  });

  it('refuses names and licence ids the API would refuse: a blank-rendering filler, a private-use character, an id that opens with a dash', async () => {
    const { store, importer } = ledger();
    const good = pastResultsCsv(2).trimEnd().split('\r\n');
    const csv = [
      ...good,
      '2024-03-02,League,EIGHT_BALL,2,FPB00001,\u3164,FPB00002,Two,2,1,Clube,',
      '2024-03-02,League,EIGHT_BALL,2,FPB00001,One\ue000,FPB00002,Two,2,1,Clube,',
      '2024-03-02,League,EIGHT_BALL,2,-x,One,FPB00002,Two,2,1,Clube,',
    ].join('\r\n');
    const err = await refusal(importer.run(csv, options()));
    expect(err.rows.map((r) => r.line)).toEqual([4, 5, 6]);
    expect(await eventCount(store)).toBe(0);
  });

  it('refuses unknown players unless asked to register them; --dry-run appends nothing', async () => {
    const { store, importer } = ledger();
    const csv = pastResultsCsv(3, 3);
    const err = await refusal(importer.run(csv, options({ registerPlayers: false })));
    expect(err.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(err.rows[0].reason).toMatch(/FPB00000 and FPB00001 are not registered/);
    const dry = await importer.run(csv, options({ dryRun: true }));
    expect(dry).toMatchObject({
      dryRun: true,
      imported: 3,
      playersRegistered: ['FPB00000', 'FPB00001', 'FPB00002'],
    });
    expect(await eventCount(store)).toBe(0);
  });

  it('refuses a file whose header lacks a required column', async () => {
    const { importer } = ledger();
    const err = await refusal(
      importer.run(PAST_HEADER.replace('race_to,', '') + '\r\n', options()),
    );
    expect(err.code).toBe('BAD_FILE');
    expect(err.rows[0]).toMatchObject({
      line: 1,
      reason: expect.stringMatching(/missing column\(s\) race_to/),
    });
  });
});
