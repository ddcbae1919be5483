import {
  ratios,
  statsOfRecorded,
  totalOf,
  type Counters,
  type MatchStats,
} from '../../src/domain/stats';
import type { Pocket } from '../../src/domain/table/vocabulary';
import { recordedHistory } from '../support/decider-spec';
import { revisionOf, Table } from '../support/match-fixtures';
import {
  A,
  B,
  CUE_TO_RAIL,
  NINE,
  TEN,
  anaOnTwoFouls,
  down,
  legalBreak,
  rack,
  safeMiss,
  scratch,
  warnTwoFouls,
} from '../domain/rotation-scenarios';

// Each stat of docs/stats.md on a match played through the real decider; every expected figure
// is counted by hand from the shots written out in the test.

function stats(t: Table): MatchStats {
  return statsOfRecorded(recordedHistory(t.history).events);
}

// A player's figures over the whole match.
function of(t: Table, player: string): Counters {
  return totalOf(
    stats(t)
      .rows.filter((r) => r.player === player)
      .map((r) => r.counters),
  );
}

// The balls from `from` to `to`, each pocketed in turn by `player` (9-ball: lowest ball first).
// 10-ball calls each ball (T10.4).
function runBalls(t: Table, player: string, from: number, to: number, pocket: Pocket = 'FL') {
  for (let b = from; b <= to; b++) {
    if (t.state.discipline === 'TEN_BALL') t.call(player, b, pocket);
    t.shoot(player, { firstContact: b, pocketed: [{ ball: b, pocket }] });
  }
}

function pushOut(t: Table, player: string): void {
  t.run({
    type: 'CallShot',
    player,
    call: { ball: null, pocket: null, safety: false, pushOut: true },
  });
}

function safety(t: Table, player: string): void {
  t.run({ type: 'CallShot', player, call: { ball: null, pocket: null, safety: true } });
}

function appealAllowed(
  t: Table,
  by: string,
  againstRevision: number,
  proposal: { kind: 'REPLAY_GAME' } | { kind: 'AWARD_GAME'; player: string },
): void {
  t.run({ type: 'FileAppeal', by, againstRevision, grounds: 'as seen on video', proposal });
  const appealId = `A${t.state.appeals.length}`;
  t.run({
    type: 'DecideAppeal',
    appealId,
    decidedBy: 'committee',
    outcome: 'ALLOWED',
    reason: 'video',
  });
}

describe('break-and-run (N9.1)', () => {
  it('Ana breaks the 1 in and pockets the 2 to the 9 in one inning', () => {
    const t = rack(NINE, { raceTo: 1 });
    legalBreak(t, down([1, 'FL']));
    runBalls(t, A, 2, 9);
    expect(of(t, A)).toMatchObject({
      breaks: 1,
      dryBreaks: 0,
      breakBalls: 1,
      breakAndRuns: 1,
      runouts: 1,
      tableRuns: 0,
      winsOnBreak: 0,
      innings: 1,
      longestRun: 9,
      shots: 9,
      ballsPocketed: 9,
      gamesPlayed: 1,
      gamesWon: 1,
      inningsInWonGames: 1,
      matchesPlayed: 1,
      matchesWon: 1,
    });
    expect(ratios(of(t, A))).toMatchObject({
      ballsPerInning: 9,
      inningsPerGameWon: 1,
      matchWinRate: 1,
    });
    expect(of(t, B)).toMatchObject({
      innings: 0,
      shots: 0,
      gamesPlayed: 1,
      gamesWon: 0,
      matchesWon: 0,
    });
  });

  it('N9.4: a foul on the last ball is no break-and-run; the opponent wins with ball in hand', () => {
    const t = rack(NINE, { raceTo: 1 });
    legalBreak(t, down([1, 'FL']));
    runBalls(t, A, 2, 8);
    // The 9 drops with the cue ball: it is spotted and Bruno has the cue ball in hand.
    scratch(t, A, { firstContact: 9, pocketed: [{ ball: 9, pocket: 'FL' }] });
    runBalls(t, B, 9, 9);
    expect(of(t, A)).toMatchObject({
      breakAndRuns: 0,
      runouts: 0,
      fouls: 1,
      longestRun: 8,
      ballsPocketed: 8,
      shots: 9,
      innings: 1,
      gamesWon: 0,
    });
    expect(of(t, B)).toMatchObject({
      innings: 1,
      ballInHandInnings: 1,
      ballInHandWins: 1,
      runouts: 1,
      tableRuns: 1,
      longestRun: 1,
      gamesWon: 1,
    });
  });

  it('G1.33: after a re-rack allowed on appeal, the break-and-run of the replayed rack counts', () => {
    const t = rack(NINE, { raceTo: 1 });
    legalBreak(t, down([1, 'FL']));
    runBalls(t, A, 2, 2);
    safeMiss(t, A);
    runBalls(t, B, 3, 3);
    // Ana appeals Bruno's shot; the committee replays the game (G1.33), Ana breaking again.
    appealAllowed(t, A, revisionOf(t, 'ShotPlayed', 4), { kind: 'REPLAY_GAME' });
    legalBreak(t, down([1, 'FL']));
    runBalls(t, A, 2, 9);
    // First rack: break (1) and the 2 in, then a miss; Bruno's shot is superseded by the replay.
    expect(of(t, A)).toMatchObject({
      breaks: 2,
      breakBalls: 2,
      innings: 2,
      breakAndRuns: 1,
      runouts: 1,
      longestRun: 9,
      ballsPocketed: 11,
      shots: 12,
      gamesWon: 1,
      inningsInWonGames: 2,
      appealsFiled: 1,
      appealsAllowed: 1,
    });
    expect(of(t, B)).toMatchObject({ shots: 0, innings: 0, ballsPocketed: 0 });
  });
});

