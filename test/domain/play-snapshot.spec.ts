import type { PlaySnapshot } from '../../src/domain/events/play-snapshot';
import { evolve } from '../../src/domain/match/evolve';
import { fromPlaySnapshot, toPlaySnapshot } from '../../src/domain/match/play-snapshot';
import type { MatchState } from '../../src/domain/match/state';
import { toDomain } from '../../src/ledger/envelope';
import { legacyLines } from '../support/legacy-ledger';

// The play snapshot inside ShotCorrected and AppealDecided is a stored contract: every snapshot
// already in a ledger must read into a state and write back to exactly the JSON stored.
describe('the stored play snapshot', () => {
  const stored: { raw: string; state: MatchState }[] = [];
  const states = new Map<string, MatchState | null>();
  for (const l of legacyLines()) {
    const e = toDomain({ ...l, position: 0n });
    const state = states.get(l.streamId) ?? null;
    if (e.type === 'ShotCorrected' || e.type === 'AppealDecided') {
      const d = e.data as unknown as Record<string, PlaySnapshot | null>;
      for (const key of ['resulting', 'recorded', 'amended'])
        if (d[key]) stored.push({ raw: JSON.stringify(d[key]), state: state! });
    }
    states.set(l.streamId, evolve(state, e));
  }

  it('is present in the legacy ledger, with and without a game in progress', () => {
    const parsed = stored.map((s) => JSON.parse(s.raw) as PlaySnapshot);
    expect(parsed.some((p) => p.currentGame !== null)).toBe(true);
    expect(parsed.some((p) => p.games.length > 0)).toBe(true);
  });

  it('round-trips byte for byte: stored snapshot -> state -> snapshot', () => {
    for (const { raw, state } of stored) {
      const part = fromPlaySnapshot(JSON.parse(raw) as PlaySnapshot);
      expect(JSON.stringify(toPlaySnapshot({ ...state, ...part }))).toBe(raw);
    }
  });

  it('shares no objects with the state it was taken from', () => {
    const { state } = stored.find((s) => s.state.currentGame !== null)!;
    const snapshot = toPlaySnapshot(state);
    snapshot.currentGame!.ballsOnTable.push(99);
    snapshot.score.x = 1;
    expect(state.currentGame!.ballsOnTable).not.toContain(99);
    expect(state.score.x).toBeUndefined();
  });
});
