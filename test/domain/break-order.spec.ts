import type { BreakOrderRule } from '../../src/domain/table/vocabulary';
import { Table } from '../support/match-fixtures';
import { A, B, winGame } from './eight-ball-scenarios';

// Plays a race-to-3 match with the given game winners and returns, for every game played, who
// broke it, together with the GameStarted events of games 2.. (rule G1.34).
function playRace(rule: BreakOrderRule, firstBreaker: string, winners: string[]) {
  const t = new Table({ raceTo: 3, breakOrder: rule, breaker: firstBreaker });
  for (const w of winners) winGame(t, w);
  const starts = t.history.filter((e) => e.type === 'GameStarted');
  return { t, breakers: t.state.games.map((g) => g.breaker), starts };
}

describe('next game breaker (G1.34) over a race-to-3 match', () => {
  // Ana breaks game 1; winners A, A, B, A → 1-0, 2-0, 2-1, 3-1 (no tie on the way).
  it.each<[BreakOrderRule, string[]]>([
    ['WINNER', [A, A, A, B]],
    ['LOSER', [A, B, B, A]],
    ['ALTERNATE', [A, B, A, B]],
    ['LEADER', [A, A, A, A]],
    ['TRAILER', [A, B, B, B]],
  ])('G1.34 [%s]: games won by Ana, Ana, Bruno, Ana are broken by %j', (rule, expected) => {
    const { t, breakers, starts } = playRace(rule, A, [A, A, B, A]);
    expect(breakers).toEqual(expected);
    // Every next game is started under G1.34, as a NEXT_GAME with a fresh rack.
    expect(starts.slice(1).map((e) => e.type === 'GameStarted' && e.data)).toEqual(
      expected.slice(1).map((breaker, i) =>
        expect.objectContaining({
          gameNumber: i + 2,
          rack: 1,
          breaker,
          reason: 'NEXT_GAME',
          rule: 'G1.34',
        }),
      ),
    );
    expect(t.state.score).toEqual({ [A]: 3, [B]: 1 });
    expect(t.state.status).toBe('COMPLETED');
  });

  // Bruno breaks game 1; winners B, B, A, B → 0-1, 0-2, 1-2, 1-3.
  it.each<[BreakOrderRule, string[]]>([
    ['WINNER', [B, B, B, A]],
    ['LOSER', [B, A, A, B]],
    ['ALTERNATE', [B, A, B, A]],
    ['LEADER', [B, B, B, B]],
    ['TRAILER', [B, A, A, A]],
  ])(
    'G1.34 [%s]: with Bruno breaking first and winning B, B, A, B the breakers are %j',
    (rule, expected) => {
      const { t, breakers } = playRace(rule, B, [B, B, A, B]);
      expect(breakers).toEqual(expected);
      expect(t.state.winner).toBe(B);
    },
  );

  it.each<[BreakOrderRule, string[]]>([
    ['LEADER', [A, A, B]],
    ['TRAILER', [A, B, A]],
  ])(
    'G1.34 [%s]: on a tied score there is no leader or trailer; the break alternates (decision documented in break-order.ts; the book is silent)',
    (rule, expected) => {
      // Winners A then B: 1-0, then 1-1 (tie) before game 3.
      const { breakers, t } = playRace(rule, A, [A, B]);
      expect(t.state.score).toEqual({ [A]: 1, [B]: 1 });
      expect([...breakers, t.state.currentGame!.breaker]).toEqual(expected);
    },
  );

  it('G1.34, E8.1: the third win ends the race-to-3 match: MatchEnded and no further GameStarted', () => {
    const { t } = playRace('ALTERNATE', A, [B, A, B, A, B]);
    const last = t.history.slice(-2).map((e) => e.type);
    expect(last).toEqual(['GameEnded', 'MatchEnded']);
    expect(t.state.games).toHaveLength(5);
    expect(t.history.filter((e) => e.type === 'GameStarted')).toHaveLength(5);
    expect(t.state.score).toEqual({ [A]: 2, [B]: 3 });
    expect(t.state.winner).toBe(B);
  });
});
