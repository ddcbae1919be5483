import { randomUUID } from 'node:crypto';
import { EventStoreError, NO_STREAM, type EventToAppend } from '../../../src/ledger/event-store';
import { KurrentDbEventStore } from '../../../src/ledger/kurrentdb/kurrentdb-event-store';
import { KnownIds } from '../../../src/ledger/kurrentdb/known-ids';
import { FakeKurrentDbClient } from '../../support/fake-kurrentdb-client';

const ev = (id: string = randomUUID()): EventToAppend => ({
  eventId: id,
  type: 'ShotCalled',
  data: { n: id },
  metadata: {},
});

const codeOf = (err: unknown) => (err instanceof EventStoreError ? err.code : err);

// An append refuses an event id already in its stream; on KurrentDB the adapter checks the ids
// itself, and reads for it only the events it has not seen.
describe('KurrentDB adapter: event ids already in a stream', () => {
  it('an append after this store’s own reads only the events since, not the whole stream', async () => {
    const cluster = new FakeKurrentDbClient();
    const store = new KurrentDbEventStore(cluster.asClient());
    const s = 'match-long';
    await store.append(s, [ev()], NO_STREAM);
    for (let revision = 0; revision < 300; revision++) await store.append(s, [ev()], revision);
    cluster.calls.length = 0;
    await store.append(s, [ev()], 300);
    const reads = cluster.calls.filter((c) => c.op === 'readStream' && c.stream === s);
    // The stream's first event (it must still start at 0), then the appended event read back.
    expect(reads.map(({ from, max }) => ({ from, max }))).toEqual([
      { from: 0, max: 1 },
      { from: 301, max: 1 },
    ]);
  });

  it('still refuses an id another replica wrote since, and one written long before', async () => {
    const cluster = new FakeKurrentDbClient();
    const a = new KurrentDbEventStore(cluster.asClient());
    const b = new KurrentDbEventStore(cluster.asClient());
    const s = 'match-shared';
    const first = ev();
    await a.append(s, [first, ev()], NO_STREAM);
    const byB = ev();
    await b.append(s, [byB], 1);
    expect(codeOf(await a.append(s, [ev(byB.eventId)], 2).catch((e: unknown) => e))).toBe(
      'DUPLICATE_EVENT_ID',
    );
    expect(codeOf(await a.append(s, [ev(first.eventId)], 2).catch((e: unknown) => e))).toBe(
      'DUPLICATE_EVENT_ID',
    );
    expect(codeOf(await b.append(s, [ev(first.eventId)], 2).catch((e: unknown) => e))).toBe(
      'DUPLICATE_EVENT_ID',
    );
    expect((await a.readStream(s)).map((e) => e.eventId)).toEqual([
      first.eventId,
      expect.any(String),
      byB.eventId,
    ]);
  });

  it('acknowledges a retried append whose events it has already seen', async () => {
    const cluster = new FakeKurrentDbClient();
    const store = new KurrentDbEventStore(cluster.asClient());
    const s = 'match-retry';
    await store.append(s, [ev()], NO_STREAM);
    const batch = [ev(), ev()];
    const once = await store.append(s, batch, 0);
    // The acknowledgement was lost: the same append again, at the same expected revision.
    const again = await store.append(s, batch, 0);
    expect(again.events.map((e) => e.eventId)).toEqual(once.events.map((e) => e.eventId));
    expect(await store.readStream(s)).toHaveLength(3);
  });
});

describe('KnownIds', () => {
  it('keeps at most its limits, least recently used stream first out', () => {
    const known = new KnownIds({ streams: 2, ids: 5 });
    const events = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ eventId: `e${from + i}`, revision: from + i }));
    known.extend('a', events(0, 2));
    known.extend('b', events(0, 2));
    known.entry('a');
    known.extend('c', events(0, 2));
    // b was used least recently: gone; a and c kept.
    expect(known.entry('b').revision).toBe(-1);
    known.forget('b');
    expect(known.entry('a').revision).toBe(1);
    known.extend('c', events(2, 2));
    // 6 ids over the limit of 5: a goes.
    expect(known.entry('c').revision).toBe(3);
    expect(known.entry('a').revision).toBe(-1);
  });

  it('forgets a stream whose events do not follow what it holds', () => {
    const known = new KnownIds();
    known.extend('a', [{ eventId: 'x', revision: 0 }]);
    known.extend('a', [{ eventId: 'y', revision: 2 }]);
    expect(known.entry('a').ids.size).toBe(0);
  });
});
