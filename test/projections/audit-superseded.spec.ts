import { supersededRevisions } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { loadMatch } from '../../src/streams/match-stream';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { legacyLines, loadLegacyLedger } from '../support/legacy-ledger';

// The audit trail marks what a correction or an appeal decision superseded, as matchHistory does:
// checked over a recorded ledger with corrections and allowed appeals in it.
describe('audit index: superseded events', () => {
  it('marks every superseded event with the revision that superseded it, and nothing else', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await loadLegacyLedger(store);
    const readModel = new ReadModel(':memory:');
    await new MatchProjector(store, readModel).catchUp();
    let marked = 0;
    for (const streamId of new Set(legacyLines().map((l) => l.streamId))) {
      const matchId = streamId.slice('match-'.length);
      const { records } = await loadMatch(store, matchId);
      const expected = supersededRevisions(records);
      const rows = readModel.audit({ matchId }, undefined, 100_000);
      expect(rows.map((r) => [r.revision, r.supersededBy])).toEqual(
        records.map((r) => [r.revision, expected.get(r.revision) ?? null]),
      );
      marked += expected.size;
    }
    expect(marked).toBeGreaterThan(5);
    readModel.close();
    await store.close();
  });
});
