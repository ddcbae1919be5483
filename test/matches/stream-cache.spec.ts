import { evolve, type LedgerEvent, type MatchCommand, type MatchState } from '../../src/domain';
import { toDomain } from '../../src/ledger/envelope';
import { EventStoreError, type EventStore } from '../../src/ledger/event-store';
import { KurrentDbEventStore } from '../../src/ledger/kurrentdb/kurrentdb-event-store';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import type { CommandContext } from '../../src/kernel/command-context';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { StreamCache } from '../../src/streams/stream-cache';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { FakeKurrentDbClient } from '../support/fake-kurrentdb-client';
import { tickingClock } from '../support/recorded-ledger';
import { simulateMatch } from '../support/simulator';

const ctx = (commandId: string): CommandContext => ({
  actor: 'scorer-1',
  role: 'ADMIN',
  access: { scope: 'ANY' },
  origin: 'test',
  commandId,
  correlationId: 'stream-cache',
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

const writer = (store: EventStore) =>
  new MatchCommandService(
    store,
    new MatchProjector(store, new ReadModel(':memory:')),
    tickingClock(),
  );

function play(service: MatchCommandService, matchId: string, command: MatchCommand, id: string) {
  return command.type === 'ScheduleMatch'
    ? service.schedule(command, ctx(id))
    : service.handle(matchId, command, ctx(id));
}

async function foldOf(store: EventStore, matchId: string): Promise<MatchState | null> {
  let state: MatchState | null = null;
  for (const e of await store.readStream(`match-${matchId}`)) state = evolve(state, toDomain(e));
  return state;
}

const codeOf = (err: unknown) => (err instanceof EventStoreError ? err.code : err);

describe('folded streams kept between writes', () => {
  it('two writers taking turns on one match each decide on the whole stream, never a stale fold', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const [a, b] = [writer(store), writer(store)];
    const sim = simulateMatch(11, { matchId: 'turns', raceTo: 2 });
    for (const [i, command] of sim.commands.entries()) {
      // Runs of two commands each, so each writer's fold falls behind the other's appends.
      const outcome = await play(Math.floor(i / 2) % 2 ? b : a, 'turns', command, `t-${i}`);
      expect(outcome.state).toEqual(await foldOf(store, 'turns'));
    }
    expect((await foldOf(store, 'turns'))!.status).toBe('COMPLETED');
    await store.close();
  });

  it('recognises a retry of a command written several commands ago, and a reused id', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const service = writer(store);
    const sim = simulateMatch(12, { matchId: 'retry' });
    const outcomes = [];
    for (const [i, c] of sim.commands.slice(0, 8).entries())
      outcomes.push(await play(service, 'retry', c, `r-${i}`));
    const again = await play(service, 'retry', sim.commands[3], 'r-3');
    expect(again.events.map((r) => r.stored)).toEqual(outcomes[3].events.map((r) => r.stored));
    expect(again.state).toEqual(outcomes[3].state);
    await expect(play(service, 'retry', sim.commands[5], 'r-3')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await store.readStream('match-retry')).toHaveLength(outcomes[7].state.version);
    await store.close();
  });

  it('keeps at most the configured streams, reading an evicted one again from its start', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const service = writer(store);
    for (const n of [1, 2, 3])
      for (const [i, c] of simulateMatch(n, { matchId: `m${n}` })
        .commands.slice(0, 3)
        .entries())
        await play(service, `m${n}`, c, `m${n}-${i}`);
    const fold = (s: MatchState | null, e: LedgerEvent) => evolve(s, e)!;
    const cache = new StreamCache(store, fold, { streams: 2, events: 1_000 });
    const reads = jest.spyOn(store, 'readStream');
    for (const id of ['m1', 'm2', 'm3', 'm2', 'm1']) await cache.load(`match-${id}`);
    expect(reads.mock.calls.map(([s, o]) => [s, (o?.fromRevision ?? 0) > 0])).toEqual([
      ['match-m1', false],
      ['match-m2', false],
      ['match-m3', false],
      ['match-m2', true],
      ['match-m1', false],
    ]);
    await store.close();
  });
});

describe('folded streams on KurrentDB, whose own API can cut a stream short', () => {
  async function warmWriter() {
    const cluster = new FakeKurrentDbClient();
    const store = new KurrentDbEventStore(cluster.asClient());
    const service = writer(store);
    const sim = simulateMatch(5, { profile: 'WPA', breakOrder: 'ALTERNATE', matchId: 'k-5' });
    for (const [i, c] of sim.commands.slice(0, 6).entries())
      await play(service, 'k-5', c, `k-${i}`);
    const next = () => play(service, 'k-5', sim.commands[6], 'k-6');
    return { cluster, next };
  }

  it('a writer that holds the stream folded still refuses a truncated stream (STREAM_TRUNCATED)', async () => {
    const { cluster, next } = await warmWriter();
    await cluster.setStreamMetadata('match-k-5', { truncateBefore: 2 });
    await expect(next().catch(codeOf)).resolves.toBe('STREAM_TRUNCATED');
  });

  it('and a tombstoned one (STREAM_DELETED)', async () => {
    const { cluster, next } = await warmWriter();
    await cluster.tombstoneStream('match-k-5');
    await expect(next().catch(codeOf)).resolves.toBe('STREAM_DELETED');
  });
});
