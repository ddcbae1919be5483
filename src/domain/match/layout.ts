import { DomainError } from '../errors';
import type { LedgerEvent } from '../events/catalogue';
import type { LayoutAttachment, LayoutContext, LayoutRecorded } from '../events/layout';
import type { ShotFacts } from '../events/shot-facts';
import { layoutFaults, TABLE_SIZES, type Layout, type LayoutFault } from '../table/layout';
import { CUE_BALL } from '../table/vocabulary';
import type {
  DeclareFrozenBall,
  MatchCommand,
  PlaceCueBall,
  PlayShot,
  RecordRefereeRuling,
} from './commands';
import { checkLayout } from './layout-checks';
import type { GameState, MatchState } from './state';

// A layout recorded with the fact it belongs to: validated against the table at that moment (the
// state before the command) and checked against the facts, then appended just before that fact.

export type LayoutCarrier = PlaceCueBall | DeclareFrozenBall | PlayShot | RecordRefereeRuling;

const ATTACHMENT: Record<LayoutCarrier['type'], LayoutAttachment> = {
  PlaceCueBall: 'PLACEMENT',
  DeclareFrozenBall: 'FROZEN_BALL',
  PlayShot: 'SHOT',
  RecordRefereeRuling: 'RULING',
};

export function attachedLayout(
  c: LayoutCarrier,
  state: MatchState,
  layout: Layout,
): LayoutRecorded {
  const game = gameOnTable(state);
  const attachedTo = ATTACHMENT[c.type];
  // The cue ball is on the table for a placement and before a stroke.
  const cueNeeded = attachedTo === 'PLACEMENT' || attachedTo === 'SHOT';
  requireValidLayout(layout, game, cueNeeded);
  const ctx = contextOf(game);
  if (c.type === 'PlaceCueBall') ctx.placement = c.zone;
  if (c.type === 'DeclareFrozenBall') ctx.frozen.push({ ball: c.ball, cushion: c.cushion });
  if (c.type === 'PlayShot') withShotFacts(ctx, c.facts);
  return layoutRecorded(layout, attachedTo, game, ctx);
}

export function layoutRecorded(
  layout: Layout,
  attachedTo: LayoutAttachment,
  game: GameState,
  context: LayoutContext,
  extra: Pick<LayoutRecorded['data'], 'corrects' | 'proposedFor'> = {},
): LayoutRecorded {
  return {
    type: 'LayoutRecorded',
    version: 1,
    data: {
      layout: canonical(layout),
      attachedTo,
      gameNumber: game.number,
      shotNumber: game.shotRecords + 1,
      context,
      checks: checkLayout(layout, context),
      ...extra,
    },
  };
}

export function gameOnTable(state: MatchState): GameState {
  const game = state.currentGame;
  if (!game || game.status !== 'IN_PROGRESS')
    throw new DomainError(
      'NO_GAME_IN_PROGRESS',
      'No game is in progress: there is no table to lay out',
    );
  return game;
}

// The facts in force at the moment: ball in hand, the placement, the frozen declarations.
export function contextOf(game: GameState): LayoutContext {
  return {
    ballInHand: game.ballInHand,
    placement: game.cueBallPlacement,
    frozen: game.frozenDeclared.map((f) => ({ ball: f.ball, cushion: f.cushion })),
    firstContact: null,
  };
}

export function withShotFacts(ctx: LayoutContext, facts: ShotFacts): void {
  if (facts.placement) ctx.placement = facts.placement.zone;
  if (facts.firstContact !== null && facts.firstContactPosition)
    ctx.firstContact = { ball: facts.firstContact, position: facts.firstContactPosition };
}

// A possible table holding exactly the balls on it: every object ball still on the table, and
// the cue ball unless it is in hand (required where `cueNeeded`).
export function requireValidLayout(layout: Layout, game: GameState, cueNeeded: boolean): void {
  requireGeometry(layout);
  const inHand = game.ballInHand !== 'NONE' && game.cueBallPlacement === null;
  const expected = new Set(game.ballsOnTable);
  for (const b of layout.balls) {
    if (b.ball !== CUE_BALL && !expected.has(b.ball))
      throw new DomainError('BALL_NOT_ON_TABLE', `Ball ${b.ball} is not on the table`);
  }
  const given = new Set(layout.balls.map((b) => b.ball));
  const missing = game.ballsOnTable.filter((b) => !given.has(b));
  if (missing.length > 0)
    throw new DomainError(
      'INVALID_LAYOUT',
      `Balls on the table missing from the layout: ${missing.join(', ')}`,
    );
  if (!given.has(CUE_BALL) && (cueNeeded || !inHand))
    throw new DomainError(
      'INVALID_LAYOUT',
      'The layout has no cue ball (0), and it is not in hand',
    );
}

export function requireGeometry(layout: Layout): void {
  if (!(TABLE_SIZES as readonly string[]).includes(layout.table))
    throw new DomainError('INVALID_LAYOUT', `Unknown table size ${layout.table}`);
  const faults = layoutFaults(layout);
  if (faults.length > 0)
    throw new DomainError(
      'INVALID_LAYOUT',
      `The layout is not possible: ${faults.map(said).join('; ')}`,
    );
}

function said(f: LayoutFault): string {
  switch (f.kind) {
    case 'OFF_SURFACE':
      return `ball ${f.ball} is off the playing surface`;
    case 'OVERLAP':
      return `balls ${f.balls[0]} and ${f.balls[1]} overlap`;
    case 'DUPLICATE':
      return `ball ${f.ball} is placed twice`;
    case 'NOT_A_NUMBER':
      return `ball ${f.ball} has no position`;
  }
}

// Stored in one order (cue ball, then object balls by number), positions to a tenth of a millimetre.
export function canonical(layout: Layout): Layout {
  const tenth = (n: number) => Math.round(n * 10) / 10;
  return {
    table: layout.table,
    balls: [...layout.balls]
      .sort((a, b) => a.ball - b.ball)
      .map((b) => ({ ball: b.ball, x: tenth(b.x), y: tenth(b.y) })),
  };
}

export function withAttachedLayout(
  c: MatchCommand,
  state: MatchState,
  decided: LedgerEvent[],
): LedgerEvent[] {
  if (!('layout' in c) || c.layout === undefined) return decided;
  return [attachedLayout(c as LayoutCarrier, state, c.layout), ...decided];
}
