import { DomainError } from '../errors';
import type { LedgerEvent } from '../events/catalogue';
import { POCKETS } from '../table/vocabulary';
import type { CallShot, DeclareFrozenBall, PlaceCueBall } from './commands';
import { activeGame, requireShooter } from './guards';
import { isPlayerOf, type MatchState } from './state';

// Table commands recorded before a shot: the cue ball placed, the shot called, a ball declared frozen.

export function placeCueBall(c: PlaceCueBall, state: MatchState): LedgerEvent[] {
  const game = activeGame(state);
  requireShooter(state, game, c.player);
  if (game.ballInHand === 'NONE')
    throw new DomainError('NO_BALL_IN_HAND', 'The shooter does not have ball in hand');
  // G1.10 / G1.16: behind the head string means the kitchen; a placement on or over the line is
  // recorded as it is, and only a warning before the shot makes it a foul (adjudicated with the shot).
  if (game.ballInHand === 'ANYWHERE' && c.zone !== 'ANYWHERE') {
    throw new DomainError(
      'ILLEGAL_PLACEMENT',
      'With ball in hand anywhere, record the zone as ANYWHERE',
      'G1.17',
    );
  }
  if (game.ballInHand === 'BEHIND_HEAD_STRING' && c.zone === 'ANYWHERE') {
    throw new DomainError(
      'ILLEGAL_PLACEMENT',
      'Ball in hand is behind the head string: record KITCHEN, ON_HEAD_STRING or BEYOND_HEAD_STRING',
      'G1.10',
    );
  }
  return [{ type: 'CueBallPlaced', version: 1, data: { player: c.player, zone: c.zone } }];
}

export function callShot(c: CallShot, state: MatchState): LedgerEvent[] {
  const game = activeGame(state);
  requireShooter(state, game, c.player);
  // E8.2 / T10.4: the break is not a called shot.
  if (game.isBreakShot)
    throw new DomainError('INVALID_CALL', 'The break is not a called shot', 'E8.2');
  const { ball, pocket, safety } = c.call;
  const pushOut = c.call.pushOut === true;
  const rotation = state.discipline !== 'EIGHT_BALL';
  if (pushOut) {
    if (!rotation) throw new DomainError('INVALID_CALL', 'There is no push out in 8-ball', 'N9.2');
    // N9.2: only on the shot right after a foul-free break.
    if (!game.pushOutAvailable)
      throw new DomainError(
        'INVALID_CALL',
        'A push out is allowed only on the shot after a legal break',
        'N9.2',
      );
    if (safety || ball !== null || pocket !== null)
      throw new DomainError('INVALID_CALL', 'A push out names no ball, pocket or safety', 'N9.2');
  } else if (safety && state.discipline === 'NINE_BALL') {
    // A13: WPA 1.6 is for call-shot games; 9-ball has no called safety.
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      'There is no declared safety in 9-ball: a legally pocketed ball always continues the inning',
      'N9.3',
    );
  } else if (safety) {
    if (ball !== null || pocket !== null)
      throw new DomainError('INVALID_CALL', 'A safety call names no ball or pocket', 'E8.11');
  } else if (state.discipline === 'NINE_BALL') {
    throw new DomainError(
      'INVALID_CALL',
      'In 9-ball only a push out or a safety is declared; shots are not called',
      'N9.3',
    );
  } else {
    // G1.4 / T10.4: a call is one ball and one pocket.
    if (ball === null || pocket === null)
      throw new DomainError('INVALID_CALL', 'A call names one ball and one pocket', 'G1.4');
    if (!game.ballsOnTable.includes(ball))
      throw new DomainError(
        'BALL_NOT_ON_TABLE',
        `The called ball ${ball} is not on the table`,
        'G1.4',
      );
    if (!(POCKETS as readonly string[]).includes(pocket))
      throw new DomainError('INVALID_CALL', `Unknown pocket ${pocket}`);
  }
  const data = pushOut
    ? { player: c.player, ball, pocket, safety, pushOut }
    : { player: c.player, ball, pocket, safety };
  return [{ type: 'ShotCalled', version: 1, data }];
}

// G1.36: the ball is examined and announced by the referee, or by the opponent without one; a
// declarer is therefore a player or one of the referees assigned to the match.
function requireDeclarer(state: MatchState, declaredBy: string): void {
  if (state.refereePresent && state.officials.referees.includes(declaredBy)) return;
  if (isPlayerOf(state, declaredBy)) return;
  throw new DomainError(
    'NOT_A_PLAYER_OF_MATCH',
    `${declaredBy} is neither a player nor a referee of this match`,
    'G1.36',
  );
}

export function declareFrozenBall(c: DeclareFrozenBall, state: MatchState): LedgerEvent[] {
  const game = activeGame(state);
  requireDeclarer(state, c.declaredBy);
  if (game.isBreakShot)
    throw new DomainError('INVALID_SHOT_FACTS', 'No ball is frozen on the break', 'G1.36');
  if (!game.ballsOnTable.includes(c.ball)) {
    throw new DomainError('BALL_NOT_ON_TABLE', `Ball ${c.ball} is not on the table`, 'G1.36');
  }
  if (game.frozenDeclared.some((f) => f.ball === c.ball)) {
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      `Ball ${c.ball} is already declared frozen`,
      'G1.36',
    );
  }
  return [
    {
      type: 'FrozenBallDeclared',
      version: 1,
      data: { declaredBy: c.declaredBy, ball: c.ball, cushion: c.cushion },
    },
  ];
}
