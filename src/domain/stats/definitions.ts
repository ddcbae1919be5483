// The stat definitions' version: every figure served carries it, and the read model is rebuilt
// when it changes (docs/stats.md defines each counter in terms of events, for this version).
export const STATS_VERSION = 1;

// The counters kept per player, per match and per game (game 0 holds the match-level ones).
// Every aggregate is a sum of them, except longestRun (a maximum).
export const STAT_COUNTERS = [
  'matchesPlayed',
  'matchesWon',
  'gamesPlayed',
  'gamesWon',
  'breaks',
  'dryBreaks',
  'breakBalls',
  'breakFouls',
  'breakScratches',
  'winsOnBreak',
  'breakAndRuns',
  'tableRuns',
  'runouts',
  'longestRun',
  'shots',
  'ballsPocketed',
  'calledAttempted',
  'calledMade',
  'innings',
  'inningsInWonGames',
  'safeties',
  'safetiesSucceeded',
  'fouls',
  'threeFoulLosses',
  'ballInHandInnings',
  'ballInHandWins',
  'appealsFiled',
  'appealsAllowed',
] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];

export type Counters = Record<StatCounter, number>;

// Counters aggregated by maximum instead of sum.
export const MAX_COUNTERS: readonly StatCounter[] = ['longestRun'];

export function zeroCounters(): Counters {
  const c = {} as Counters;
  for (const k of STAT_COUNTERS) c[k] = 0;
  return c;
}

// One player's counters in one game of a match (game 0: the match as a whole).
export interface PlayerGameStats {
  game: number;
  player: string;
  counters: Counters;
}

// Fouls committed, by kind and by the rule that made them fouls.
export interface FoulCount {
  game: number;
  player: string;
  kind: string;
  rule: string;
  count: number;
}

// One row of the analytic shots table: a shot of the effective history and its ruling.
export interface ShotRow {
  game: number;
  rack: number;
  inning: number;
  shotNumber: number;
  shooter: string;
  isBreak: boolean;
  callBall: number | null;
  callPocket: string | null;
  safety: boolean;
  pushOut: boolean;
  ballInHand: string;
  facts: unknown;
  pocketed: number[];
  turn: string;
  penalty: string;
  foulKind: string | null;
  foulRule: string | null;
  rules: string[];
  gameWinner: string | null;
}

// Derived figures, from summed counters.
export function ratios(c: Counters): Record<string, number | null> {
  const per = (a: number, b: number) => (b === 0 ? null : a / b);
  return {
    matchWinRate: per(c.matchesWon, c.matchesPlayed),
    gameWinRate: per(c.gamesWon, c.gamesPlayed),
    breakBallsMean: per(c.breakBalls, c.breaks),
    calledShotRate: per(c.calledMade, c.calledAttempted),
    inningsPerGameWon: per(c.inningsInWonGames, c.gamesWon),
    ballsPerInning: per(c.ballsPocketed, c.innings),
    safetySuccessRate: per(c.safetiesSucceeded, c.safeties),
    foulsPerGame: per(c.fouls, c.gamesPlayed),
    ballInHandConversion: per(c.ballInHandWins, c.ballInHandInnings),
  };
}