describe('table runs and runouts', () => {
  it('after a dry break, Bruno runs the 1 to the 9 in his only inning', () => {
    const t = rack(NINE, { raceTo: 1 });
    legalBreak(t);
    runBalls(t, B, 1, 9);
    expect(of(t, B)).toMatchObject({ tableRuns: 1, runouts: 1, innings: 1, longestRun: 9 });
    expect(of(t, A)).toMatchObject({ breaks: 1, dryBreaks: 1, breakBalls: 0, innings: 1 });
  });

  it('N9.2: a push out ends an inning, so running out after the table is handed back is a runout but no table run', () => {
    const t = rack(NINE, { raceTo: 1 });
    legalBreak(t);
    pushOut(t, B);
    t.shoot(B, { firstContact: 3 });
    t.run({ type: 'ChooseOption', player: A, option: 'PASS_BACK' });
    runBalls(t, B, 1, 9);
    expect(of(t, B)).toMatchObject({
      innings: 2,
      tableRuns: 0,
      runouts: 1,
      shots: 10,
      longestRun: 9,
      inningsInWonGames: 2,
    });
  });
});

describe('ball-in-hand conversion (G1.20)', () => {
  it('a game awarded on appeal is no conversion, though the inning began with ball in hand', () => {
    const t = rack(NINE, { raceTo: 1 });
    legalBreak(t, down([1, 'FL']));
    safeMiss(t, A);
    scratch(t, B);
    // Ana, cue ball in hand, pockets the 2 and the 3; the committee then awards her the game.
    runBalls(t, A, 2, 3);
    appealAllowed(t, A, revisionOf(t, 'ShotPlayed', 5), { kind: 'AWARD_GAME', player: A });
    expect(of(t, A)).toMatchObject({
      innings: 2,
      ballInHandInnings: 1,
      ballInHandWins: 0,
      gamesWon: 1,
      inningsInWonGames: 2,
      runouts: 0,
      breakAndRuns: 0,
      longestRun: 1,
      shots: 3,
      ballsPocketed: 2,
      appealsFiled: 1,
      appealsAllowed: 1,
    });
    expect(of(t, B)).toMatchObject({ shots: 1, fouls: 1, innings: 1, gamesPlayed: 1 });
  });
});

