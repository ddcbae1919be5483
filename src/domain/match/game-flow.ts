import { DomainError } from '../errors';
import type { GameStarted, LedgerEvent } from '../events/catalogue';
import { toRulingV1 } from '../events/ruling';
import { adjudicateEightBall } from '../rules/eight-ball/adjudicate';
import type { CommonSetup } from '../rules/general/setup';
import { adjudicateRotation } from '../rules/rotation/adjudicate';
import { profileRules } from '../rules/profiles';
import type { GameEndReason, Ruling } from '../rules/ruling';
import { objectBallsFor } from '../table/vocabulary';
import { nextBreaker } from './break-order';
import type { PlayShot } from './commands';
import { activeGame, requireShooter } from './guards';
import { opponentOf, playerName, type GameState, type MatchState } from './state';

// A shot played and adjudicated, and the games and match it ends or starts.

export function startGame(
  state: MatchState,
  gameNumber: number,
  rack: number,
  breaker: string,
  reason: GameStarted['data']['reason'],
  rule: string,
): GameStarted {
  return {
    type: 'GameStarted',
    version: 1,
    data: {
      gameNumber,
      rack,
      breaker,
      ballsOnTable: objectBallsFor(state.discipline),
      reason,
      rule,
    },
  };
}

export function playShot(c: PlayShot, state: MatchState): LedgerEvent[] {
  const game = activeGame(state);
  requireShooter(state, game, c.shooter);
  // G1.8: the game starts with the break stroke; a foul without a stroke comes after it.
  if (c.facts.noStroke && game.isBreakShot)
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      'A foul without a stroke cannot be the break',
      'G1.8',
    );
  const opponent = opponentOf(state, c.shooter);
  const common: CommonSetup = {
    rules: profileRules(state.ruleProfile),
    shooter: c.shooter,
    opponent,
    isBreak: game.isBreakShot,
    ballsOnTable: game.ballsOnTable,
    call: game.isBreakShot ? null : game.call,
    consecutiveFouls: game.consecutiveFouls[c.shooter] ?? 0,
    refereePresent: state.refereePresent,
    ballInHand: game.ballInHand,
    placedZone: game.cueBallPlacement,
    warnings: state.warnings[c.shooter] ?? [],
    frozenDeclared: game.frozenDeclared,
    name: (id: string) => playerName(state, id),
  };
  // The discipline's fields are added to `common` (built here, shared with nothing): a spread of
  // it into a new object takes V8's slow path on every shot.
  const ruling: Ruling =
    state.discipline === 'EIGHT_BALL'
      ? adjudicateEightBall(Object.assign(common, { groups: game.groups }), c.facts)
      : adjudicateRotation(
          Object.assign(common, {
            discipline: state.discipline,
            pushOutAvailable: game.pushOutAvailable,
            warned: game.twoFoulWarned[c.shooter] === true,
          }),
          c.facts,
        );
  const shotNumber = game.shotRecords + 1;
  const events: LedgerEvent[] = [
    {
      type: 'ShotPlayed',
      version: 1,
      data: { shooter: c.shooter, gameNumber: game.number, shotNumber, facts: c.facts },
    },
    {
      type: 'ShotAdjudicated',
      version: 2,
      data: { gameNumber: game.number, shotNumber, ruling: toRulingV1(ruling) },
    },
  ];
  if (ruling.gameResult)
    events.push(
      ...endGame(
        state,
        game,
        ruling.gameResult.winner,
        ruling.gameResult.loser,
        ruling.gameResult.reason,
        ruling.gameResult.rule,
      ),
    );
  return events;
}

export function endGame(
  state: MatchState,
  game: GameState,
  winner: string,
  loser: string,
  reason: GameEndReason,
  rule: string,
): LedgerEvent[] {
  // A10: a forfeit ends the match at once; the forfeited frame is not scored.
  const forfeit = reason === 'MATCH_FORFEITED';
  const score = forfeit
    ? { ...state.score }
    : { ...state.score, [winner]: (state.score[winner] ?? 0) + 1 };
  const events: LedgerEvent[] = [
    {
      type: 'GameEnded',
      version: 1,
      data: { gameNumber: game.number, winner, loser, reason, rule, score },
    },
  ];
  if (forfeit) {
    events.push({
      type: 'MatchEnded',
      version: 1,
      data: { winner, loser, score, reason: 'FORFEIT' },
    });
  } else if (score[winner] >= state.raceTo) {
    events.push({
      type: 'MatchEnded',
      version: 1,
      data: { winner, loser, score, reason: 'RACE_WON' },
    });
  } else {
    const breaker = nextBreaker(state.breakOrder, { breaker: game.breaker, winner, loser }, score);
    events.push(startGame(state, game.number + 1, 1, breaker, 'NEXT_GAME', 'G1.34'));
  }
  return events;
}
