// A Bradley–Terry (logistic) model of single games on a log2-odds scale: a rating difference of
// 100 points means 2:1 odds per game, 200 points 4:1, and so on (the scale FargoRate made familiar).
// Fitted by maximum a posteriori over every rated game, with a weak prior: each player is credited
// with PRIOR_GAMES pseudo-games against an anchor fixed at STARTER_RATING, half won and half lost.

export const POINTS_PER_DOUBLING = 100;
export const STARTER_RATING = 500;
export const PRIOR_GAMES = 2;
// The fit stops when no rating moves by more than this many points in a sweep.
export const TOLERANCE_POINTS = 0.001;
export const MAX_SWEEPS = 2000;

// Natural-log odds per rating point.
const K = Math.LN2 / POINTS_PER_DOUBLING;

// P(A wins one game against B), for ratings a and b.
export function gameWinProbability(a: number, b: number): number {
  return 1 / (1 + Math.pow(2, (b - a) / POINTS_PER_DOUBLING));
}

export interface RatedGame {
  winner: string;
  loser: string;
}

export interface FitOptions {
  starterRating?: number;
  priorGames?: number;
  tolerance?: number;
  maxSweeps?: number;
}

export interface PlayerRating {
  player: string;
  rating: number;
  // Robustness: the real games behind the rating (the prior's pseudo-games not counted).
  games: number;
  wins: number;
  // One standard error of the rating, in points (from the curvature of the posterior).
  uncertainty: number;
}

export interface Fit {
  ratings: Map<string, PlayerRating>;
  sweeps: number;
  converged: boolean;
}

// Each player's opponents as compressed adjacency (pairs aggregated), players sorted by id so the
// fit is the same whatever order the games come in.
interface Graph {
  ids: string[];
  start: Int32Array;
  opponent: Int32Array;
  count: Float64Array;
  wins: Float64Array;
  games: Float64Array;
}

function buildGraph(games: readonly RatedGame[]): Graph {
  const ids = [...new Set(games.flatMap((g) => [g.winner, g.loser]))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const pairs = new Map<number, number>();
  const wins = new Float64Array(n);
  const played = new Float64Array(n);
  for (const g of games) {
    const w = index.get(g.winner)!;
    const l = index.get(g.loser)!;
    if (w === l) continue;
    wins[w]++;
    played[w]++;
    played[l]++;
    const key = w < l ? w * n + l : l * n + w;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  const degree = new Int32Array(n + 1);
  for (const key of pairs.keys()) {
    degree[Math.floor(key / n) + 1]++;
    degree[(key % n) + 1]++;
  }
  for (let i = 0; i < n; i++) degree[i + 1] += degree[i];
  const fill = degree.slice(0, n);
  const opponent = new Int32Array(degree[n]);
  const count = new Float64Array(degree[n]);
  for (const [key, c] of [...pairs].sort((x, y) => x[0] - y[0])) {
    const i = Math.floor(key / n);
    const j = key % n;
    opponent[fill[i]] = j;
    count[fill[i]++] = c;
    opponent[fill[j]] = i;
    count[fill[j]++] = c;
  }
  return { ids, start: degree, opponent, count, wins, games: played };
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

// Maximum a posteriori ratings by coordinate-wise Newton steps (Gauss–Seidel sweeps): the
// log-posterior is concave in each player's rating, so each step climbs it; deterministic.
export function fitRatings(games: readonly RatedGame[], options: FitOptions = {}): Fit {
  const starter = options.starterRating ?? STARTER_RATING;
  const prior = options.priorGames ?? PRIOR_GAMES;
  const tolerance = (options.tolerance ?? TOLERANCE_POINTS) * K;
  const maxSweeps = options.maxSweeps ?? MAX_SWEEPS;
  const g = buildGraph(games);
  const n = g.ids.length;
  const anchor = starter * K;
  const theta = new Float64Array(n).fill(anchor);
  const curvature = new Float64Array(n);
  let sweeps = 0;
  let converged = n === 0;
  while (!converged && sweeps < maxSweeps) {
    sweeps++;
    let largest = 0;
    for (let i = 0; i < n; i++) {
      const step = newtonStep(g, theta, i, anchor, prior, curvature);
      theta[i] += step;
      largest = Math.max(largest, Math.abs(step));
    }
    largest = Math.max(largest, Math.abs(shiftAll(theta, anchor, prior)));
    converged = largest < tolerance;
  }
  // Curvature at the final ratings, for the standard errors.
  for (let i = 0; i < n; i++) newtonStep(g, theta, i, anchor, prior, curvature);
  const ratings = new Map<string, PlayerRating>();
  g.ids.forEach((player, i) =>
    ratings.set(player, {
      player,
      rating: theta[i] / K,
      games: g.games[i],
      wins: g.wins[i],
      uncertainty: 1 / Math.sqrt(curvature[i]) / K,
    }),
  );
  return { ratings, sweeps, converged };
}

// Games fix only differences between ratings; the level of the whole pool rests on the prior
// alone, which per-player steps move very slowly. One Newton step on a common shift moves it
// at once (the games' terms cancel out of it). Returns the shift.
function shiftAll(theta: Float64Array, anchor: number, prior: number): number {
  if (prior === 0) return 0;
  let gradient = 0;
  let hessian = 0;
  for (const t of theta) {
    const p0 = sigmoid(t - anchor);
    gradient += prior / 2 - prior * p0;
    hessian += prior * p0 * (1 - p0);
  }
  const shift = Math.max(-1, Math.min(1, gradient / hessian));
  for (let i = 0; i < theta.length; i++) theta[i] += shift;
  return shift;
}

// One Newton step on player i's rating with the others held fixed (natural-log odds units).
function newtonStep(
  g: Graph,
  theta: Float64Array,
  i: number,
  anchor: number,
  prior: number,
  curvature: Float64Array,
): number {
  const t = theta[i];
  const p0 = sigmoid(t - anchor);
  let gradient = g.wins[i] + prior / 2 - prior * p0;
  let hessian = prior * p0 * (1 - p0);
  for (let e = g.start[i]; e < g.start[i + 1]; e++) {
    const p = sigmoid(t - theta[g.opponent[e]]);
    gradient -= g.count[e] * p;
    hessian += g.count[e] * p * (1 - p);
  }
  curvature[i] = hessian;
  // Bounded, so a player with only wins (or only losses) cannot jump past the optimum.
  return Math.max(-1, Math.min(1, gradient / hessian));
}