describe('safeties', () => {
  // A13: 9-ball has no called safety; 10-ball does (T10.5).
  it('T10.5: a safety succeeds when the next inning fouls or pockets nothing; a foul safety never does', () => {
    const t = rack(TEN, { raceTo: 1 });
    legalBreak(t);
    safety(t, B);
    safeMiss(t, B);
    // Ana fouls: Bruno's first safety succeeded.
    scratch(t, A);
    safety(t, B);
    safeMiss(t, B);
    // Ana pockets the 1, then misses: the second safety failed.
    runBalls(t, A, 1, 1);
    safeMiss(t, A);
    // A safety with a foul: counted as played, never as a success.
    safety(t, B);
    scratch(t, B);
    runBalls(t, A, 2, 10);
    expect(of(t, B)).toMatchObject({
      safeties: 3,
      safetiesSucceeded: 1,
      fouls: 1,
      innings: 3,
      ballInHandInnings: 1,
      ballInHandWins: 0,
    });
    expect(ratios(of(t, B)).safetySuccessRate).toBeCloseTo(1 / 3);
    expect(of(t, A)).toMatchObject({
      innings: 4,
      fouls: 1,
      ballInHandInnings: 1,
      ballInHandWins: 1,
      runouts: 1,
      tableRuns: 0,
      longestRun: 9,
      ballsPocketed: 10,
      shots: 13,
    });
  });

  it('a safety followed by a game awarded on appeal has no next inning, so it is no success', () => {
    const t = rack(TEN, { raceTo: 1 });
    legalBreak(t);
    safety(t, B);
    safeMiss(t, B);
    safeMiss(t, A);
    appealAllowed(t, B, revisionOf(t, 'ShotPlayed', 3), { kind: 'AWARD_GAME', player: B });
    expect(of(t, B)).toMatchObject({ safeties: 1, safetiesSucceeded: 0, gamesWon: 1 });
    expect(of(t, A)).toMatchObject({ innings: 1, shots: 1 });
  });
});

describe('break figures, wins on the break, matches', () => {
  it('N9.3, G1.20: a scratch on the break is a break foul and scratch; 9 on the break wins the game', () => {
    const t = rack(NINE, { raceTo: 2 });
    t.shoot(A, {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 1, pocket: 'FL' }],
      cueBallScratched: true,
    });
    runBalls(t, B, 2, 9);
    // Winner breaks: Bruno makes the 9 on the break and wins the match 2–0.
    t.shoot(B, {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 9, pocket: 'SL' }],
      railContactsAfterFirstContact: CUE_TO_RAIL,
    });
    expect(t.state.status).toBe('COMPLETED');
    expect(of(t, A)).toMatchObject({
      breaks: 1,
      breakFouls: 1,
      breakScratches: 1,
      breakBalls: 1,
      dryBreaks: 0,
      fouls: 1,
      gamesPlayed: 2,
      gamesWon: 0,
      matchesPlayed: 1,
      matchesWon: 0,
    });
    expect(of(t, B)).toMatchObject({
      breaks: 1,
      winsOnBreak: 1,
      breakAndRuns: 0,
      runouts: 1,
      tableRuns: 1,
      ballInHandWins: 1,
      gamesWon: 2,
      matchesWon: 1,
      ballsPocketed: 9,
    });
    expect(ratios(of(t, B))).toMatchObject({ matchWinRate: 1, gameWinRate: 1, breakBallsMean: 1 });
    expect(ratios(of(t, A))).toMatchObject({ matchWinRate: 0, foulsPerGame: 0.5 });
    // Game by game: the break figures sit on game 1, the win on the break on game 2.
    const rows = stats(t).rows.filter((r) => r.player === B && r.game > 0);
    expect(rows.map((r) => [r.game, r.counters.runouts, r.counters.winsOnBreak])).toEqual([
      [1, 1, 0],
      [2, 0, 1],
    ]);
  });
});

describe('shooting', () => {
  it('E8.2, G1.4: called shots are made only in the called pocket', () => {
    const t = new Table({ raceTo: 1 });
    t.break(A, [{ ball: 1, pocket: 'FL' }]);
    t.call(A, 2, 'FR');
    t.shoot(A, { firstContact: 2, pocketed: [{ ball: 2, pocket: 'FR' }] });
    t.call(A, 3, 'SL');
    t.shoot(A, { firstContact: 3, pocketed: [{ ball: 3, pocket: 'SR' }] });
    t.call(B, 9, 'FL');
    t.shoot(B, { firstContact: 9, railContactsAfterFirstContact: [{ ball: 0 }] });
    expect(of(t, A)).toMatchObject({ calledAttempted: 2, calledMade: 1, breaks: 1, shots: 3 });
    expect(of(t, B)).toMatchObject({ calledAttempted: 1, calledMade: 0 });
    expect(ratios(of(t, A)).calledShotRate).toBe(0.5);
  });
});

