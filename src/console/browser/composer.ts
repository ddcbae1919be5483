import type {
  MatchState,
  PlacementZone,
  Pocket,
  ShotCall,
  ShotFacts,
  StrokeFoulKind,
} from '../../domain';
import { groupOf } from '../../domain';

// The shot composer: what each tap does to the shot being entered, and the facts it makes. Pure
// (no DOM), so the page, its tests and the bench's tap count all run the same steps.
//
// Quick taps commit at once: "Miss" (a legal miss on the default ball), a ball then its pocket
// (that ball pocketed there, and called there in 8- and 10-ball), "Scratch". "More" opens every
// other fact; "Record" then commits them.

export type Tap =
  | { t: 'ball'; ball: number }
  | { t: 'pocket'; pocket: Pocket }
  | { t: 'miss' }
  | { t: 'scratch' }
  | { t: 'more' }
  | { t: 'record' }
  | { t: 'mode'; mode: Mode }
  | { t: 'noContact' }
  | { t: 'flag'; flag: Flag }
  | { t: 'rails'; count: number }
  | { t: 'foul'; kind: StrokeFoulKind }
  | { t: 'zone'; zone: PlacementZone };

// What the next ball tap means in "More": a pocketed ball (default), the first ball hit, the
// call, a ball that reached a cushion after contact (0: the cue ball), an object ball that left
// the table (G1.28).
export type Mode = 'pocket' | 'first' | 'call' | 'cushion' | 'offTable';
// noCall: a ball pocketed without a call (8- and 10-ball); obvious: the uncalled shot was obvious
// and nobody objected (A9).
export type Flag =
  | 'scratch'
  | 'offTable'
  | 'safety'
  | 'pushOut'
  | 'noStroke'
  | 'noCushion'
  | 'noCall'
  | 'obvious';

export interface Draft {
  detail: boolean;
  mode: Mode;
  selected: number | null;
  first?: number | null;
  call: { ball: number; pocket: Pocket | null } | null;
  pocketed: { ball: number; pocket: Pocket }[];
  cushions: number[] | null;
  offTable: number[];
  flags: Flag[];
  rails: number | null;
  fouls: StrokeFoulKind[];
  zone: PlacementZone | null;
  done: boolean;
}

export function emptyDraft(): Draft {
  return {
    detail: false,
    mode: 'pocket',
    selected: null,
    call: null,
    pocketed: [],
    cushions: null,
    offTable: [],
    flags: [],
    rails: null,
    fouls: [],
    zone: null,
    done: false,
  };
}

const toggle = <T>(xs: readonly T[], x: T): T[] =>
  xs.includes(x) ? xs.filter((y) => y !== x) : [...xs, x];

export function tap(d: Draft, a: Tap): Draft {
  switch (a.t) {
    case 'ball':
      if (!d.detail || d.mode === 'pocket')
        return { ...d, selected: d.selected === a.ball ? null : a.ball };
      if (d.mode === 'first') return { ...d, first: a.ball, mode: 'pocket' };
      if (d.mode === 'call') return { ...d, call: { ball: a.ball, pocket: null }, selected: null };
      if (d.mode === 'offTable') return { ...d, offTable: toggle(d.offTable, a.ball) };
      return { ...d, cushions: toggle(d.cushions ?? [], a.ball) };
    case 'pocket':
      if (d.detail && d.mode === 'call' && d.call)
        return { ...d, call: { ...d.call, pocket: a.pocket }, mode: 'pocket' };
      if (d.selected === null) return d;
      return {
        ...d,
        pocketed: [...d.pocketed, { ball: d.selected, pocket: a.pocket }],
        selected: null,
        done: !d.detail,
      };
    case 'miss':
      return { ...d, done: true };
    case 'scratch':
      return { ...d, flags: toggle(d.flags, 'scratch'), done: !d.detail };
    case 'more':
      return { ...d, detail: true };
    case 'record':
      return { ...d, done: true };
    case 'mode':
      return { ...d, mode: d.mode === a.mode ? 'pocket' : a.mode };
    case 'noContact':
      return { ...d, first: null, mode: 'pocket' };
    case 'flag':
      return { ...d, flags: toggle(d.flags, a.flag) };
    case 'rails':
      return { ...d, rails: a.count };
    case 'foul':
      return { ...d, fouls: toggle(d.fouls, a.kind) };
    case 'zone':
      return { ...d, zone: d.zone === a.zone ? null : a.zone };
  }
}

