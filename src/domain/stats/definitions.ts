// The stat definitions' version: every figure served carries it, and the read model is rebuilt
// when it changes (docs/stats.md defines each counter in terms of events, for this version).
export const STATS_VERSION = 3;

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
  'gamesWithShots',
  'gamesWonWithShots',
] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];

// One line each; docs/stats.md gives the exact definitions.
export const STAT_DESCRIPTIONS: Record<StatCounter, string> = {
  matchesPlayed: 'Matches completed (MatchEnded).',
  matchesWon: 'Matches won.',
  gamesPlayed: 'Games completed (GameEnded; a forfeited frame is not a game).',
  gamesWon: 'Games won.',
  breaks: 'Break shots played (each re-rack breaks again).',
  dryBreaks: 'Breaks that pocketed no object ball.',
  breakBalls: 'Object balls pocketed on breaks.',
  breakFouls: 'Breaks ruled a foul.',
  breakScratches: 'Breaks that scratched the cue ball or drove it off the table.',
  winsOnBreak: 'Games won by the break shot itself (e.g. 9 on the break).',
  breakAndRuns: 'Games won by the breaker in the inning the break began.',
  tableRuns: 'Games won in the player’s only inning of the rack, begun after the opponent broke.',
  runouts: 'Games won at the table in one inning of more than the break shot (from any point).',
  longestRun: 'Most balls legally pocketed in one inning.',
  shots: 'Strokes played (break and push outs included; a foul recorded without a stroke is none).',
  ballsPocketed: 'Object balls legally pocketed.',
  calledAttempted: 'Shots taken with a ball and pocket called.',
  calledMade: 'Called shots that pocketed the called ball in the called pocket without a foul.',
  innings: 'Innings: turns at the table, each ended by a shot that does not continue the turn.',
  inningsInWonGames: 'Innings the player took in the games they won.',
  safeties: 'Shots declared as a safety.',
  safetiesSucceeded:
    'Legal safeties after which the opponent’s next inning fouled or pocketed nothing.',
  fouls: 'Fouls committed on shots (the foul whose penalty applied, G1.30).',
  threeFoulLosses: 'Games lost by three consecutive fouls.',
  ballInHandInnings: 'Innings begun with the cue ball in hand (not the break).',
  ballInHandWins: 'Games won in an inning begun with the cue ball in hand.',
  appealsFiled: 'Appeals the player filed.',
  appealsAllowed: 'Appeals the player filed that the committee allowed (upheld).',
  gamesWithShots: 'Games played that were recorded shot by shot (the shot statistics’ sample).',
  gamesWonWithShots: 'Games won that were recorded shot by shot.',
};

export type Counters = Record<StatCounter, number>;

// Counters aggregated by maximum instead of sum.
export const MAX_COUNTERS: readonly StatCounter[] = ['longestRun'];

export function zeroCounters(): Counters {
  const c = {} as Counters;
  for (const k of STAT_COUNTERS) c[k] = 0;
  return c;
}

// Sums (maxima for MAX_COUNTERS) of several rows' counters.
export function totalOf(rows: readonly Counters[]): Counters {
  const t = zeroCounters();
  for (const c of STAT_COUNTERS) {
    const max = MAX_COUNTERS.includes(c);
    for (const r of rows) t[c] = max ? Math.max(t[c], r[c]) : t[c] + r[c];
  }
  return t;
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

// Derived figures: a counter over another (null when the second is 0).
export const RATIOS = {
  matchWinRate: ['matchesWon', 'matchesPlayed'],
  gameWinRate: ['gamesWon', 'gamesPlayed'],
  breakBallsMean: ['breakBalls', 'breaks'],
  calledShotRate: ['calledMade', 'calledAttempted'],
  inningsPerGameWon: ['inningsInWonGames', 'gamesWonWithShots'],
  ballsPerInning: ['ballsPocketed', 'innings'],
  safetySuccessRate: ['safetiesSucceeded', 'safeties'],
  foulsPerGame: ['fouls', 'gamesWithShots'],
  ballInHandConversion: ['ballInHandWins', 'ballInHandInnings'],
  shotCoverage: ['gamesWithShots', 'gamesPlayed'],
} as const satisfies Record<string, readonly [StatCounter, StatCounter]>;
export type StatRatio = keyof typeof RATIOS;

export const RATIO_DESCRIPTIONS: Record<StatRatio, string> = {
  matchWinRate: 'matchesWon / matchesPlayed.',
  gameWinRate: 'gamesWon / gamesPlayed.',
  breakBallsMean: 'Mean balls made on the break: breakBalls / breaks.',
  calledShotRate: 'calledMade / calledAttempted.',
  inningsPerGameWon: 'inningsInWonGames / gamesWonWithShots.',
  ballsPerInning: 'ballsPocketed / innings.',
  safetySuccessRate: 'safetiesSucceeded / safeties.',
  foulsPerGame: 'fouls / gamesWithShots.',
  ballInHandConversion: 'ballInHandWins / ballInHandInnings.',
  shotCoverage:
    'Coverage of the shot statistics: gamesWithShots / gamesPlayed (the rest were recorded as results).',
};
export const STAT_RATIOS = Object.keys(RATIOS) as StatRatio[];

export function ratios(c: Counters): Record<StatRatio, number | null> {
  const r = {} as Record<StatRatio, number | null>;
  for (const k of STAT_RATIOS) {
    const [a, b] = RATIOS[k];
    r[k] = c[b] === 0 ? null : c[a] / c[b];
  }
  return r;
}