describe('fouls (N9.8, G1.20)', () => {
  it('three consecutive fouls lose the game; fouls are told by kind and rule id', () => {
    const t = anaOnTwoFouls(NINE);
    warnTwoFouls(t, A);
    scratch(t, A);
    const s = stats(t);
    const a = totalOf(s.rows.filter((r) => r.player === A).map((r) => r.counters));
    expect(a).toMatchObject({
      fouls: 3,
      breakFouls: 1,
      breakScratches: 1,
      threeFoulLosses: 1,
      innings: 3,
      gamesWon: 0,
    });
    expect(s.fouls.filter((f) => f.player === A)).toEqual([
      { game: 1, player: A, kind: 'CUE_BALL_SCRATCHED', rule: 'G1.20', count: 2 },
      { game: 1, player: A, kind: 'THIRD_CONSECUTIVE_FOUL', rule: 'N9.8', count: 1 },
    ]);
    expect(of(t, B)).toMatchObject({ gamesWon: 1, innings: 2, runouts: 0, inningsInWonGames: 2 });
  });
});

describe('appeals', () => {
  it('counts appeals filed by each player, and those allowed (upheld)', () => {
    const t = rack(NINE, { raceTo: 1 });
    legalBreak(t);
    safeMiss(t, B);
    t.run({
      type: 'FileAppeal',
      by: B,
      againstRevision: revisionOf(t, 'ShotPlayed', 1),
      grounds: 'the break was short',
      proposal: { kind: 'REPLAY_GAME' },
    });
    t.run({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'committee',
      outcome: 'DISMISSED',
      reason: 'no',
    });
    appealAllowed(t, A, revisionOf(t, 'ShotPlayed', 2), { kind: 'AWARD_GAME', player: A });
    expect(of(t, B)).toMatchObject({ appealsFiled: 1, appealsAllowed: 0 });
    expect(of(t, A)).toMatchObject({ appealsFiled: 1, appealsAllowed: 1, gamesWon: 1 });
  });
});

describe('edge cases: push out, re-rack, award', () => {
  it('N9.2: the table taken after a push out is not ball in hand; a push out that fouls gives it', () => {
    const clean = rack(NINE, { raceTo: 1 });
    legalBreak(clean);
    pushOut(clean, B);
    clean.shoot(B, { firstContact: 3 });
    clean.run({ type: 'ChooseOption', player: A, option: 'SHOOT' });
    runBalls(clean, A, 1, 9);
    expect(of(clean, A)).toMatchObject({ innings: 2, ballInHandInnings: 0, ballInHandWins: 0 });
    expect(of(clean, B)).toMatchObject({ innings: 1, shots: 1, safeties: 0, fouls: 0 });

    const fouled = rack(NINE, { raceTo: 1 });
    legalBreak(fouled);
    pushOut(fouled, B);
    fouled.shoot(B, { firstContact: 3, cueBallScratched: true });
    runBalls(fouled, A, 1, 9);
    expect(of(fouled, A)).toMatchObject({ innings: 2, ballInHandInnings: 1, ballInHandWins: 1 });
    expect(of(fouled, B)).toMatchObject({ fouls: 1 });
  });

  it('G1.33: a re-rack cuts an inning begun with ball in hand and answers no safety', () => {
    const t = rack(TEN, { raceTo: 1 });
    legalBreak(t);
    safety(t, B);
    safeMiss(t, B);
    scratch(t, A);
    // Bruno, cue ball in hand, pockets the 1 and plays safe; Ana misses, then her appeal against
    // her own miss replays the game: the miss is superseded and nothing answers that safety.
    runBalls(t, B, 1, 1);
    safety(t, B);
    safeMiss(t, B);
    safeMiss(t, A);
    appealAllowed(t, A, revisionOf(t, 'ShotPlayed', 6), { kind: 'REPLAY_GAME' });
    legalBreak(t, down([1, 'FL']));
    runBalls(t, A, 2, 10);
    expect(of(t, B)).toMatchObject({
      safeties: 2,
      safetiesSucceeded: 1,
      ballInHandInnings: 1,
      ballInHandWins: 0,
      tableRuns: 0,
    });
    expect(of(t, A)).toMatchObject({ breakAndRuns: 1, breaks: 2, innings: 3 });
  });

  it('a game awarded on appeal to the breaker in the middle of her run is no break-and-run', () => {
    const t = rack(NINE, { raceTo: 1 });
    legalBreak(t, down([1, 'FL']));
    runBalls(t, A, 2, 3);
    appealAllowed(t, B, revisionOf(t, 'ShotPlayed', 3), { kind: 'AWARD_GAME', player: A });
    expect(of(t, A)).toMatchObject({
      gamesWon: 1,
      breakAndRuns: 0,
      runouts: 0,
      tableRuns: 0,
      longestRun: 2,
      innings: 1,
    });
    expect(of(t, B)).toMatchObject({ appealsFiled: 1, appealsAllowed: 1 });
  });
});
