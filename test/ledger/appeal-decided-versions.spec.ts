import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { liftPlaySnapshotV1, type PlaySnapshotV1 } from '../../src/domain/events/play-snapshot';
import type { AppealDecided, LedgerEvent } from '../../src/domain';
import { matchStream, toDomain } from '../../src/ledger/envelope';
import type { StoredEvent } from '../../src/ledger/event-store';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { legacyLines, loadLegacyLedger } from '../support/legacy-ledger';
import { ANA, BRUNO, Table } from '../support/match-fixtures';
import { appendRecorded } from '../support/recorded-ledger';

// Stored events are never rewritten: AppealDecided version 1 said UPHELD / OVERTURNED, version 2
// says DISMISSED / ALLOWED, version 3's ruling lists its warnings (warningsIssued, A14) and its play snapshots count strokes
// apart from records, where the
// older ones named one (warningIssued), and an older event is upcast when it is read (toDomain).

const decidedIn = (stored: StoredEvent[]) => stored.filter((e) => e.type === 'AppealDecided');

describe('AppealDecided version 1, read from a store', () => {
  const store = new SqliteEventStore({ filename: ':memory:' });
  beforeAll(() => loadLegacyLedger(store));
  afterAll(() => store.close());

  async function storedDecisions(): Promise<StoredEvent[]> {
    const streams = [...new Set(legacyLines().map((l) => l.streamId))];
    const all = await Promise.all(streams.map((s) => store.readStream(s)));
    return decidedIn(all.flat());
  }

  it('is upcast to version 3: UPHELD reads DISMISSED, OVERTURNED reads ALLOWED, the ruling lists its warnings, nothing else changes', async () => {
    const stored = await storedDecisions();
    const words = stored.map((s) => {
      const e = toDomain(s) as AppealDecided;
      expect(e.version).toBe(3);
      // Explanations and everything else stay as stored: they are data.
      const { warningIssued, ...ruling } = (s.data as { ruling: Record<string, unknown> | null })
        .ruling ?? { warningIssued: undefined };
      expect(e.data.ruling).toEqual(
        s.data && (s.data as { ruling: unknown }).ruling
          ? { ...ruling, warningsIssued: warningIssued ? [warningIssued] : [] }
          : null,
      );
      // Its play snapshots are lifted to version 2 (see play-snapshot.ts), the rest is as stored.
      const snapshots = {
        outcome: null,
        ruling: null,
        recorded: null,
        amended: null,
        resulting: null,
      };
      expect({ ...e.data, ...snapshots }).toEqual({ ...(s.data as object), ...snapshots });
      const stored = s.data as Record<string, PlaySnapshotV1 | null>;
      for (const k of ['recorded', 'amended', 'resulting'] as const)
        expect(e.data[k]).toEqual(liftPlaySnapshotV1(stored[k]));
      return [
        (s.metadata as { schemaVersion: number }).schemaVersion,
        (s.data as { outcome: string }).outcome,
        e.data.outcome,
      ];
    });
    expect(words).toEqual(
      expect.arrayContaining([
        [1, 'UPHELD', 'DISMISSED'],
        [1, 'OVERTURNED', 'ALLOWED'],
      ]),
    );
    expect(words.every(([, , now]) => now === 'DISMISSED' || now === 'ALLOWED')).toBe(true);
  });

  it('stays as stored: the store still holds the old words and every chain verifies', async () => {
    const outcomes = (await storedDecisions()).map((s) => (s.data as { outcome: string }).outcome);
    expect(new Set(outcomes)).toEqual(new Set(['UPHELD', 'OVERTURNED']));
    expect(await verifyLedger(store)).toMatchObject({ ok: true, breaks: [] });
  });

  it('with an outcome version 1 never had is refused, not guessed', () => {
    const [line] = legacyLines().filter((l) => l.type === 'AppealDecided');
    const odd = { ...line, position: 0n, data: { ...(line.data as object), outcome: 'ALLOWED' } };
    expect(() => toDomain(odd)).toThrow(/version-1 appeal outcome ALLOWED/);
  });
});

describe('AppealDecided version 3, as the write path stores it', () => {
  const store = new SqliteEventStore({ filename: ':memory:' });
  afterAll(() => store.close());

  // Ana breaks and pockets the 3; Ana and Bruno both appeal the break (a decision is final, so
  // both are filed before either is decided); the committee dismisses A1 and allows A2.
  function decided(): LedgerEvent[] {
    const t = new Table();
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    const against = t.history.length - 1;
    const file = (by: string, grounds: string) =>
      t.run({
        type: 'FileAppeal',
        by,
        againstRevision: against,
        grounds,
        proposal: { kind: 'REPLAY_GAME' },
      });
    const decide = (appealId: string, outcome: 'DISMISSED' | 'ALLOWED') =>
      t.run({
        type: 'DecideAppeal',
        appealId,
        decidedBy: 'ac-1',
        outcome,
        reason: 'Seen on video',
      });
    file(ANA.id, 'The rack was loose');
    file(BRUNO.id, 'The rack was loose, and the referee agrees');
    decide('A1', 'DISMISSED');
    decide('A2', 'ALLOWED');
    return t.history;
  }

  it('is stored with schema version 3 and the new words, and reads back as stored', async () => {
    await appendRecorded(store, 'm1', [decided()]);
    const stored = decidedIn(await store.readStream(matchStream('m1')));
    expect(
      stored.map((s) => [
        (s.metadata as { schemaVersion: number }).schemaVersion,
        (s.data as { outcome: string }).outcome,
      ]),
    ).toEqual([
      [3, 'DISMISSED'],
      [3, 'ALLOWED'],
    ]);
    for (const s of stored)
      expect(toDomain(s)).toEqual({ type: 'AppealDecided', version: 3, data: s.data });
    expect(await verifyLedger(store)).toMatchObject({ ok: true, breaks: [] });
  });
});
