import type { LedgerEvent, OptionChosen } from '../events/catalogue';
import type { Ruling } from '../rules/ruling';
import { copyGame, withEntry } from './copies';
import type { GameState, MatchState } from './state';

// The events of the game in play, folded the way evolve folds the rest (see evolve.ts): a copy
// named field by field, the input never mutated.

type InPlayEvent = Extract<
  LedgerEvent,
  {
    type:
      | 'CueBallPlaced'
      | 'ShotCalled'
      | 'FrozenBallDeclared'
      | 'ShotPlayed'
      | 'ShotAdjudicated'
      | 'OptionChosen'
      | 'RefereeRuled';
  }
>;

// `next` is already a copy of `state` with its version bumped.
export function evolveInPlay(state: MatchState, next: MatchState, event: InPlayEvent): MatchState {
  const game = state.currentGame;
  switch (event.type) {
    case 'CueBallPlaced': {
      const g = copyGame(requireGame(game, event.type));
      g.cueBallPlacement = event.data.zone;
      next.currentGame = g;
      return next;
    }
    case 'ShotCalled': {
      const g = copyGame(requireGame(game, event.type));
      const d = event.data;
      g.call = d.pushOut
        ? { ball: d.ball, pocket: d.pocket, safety: d.safety, pushOut: true }
        : { ball: d.ball, pocket: d.pocket, safety: d.safety };
      next.currentGame = g;
      return next;
    }
    case 'FrozenBallDeclared': {
      const g = copyGame(requireGame(game, event.type));
      const d = event.data;
      g.frozenDeclared = [...g.frozenDeclared, { ball: d.ball, cushion: d.cushion }];
      next.currentGame = g;
      return next;
    }
    case 'ShotPlayed': {
      const g = copyGame(requireGame(game, event.type));
      g.shotRecords += 1;
      // A foul recorded without a stroke is no shot (G1.17: it counts as a foul).
      if (!event.data.facts.noStroke) g.shotsPlayed += 1;
      next.currentGame = g;
      return next;
    }
    case 'ShotAdjudicated':
      next.currentGame = applyRuling(requireGame(game, event.type), event.data.ruling);
      next.pendingChoice = event.data.ruling.pendingChoice;
      if (event.data.ruling.warningsIssued.length > 0) {
        const { shooter, warningsIssued } = event.data.ruling;
        const earlier = state.warnings[shooter] ?? [];
        next.warnings = withEntry(state.warnings, shooter, [...earlier, ...warningsIssued]);
      }
      return next;
    case 'OptionChosen':
      next.pendingChoice = null;
      next.currentGame = optionApplied(game, event.data);
      return next;
    case 'RefereeRuled': {
      const d = event.data;
      if (d.kind === 'WARNING' && d.player !== null) {
        const earlier = state.warnings[d.player] ?? [];
        next.warnings = withEntry(state.warnings, d.player, [...earlier, d.rule]);
      }
      if (d.kind === 'TWO_FOUL_WARNING' && d.player !== null && game) {
        const g = copyGame(game);
        g.twoFoulWarned = withEntry(game.twoFoulWarned, d.player, true);
        next.currentGame = g;
      }
      return next;
    }
  }
}

// The chooser's decision resolved: who shoots next, with what ball in hand, balls spotted back.
function optionApplied(game: GameState | null, d: OptionChosen['data']): GameState | null {
  if (!game || game.status !== 'IN_PROGRESS' || d.nextShooter === null) return game;
  const g = copyGame(game);
  g.shooter = d.nextShooter;
  g.ballInHand = d.ballInHand;
  if (d.spotted.length) {
    g.ballsOnTable = sortBalls([...game.ballsOnTable, ...d.spotted]);
    g.pocketed = game.pocketed.filter((b) => !d.spotted.includes(b));
  }
  g.cueBallPlacement = null;
  g.call = null;
  const claimed = d.foulClaimed;
  if (claimed) {
    g.consecutiveFouls = withEntry(
      game.consecutiveFouls,
      claimed.player,
      claimed.consecutiveFoulsAfter,
    );
    g.fouls = withEntry(game.fouls, claimed.player, (game.fouls[claimed.player] ?? 0) + 1);
    const { kind, rule } = claimed.foul;
    g.claimedFouls = [...game.claimedFouls, { player: claimed.player, kind, rule }];
  }
  return g;
}

export function requireGame(game: GameState | null, type: string): GameState {
  if (!game) throw new Error(`${type} with no game in progress`);
  return game;
}

function sortBalls(balls: number[]): number[] {
  return balls.sort((a, b) => a - b);
}

function applyRuling(game: GameState, r: Ruling): GameState {
  const after = r.ballsOnTableAfter;
  const g = copyGame(game);
  g.ballsOnTable = [...after];
  g.pocketed = game.pocketed.concat(game.ballsOnTable.filter((b) => !after.includes(b)));
  g.groups = r.groupsAssigned ?? game.groups;
  g.shooter = r.nextShooter ?? game.shooter;
  g.isBreakShot = false;
  g.ballInHand = r.ballInHand;
  g.cueBallPlacement = null;
  g.call = null;
  g.consecutiveFouls = withEntry(game.consecutiveFouls, r.shooter, r.consecutiveFoulsAfter);
  if (r.appliedFoul !== null)
    g.fouls = withEntry(game.fouls, r.shooter, (game.fouls[r.shooter] ?? 0) + 1);
  g.pushOutAvailable = r.pushOutAvailable;
  g.frozenDeclared = [];
  // The warning is about a run of fouls; a legal shot ends the run and the warning with it.
  if (r.consecutiveFoulsAfter === 0)
    g.twoFoulWarned = withEntry(game.twoFoulWarned, r.shooter, false);
  return g;
}
