import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { LedgerMetrics } from '../../src/metrics/ledger-metrics';
import { measureProjector } from '../../src/metrics/projector-metrics';
import { timedEventStore } from '../../src/metrics/timed-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { recordSimulatedMatches } from '../support/recorded-ledger';

async function sample(metrics: LedgerMetrics, name: string, labels = ''): Promise<number> {
  const line = (await metrics.text())
    .split('\n')
    .find((l) => l.startsWith(`${name}${labels} `) || l.startsWith(`${name}${labels}{`));
  return Number(line?.split(' ').at(-1));
}

describe('projector metrics: lag in seconds and rebuild progress', () => {
  it('a read model behind the ledger: lag is the age of the oldest unapplied event, progress the applied share', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await recordSimulatedMatches(store, [21, 22]);
    const [oldest] = await store.readAll({ maxCount: 1 });
    const recordedAt = Date.parse((oldest.metadata as { recordedAt: string }).recordedAt);
    const metrics = new LedgerMetrics();
    const projector = new MatchProjector(store, new ReadModel(':memory:'));
    let now = recordedAt + 90_000;
    measureProjector(metrics, projector, store, () => now);

    const total = (await store.readAll()).length;
    expect(await sample(metrics, 'cue_ledger_projector_lag_events')).toBe(total);
    expect(await sample(metrics, 'cue_ledger_projector_lag_seconds')).toBe(90);
    expect(await sample(metrics, 'cue_ledger_rebuild_progress_ratio')).toBe(0);

    await projector.catchUp();
    now += 5000;
    expect(await sample(metrics, 'cue_ledger_projector_lag_events')).toBe(0);
    expect(await sample(metrics, 'cue_ledger_projector_lag_seconds')).toBe(0);
    expect(await sample(metrics, 'cue_ledger_rebuild_progress_ratio')).toBe(1);
    expect(await sample(metrics, 'cue_ledger_projected_events_total')).toBe(total);
  });

  it('part way: progress is the share applied so far', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await recordSimulatedMatches(store, [23]);
    const total = (await store.readAll()).length;
    const head = await store.readAll({ maxCount: 10 });
    // A read model that applied the first 10 events only.
    const partial = Object.assign(Object.create(store) as SqliteEventStore, {
      readAll: () => Promise.resolve(head),
    });
    const readModel = new ReadModel(':memory:');
    await new MatchProjector(partial, readModel).catchUp();
    const metrics = new LedgerMetrics();
    measureProjector(metrics, new MatchProjector(store, readModel), store);
    expect(await sample(metrics, 'cue_ledger_rebuild_progress_ratio')).toBeCloseTo(10 / total, 6);
  });

  it('times every append into the histogram, conflicts apart', async () => {
    const metrics = new LedgerMetrics();
    const store = timedEventStore(new SqliteEventStore({ filename: ':memory:' }), metrics);
    const e = (id: string) => ({ eventId: id, type: 'T', data: {}, metadata: {} });
    await store.append('match-a', [e('1')], 'no_stream');
    await store.append('match-a', [e('2')], 0);
    await expect(store.append('match-a', [e('3')], 0)).rejects.toMatchObject({ code: 'CONFLICT' });
    const name = 'cue_ledger_append_duration_seconds_count';
    expect(await sample(metrics, name, '{outcome="ok"}')).toBe(2);
    expect(await sample(metrics, name, '{outcome="conflict"}')).toBe(1);
    expect(typeof store.readHeads).toBe('function');
    expect(store.subscribeAll).toBeUndefined();
  });
});