// The ball a shot aims at unless the scorer says otherwise: the lowest in rotation (N9.5,
// T10.5), the lowest of the shooter's group in 8-ball (the 8 when the group is cleared).
export function defaultTarget(state: MatchState): number | null {
  const game = state.currentGame;
  if (!game || game.ballsOnTable.length === 0) return null;
  const on = game.ballsOnTable;
  if (state.discipline !== 'EIGHT_BALL' || game.isBreakShot) return Math.min(...on);
  const group = game.groups?.[game.shooter];
  const own = on.filter((b) => (group ? groupOf(b) === group : b !== 8));
  return own.length ? Math.min(...own) : 8;
}

// Who reports a stroke foul: the referee when one is assigned, otherwise the opponent.
export function reporter(state: MatchState): string {
  const ref = state.officials.referees[0];
  if (ref) return ref;
  const shooter = state.currentGame?.shooter;
  return state.players.find((p) => p.id !== shooter)!.id;
}

const calledGame = (s: MatchState) => s.discipline !== 'NINE_BALL';
// The break is never called (E8.2); a 9-ball shot is not called at all (only safety, push out).

export interface Built {
  facts: ShotFacts;
  call: ShotCall | null;
}

// The facts a finished draft stands for, with sensible defaults: the called (or selected) ball is
// the first contact (a call already recorded stays in force and is not sent again); a shot that pockets nothing had a ball reach a cushion (the cue ball); a
// break drove four balls to a cushion.
export function build(d: Draft, state: MatchState): Built {
  const game = state.currentGame!;
  const has = (f: Flag) => d.flags.includes(f);
  const isBreak = game.isBreakShot;
  let call: ShotCall | null = null;
  if (has('pushOut')) call = { ball: null, pocket: null, safety: false, pushOut: true };
  else if (has('safety')) call = { ball: null, pocket: null, safety: true };
  else if (d.call) call = { ball: d.call.ball, pocket: d.call.pocket, safety: false };
  else if (has('noCall') || has('obvious') || game.call) call = null;
  else if (!isBreak && calledGame(state) && d.pocketed.length > 0)
    call = { ball: d.pocketed[0].ball, pocket: d.pocketed[0].pocket, safety: false };
  if (has('noStroke'))
    return {
      facts: {
        ...base(),
        noStroke: true,
        strokeFouls: fouls(d, state),
        ...(d.zone ? { placement: placement(d.zone) } : {}),
      },
      call: null,
    };
  const eightPotted =
    calledGame(state) && !isBreak && !has('noCall') && !has('obvious')
      ? d.pocketed[0]?.ball
      : undefined;
  const first =
    d.first !== undefined
      ? d.first
      : (d.selected ?? call?.ball ?? game.call?.ball ?? eightPotted ?? defaultTarget(state));
  const scratch = has('scratch');
  const cushions =
    d.cushions ??
    (isBreak || d.pocketed.length > 0 || scratch || has('noCushion') || first === null ? [] : [0]);
  const facts: ShotFacts = {
    ...base(),
    firstContact: first,
    railContactsAfterFirstContact: cushions.map((ball) => ({ ball })),
    pocketed: d.pocketed,
    cueBallScratched: scratch,
    cueBallOffTable: has('offTable'),
    ballsOffTable: d.offTable,
    objectBallsDrivenToRail: isBreak ? (d.rails ?? 4) : 0,
    callObvious: has('obvious'),
    strokeFouls: fouls(d, state),
    ...(d.zone ? { placement: placement(d.zone) } : {}),
  };
  return { facts, call };
}

function base(): ShotFacts {
  return {
    firstContact: null,
    railContactsAfterFirstContact: [],
    pocketed: [],
    ballsReboundedFromPocket: [],
    cueBallScratched: false,
    cueBallOffTable: false,
    cueBallTouchedPocketedBall: false,
    ballsOffTable: [],
    objectBallsDrivenToRail: 0,
    callObvious: false,
    strokeFouls: [],
  };
}

function fouls(d: Draft, state: MatchState) {
  return d.fouls.map((kind) => ({ kind, reportedBy: reporter(state) }));
}

function placement(zone: PlacementZone) {
  return { zone, warnedBeforeShot: false, touchedObjectBall: false };
}

export function run(taps: readonly Tap[], d = emptyDraft()): Draft {
  return taps.reduce(tap, d);
}
