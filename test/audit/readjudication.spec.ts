import { matchReplay } from '../../src/matches/match-replay';
import type { LedgerEvent } from '../../src/domain';
import { ENGINE_VERSION } from '../../src/domain';
import { AuditService } from '../../src/audit/audit.service';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { ReadModel } from '../../src/projections/read-model';
import { appendRecorded, recordSimulatedMatches } from '../support/recorded-ledger';
import { simulateMatch } from '../support/simulator';

// A ruling an older engine got wrong: the first foul of a simulated match, recorded as clean.
function withForgottenFoul(batches: LedgerEvent[][]): {
  batches: LedgerEvent[][];
  revision: number;
} {
  let revision = -1;
  let found = -1;
  const doctored = batches.map((batch) =>
    batch.map((e) => {
      revision += 1;
      if (found >= 0 || e.type !== 'ShotAdjudicated' || e.data.ruling.appliedFoul === null)
        return e;
      found = revision;
      return {
        ...e,
        data: {
          ...e.data,
          ruling: { ...e.data.ruling, fouls: [], appliedFoul: null, penalty: 'TURN_END' as const },
        },
      };
    }),
  );
  return { batches: doctored, revision: found };
}

describe('re-adjudication with the current engine', () => {
  it('a ledger recorded by this engine re-rules identically, shot for shot', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const ids = await recordSimulatedMatches(store, [4, 5, 6, 7]);
    const audit = new AuditService(store, new ReadModel(':memory:'), matchReplay(store));
    const all = await audit.readjudicate(null);
    expect(all.engineVersion).toBe(ENGINE_VERSION);
    expect(all.shotsChecked).toBeGreaterThan(40);
    expect(all.differences).toEqual([]);
    const one = await audit.readjudicate(ids[0]);
    expect(one.shotsChecked).toBeGreaterThan(0);
    expect(one.shotsChecked).toBeLessThan(all.shotsChecked);
    expect(one.differences).toEqual([]);
    await store.close();
  });

  it('reports a ruling recorded differently, where it is, and leaves the record alone', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await recordSimulatedMatches(store, [8]);
    const sim = simulateMatch(9, { matchId: 'old-engine', raceTo: 3 });
    const { batches, revision } = withForgottenFoul(sim.batches);
    expect(revision).toBeGreaterThan(0);
    await appendRecorded(store, 'old-engine', batches);
    // Appended with a valid chain: tampering is not the question here, the ruling is.
    expect((await verifyLedger(store)).ok).toBe(true);

    const audit = new AuditService(store, new ReadModel(':memory:'), matchReplay(store));
    const before = await store.readStream('match-old-engine');
    const report = await audit.readjudicate(null);
    expect(report.differences).toHaveLength(1);
    const d = report.differences[0];
    expect(d).toMatchObject({ matchId: 'old-engine', revision, refusal: null });
    expect([...d.fields].sort()).toEqual(['appliedFoul', 'fouls', 'penalty']);
    expect(d.recorded.appliedFoul).toBeNull();
    expect(d.current!.appliedFoul).not.toBeNull();
    const recordedShot = before[revision].data as { gameNumber: number; shotNumber: number };
    expect(d).toMatchObject({
      gameNumber: recordedShot.gameNumber,
      shotNumber: recordedShot.shotNumber,
    });
    expect(await audit.readjudicate('old-engine')).toMatchObject({ differences: [d] });
    // Nothing was written: the official record keeps the recorded ruling.
    expect(await store.readStream('match-old-engine')).toEqual(before);
    await store.close();
  });
});
