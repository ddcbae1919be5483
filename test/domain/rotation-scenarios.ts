import type { RailContact, ShotFacts } from '../../src/domain/events/shot-facts';
import type { MatchState } from '../../src/domain/match/state';
import type { Ruling } from '../../src/domain/rules/ruling';
import type { Pocket } from '../../src/domain/table/vocabulary';
import { ANA, BRUNO, Table } from '../support/match-fixtures';

// Scenario builders for the 9-ball and 10-ball specs: every position is reached by playing real
// commands through the decider (WPA profile, Ana breaks), never by hand-written state.

export const A = ANA.id;
export const B = BRUNO.id;

export type Rotation = 'NINE_BALL' | 'TEN_BALL';

// What differs between the two rotation games, so one table of cases can cover both.
export interface RotationGame {
  discipline: Rotation;
  label: string;
  // The money ball: the 9 in 9-ball, the 10 in 10-ball.
  money: number;
  balls: number[];
  // Rule ids as the engine cites them for each game (see the rule book).
  breakRule: string;
  pushOutRule: string;
  lowestFirstRule: string;
  railRule: string;
  standardFoulRule: string;
  spotRule: string;
  threeFoulRule: string;
  stalemateRule: string;
}

export const NINE: RotationGame = {
  discipline: 'NINE_BALL',
  label: '9-ball',
  money: 9,
  balls: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  breakRule: 'N9.1',
  pushOutRule: 'N9.2',
  lowestFirstRule: 'N9.6',
  railRule: 'N9.7',
  standardFoulRule: 'N9.5',
  spotRule: 'N9.4',
  threeFoulRule: 'N9.8',
  stalemateRule: 'N9.9',
};

export const TEN: RotationGame = {
  discipline: 'TEN_BALL',
  label: '10-ball',
  money: 10,
  balls: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  breakRule: 'T10.1',
  pushOutRule: 'T10.3',
  // 10-ball cites its standard-foul rule for the lowest-ball and cushion fouls.
  lowestFirstRule: 'T10.9',
  railRule: 'T10.9',
  standardFoulRule: 'T10.9',
  spotRule: 'T10.8',
  threeFoulRule: 'T10.10',
  stalemateRule: 'T10.11',
};

export const BOTH: RotationGame[] = [NINE, TEN];

// The cue ball reaches a cushion after the first contact (N9.7 satisfied).
export const CUE_TO_RAIL: RailContact[] = [{ ball: 0 }];

export function rack(game: RotationGame, opts: { raceTo?: number; breaker?: string } = {}): Table {
  return new Table({ discipline: game.discipline, raceTo: opts.raceTo, breaker: opts.breaker });
}

export function down(...balls: [number, Pocket][]): { ball: number; pocket: Pocket }[] {
  return balls.map(([ball, pocket]) => ({ ball, pocket }));
}

// A legal break: the 1 first, five balls to a cushion, the given balls pocketed.
export function legalBreak(t: Table, pocketed: { ball: number; pocket: Pocket }[] = []): Ruling {
  return t.shoot(A, {
    firstContact: 1,
    objectBallsDrivenToRail: 5,
    pocketed,
    railContactsAfterFirstContact: CUE_TO_RAIL,
  });
}

// Ana broke legally with nothing down: Bruno is to shoot and may push out (N9.2 / T10.3).
export function afterDryBreak(game: RotationGame): Table {
  const t = rack(game);
  legalBreak(t);
  return t;
}

// Ana broke legally and pocketed the 1: she is still at the table, the 2 is the lowest ball.
export function afterBreakWithOne(game: RotationGame): Table {
  const t = rack(game);
  legalBreak(t, down([1, 'FL']));
  return t;
}

// A clean miss: the lowest ball is hit first, the cue ball reaches a cushion, nothing drops.
export function safeMiss(t: Table, player: string): Ruling {
  const lowest = Math.min(...t.state.currentGame!.ballsOnTable);
  return t.shoot(player, { firstContact: lowest, railContactsAfterFirstContact: CUE_TO_RAIL });
}

// A standard foul: the lowest ball is hit first and the cue ball is scratched.
export function scratch(t: Table, player: string, extra: Partial<ShotFacts> = {}): Ruling {
  const lowest = Math.min(...t.state.currentGame!.ballsOnTable);
  return t.shoot(player, {
    firstContact: lowest,
    railContactsAfterFirstContact: CUE_TO_RAIL,
    cueBallScratched: true,
    ...extra,
  });
}

// Ana scratches on the break (foul 1), Bruno misses, Ana fouls (foul 2), Bruno misses: Ana comes
// to the table on two consecutive fouls.
export function anaOnTwoFouls(game: RotationGame): Table {
  const t = rack(game);
  t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, cueBallScratched: true });
  safeMiss(t, B);
  scratch(t, A);
  safeMiss(t, B);
  return t;
}

export function warnTwoFouls(t: Table, player: string): void {
  t.run({
    type: 'RecordRefereeRuling',
    kind: 'TWO_FOUL_WARNING',
    player,
    restored: null,
    note: '',
  });
}

export function game(t: Table): NonNullable<MatchState['currentGame']> {
  return t.state.currentGame!;
}

// Ball conservation: every object ball of the rack is either on the table or down, never both.
export function conserved(t: Table, all: number[]): void {
  const g = game(t);
  expect([...g.ballsOnTable, ...g.pocketed].sort((a, b) => a - b)).toEqual(all);
}
