import { randomUUID } from 'node:crypto';
import {
  ANY,
  EventStoreError,
  NO_STREAM,
  STREAM_EXISTS,
  WrongExpectedRevisionError,
  type EventStore,
  type EventToAppend,
} from '../../../src/ledger/event-store';
import { evolve, gameNumberOf, type MatchState } from '../../../src/domain';
import { applyStored } from '../../../src/ledger/envelope';
import type { MetadataRead, StoredEvent } from '../../../src/ledger/event-store';
import { scanForFold } from '../../../src/ledger/fold-scan';
import { legacyLines, loadLegacyLedger } from '../../support/legacy-ledger';

// Every adapter must pass this suite unchanged (SQLite here, KurrentDB when a server is given).
// `live`: the store has a live subscription (subscribeAll), checked by the live-feed cases.
export function eventStoreContract(
  name: string,
  open: () => Promise<EventStore>,
  options: { live?: boolean } = {},
): void {
  describe(`${name}: event store contract`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    const stream = (): string => `match-${randomUUID()}`;
    const ev = (type: string, n: number): EventToAppend => ({
      eventId: randomUUID(),
      type,
      data: { n, nested: { list: [n, n + 1] } },
      metadata: { recordedBy: 'tester' },
    });

    it('appends to a new stream with NO_STREAM and reads the events back in order', async () => {
      const s = stream();
      const result = await store.append(s, [ev('A', 1), ev('B', 2)], NO_STREAM);
      expect(result.nextExpectedRevision).toBe(1);
      const read = await store.readStream(s);
      expect(read.map((e) => [e.revision, e.type, e.data])).toEqual([
        [0, 'A', { n: 1, nested: { list: [1, 2] } }],
        [1, 'B', { n: 2, nested: { list: [2, 3] } }],
      ]);
      expect(read[0].metadata).toEqual({ recordedBy: 'tester' });
      expect(read[1].position).toBe(result.position);
      // A writer gets back what it appended exactly as later readers will see it.
      expect(result.events).toEqual(read);
    });

    it('returns only the appended events, at their revisions, when the stream already had some', async () => {
      const s = stream();
      await store.append(s, [ev('A', 1)], NO_STREAM);
      const result = await store.append(s, [ev('B', 2), ev('C', 3)], 0);
      expect(result.events).toEqual(await store.readStream(s, { fromRevision: 1 }));
      expect(result.events.map((e) => [e.streamId, e.revision, e.type])).toEqual([
        [s, 1, 'B'],
        [s, 2, 'C'],
      ]);
    });

    it('reads correlation and causation ids back under the names they were written with', async () => {
      const s = stream();
      // KurrentDB stores them as $correlationId / $causationId, SQLite under its own names.
      const metadata = { commandId: 'c-1', correlationId: 'corr-9', causationId: null, n: 1 };
      const caused = { ...metadata, causationId: 'cause-3' };
      const written = await store.append(
        s,
        [
          { ...ev('A', 1), metadata },
          { ...ev('B', 2), metadata: caused },
        ],
        NO_STREAM,
      );
      const read = await store.readStream(s);
      expect(read.map((e) => e.metadata)).toEqual([metadata, caused]);
      expect(written.events.map((e) => e.metadata)).toEqual([metadata, caused]);
      const feed = (await store.readAll()).filter((e) => e.streamId === s);
      expect(feed.map((e) => e.metadata)).toEqual([metadata, caused]);
    });

    it('reads a missing stream as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('refuses NO_STREAM on an existing stream and STREAM_EXISTS on a missing one, writing nothing', async () => {
      const s = stream();
      await store.append(s, [ev('A', 1)], NO_STREAM);
      await expect(store.append(s, [ev('A', 2)], NO_STREAM)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      const other = stream();
      await expect(store.append(other, [ev('A', 1)], STREAM_EXISTS)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(await store.readStream(s)).toHaveLength(1);
      expect(await store.readStream(other)).toHaveLength(0);
    });

    it('appends at the exact expected revision and refuses a stale one with the actual revision', async () => {
      const s = stream();
      await store.append(s, [ev('A', 1), ev('A', 2)], NO_STREAM);
      await store.append(s, [ev('A', 3)], 1);
      const err = await store.append(s, [ev('A', 4)], 1).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WrongExpectedRevisionError);
      expect((err as WrongExpectedRevisionError).actual).toBe(2);
      expect((err as WrongExpectedRevisionError).code).toBe('CONFLICT');
      expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2]);
    });

    it('ANY appends whatever the revision', async () => {
      const s = stream();
      await store.append(s, [ev('A', 1)], ANY);
      await store.append(s, [ev('A', 2)], ANY);
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('acknowledges a retried append (same ids, same expected revision) without duplicating it', async () => {
      const s = stream();
      await store.append(s, [ev('A', 0)], NO_STREAM);
      const batch = [ev('B', 1), ev('B', 2)];
      const first = await store.append(s, batch, 0);
      const retry = await store.append(s, batch, 0);
      expect(retry).toEqual(first);
      expect(await store.readStream(s)).toHaveLength(3);
      // A different batch at the same stale revision is a conflict, not a retry.
      await expect(store.append(s, [ev('C', 1), ev('C', 2)], 0)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
    });

    it('appends all events of one call or none: a batch that fails part-way leaves the stream unchanged', async () => {
      const s = stream();
      const first = ev('A', 1);
      await store.append(s, [first], NO_STREAM);
      // The second event reuses an id already in the ledger, so the batch fails after one insert.
      const err = await store
        .append(s, [ev('B', 0), { ...ev('B', 1), eventId: first.eventId }], 0)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EventStoreError);
      expect((err as EventStoreError).code).toBe('DUPLICATE_EVENT_ID');
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A']);
    });

    it('refuses a batch that repeats an event id, with a typed error', async () => {
      const s = stream();
      const dup = ev('B', 1);
      const err = await store.append(s, [dup, dup], NO_STREAM).catch((e: unknown) => e);
      expect((err as EventStoreError).code).toBe('INVALID_APPEND');
      expect(await store.readStream(s)).toEqual([]);
    });

    it('reads a stream forward from a revision, with a maximum count', async () => {
      const s = stream();
      await store.append(
        s,
        [1, 2, 3, 4, 5].map((n) => ev('A', n)),
        NO_STREAM,
      );
      const page = await store.readStream(s, { fromRevision: 2, maxCount: 2 });
      expect(page.map((e) => e.revision)).toEqual([2, 3]);
    });

    it('reads the global feed in commit order from an exclusive position', async () => {
      const before = await store.readAll();
      const start = before.length ? before[before.length - 1].position : undefined;
      const s1 = stream();
      const s2 = stream();
      await store.append(s1, [ev('A', 1)], NO_STREAM);
      await store.append(s2, [ev('B', 1), ev('B', 2)], NO_STREAM);
      await store.append(s1, [ev('A', 2)], 0);
      const feed = await store.readAll({ after: start });
      expect(feed.map((e) => `${e.streamId === s1 ? 's1' : 's2'}:${e.revision}`)).toEqual([
        's1:0',
        's2:0',
        's2:1',
        's1:1',
      ]);
      const positions = feed.map((e) => e.position);
      expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
      const rest = await store.readAll({ after: feed[1].position });
      expect(rest.map((e) => e.eventId)).toEqual(feed.slice(2).map((e) => e.eventId));
      const limited = await store.readAll({ after: start, maxCount: 1 });
      expect(limited).toHaveLength(1);
    });

    // A fold's read may leave out metadata a fold does not read (SQLite: command fields, hashes),
    // never what it does: the legacy fixture's version-1 events upcast and its games derived alike
    // (its matches with an appeal decided or a shot corrected, whose events are upcast the most).
    it("reads for a fold (metadata 'fold'): the same events and the same folds as a full read", async () => {
      const amended = new Set(
        legacyLines()
          .filter((l) => l.type === 'AppealDecided' || l.type === 'ShotCorrected')
          .map((l) => l.streamId),
      );
      await loadLegacyLedger(store, (s) => amended.has(s));
      const feed = async (metadata: MetadataRead) => {
        const events: StoredEvent[] = [];
        for (let after: bigint | undefined; ; ) {
          const page = await store.readAll({ after, maxCount: 97, metadata });
          events.push(...page.filter((e) => amended.has(e.streamId)));
          if (page.length < 97) return events;
          after = page[page.length - 1].position;
        }
      };
      const [full, lean] = [await feed('all'), await feed('fold')];
      const bare = ({ metadata: _, ...e }: StoredEvent) => e;
      expect(lean.map(bare)).toEqual(full.map(bare));
      lean.forEach((e, i) => {
        const all = full[i].metadata as Record<string, unknown>;
        const own = e.metadata as Record<string, unknown>;
        expect(all).toMatchObject(own);
        expect([own.schemaVersion, own.gameNumber]).toEqual([all.schemaVersion, all.gameNumber]);
      });
      const folds = (events: StoredEvent[]) => {
        const states = new Map<string, MatchState | null>();
        return events.map((e) => {
          const applied = applyStored(states.get(e.streamId) ?? null, e, evolve, gameNumberOf);
          states.set(e.streamId, applied.state);
          return [applied.event, applied.gameNumber, applied.state];
        });
      };
      expect(lean).toHaveLength(54);
      expect(folds(lean)).toEqual(folds(full));
      const one = full[full.length - 1].streamId;
      expect(folds(await store.readStream(one, { metadata: 'fold' }))).toEqual(
        folds(await store.readStream(one)),
      );
    });

    // The fold scan (the store's own where it has one, readAll's pages otherwise) visits the feed
    // after a position in order, once each, as a fold read gives it, and ends on its last position.
    it('scans the feed for a fold: every event after a position once, in order, as a fold read', async () => {
      const [a, b] = [stream(), stream()];
      await store.append(a, [ev('A', 0), ev('A', 1)], NO_STREAM);
      await store.append(b, [ev('B', 0), ev('B', 1), ev('B', 2)], NO_STREAM);
      await store.append(a, [ev('A', 2)], 1);
      const ours = (e: StoredEvent) => e.streamId === a || e.streamId === b;
      const feed = await store.readAll({ metadata: 'fold' });
      const end = feed[feed.length - 1].position;
      const all = feed.filter(ours);
      expect(all).toHaveLength(6);
      for (const after of [undefined, all[1].position]) {
        const seen: StoredEvent[] = [];
        const last = await scanForFold(store, (e) => ours(e) && seen.push(e), {
          after,
          pageSize: 2,
        });
        const expected = all.filter((e) => after === undefined || e.position > after);
        expect(seen).toEqual(expected);
        expect(last).toBe(end);
      }
      // Past the end: nothing visited, and the position it started from.
      const none: StoredEvent[] = [];
      expect(await scanForFold(store, (e) => ours(e) && none.push(e), { after: end })).toBe(end);
      expect(none).toEqual([]);
    });

    it('lets exactly one of many concurrent writers at the same revision land', async () => {
      const s = stream();
      await store.append(s, [ev('A', 0)], NO_STREAM);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => store.append(s, [ev('Race', i)], 0)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected.every((r) => r.reason instanceof WrongExpectedRevisionError)).toBe(true);
      expect(await store.readStream(s)).toHaveLength(2);
    });

    // The live feed, on stores that have one (KurrentDB; SQLite's writers follow by catch-up).
    const live = options.live ? it : it.skip;

    live(
      'subscribes from an exclusive position and delivers later appends live, in order',
      async () => {
        const s = stream();
        await store.append(s, [ev('A', 1), ev('B', 2)], NO_STREAM);
        const [, second] = await store.readStream(s);
        const sub = store.subscribeAll!({ after: second.position });
        const seen: string[] = [];
        const reading = (async () => {
          for await (const e of sub) {
            if (e.streamId !== s) continue;
            seen.push(e.type);
            if (seen.length === 2) break;
          }
        })();
        await store.append(s, [ev('C', 3)], 1);
        await store.append(s, [ev('D', 4)], 2);
        await reading;
        await sub.close();
        expect(seen).toEqual(['C', 'D']);
      },
    );

    live(
      'resumes after a closed subscription from its last position with no gap or duplicate',
      async () => {
        const s = stream();
        await store.append(s, [ev('A', 1)], NO_STREAM);
        const [first] = await store.readStream(s);
        const take = async (after: bigint, n: number) => {
          const sub = store.subscribeAll!({ after });
          const got: { type: string; position: bigint }[] = [];
          for await (const e of sub) {
            if (e.streamId !== s) continue;
            got.push({ type: e.type, position: e.position });
            if (got.length === n) break;
          }
          await sub.close();
          return got;
        };
        await store.append(s, [ev('B', 2), ev('C', 3), ev('D', 4)], 0);
        const one = await take(first.position, 1);
        const rest = await take(one[0].position, 2);
        expect([...one, ...rest].map((e) => e.type)).toEqual(['B', 'C', 'D']);
      },
    );

    live('ends the iteration when the subscription is closed', async () => {
      const s = stream();
      await store.append(s, [ev('A', 1)], NO_STREAM);
      const [first] = await store.readStream(s);
      const sub = store.subscribeAll!({ after: first.position });
      const done = (async () => {
        for await (const _ of sub) void _;
        return 'ended';
      })();
      await new Promise((r) => setTimeout(r, 20));
      await sub.close();
      await expect(done).resolves.toBe('ended');
    });
  });
}
