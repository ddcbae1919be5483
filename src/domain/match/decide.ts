import { DomainError } from '../errors';
import type { GameStarted, LedgerEvent, OptionChosen, RefereeRuled } from '../events/catalogue';
import { adjudicateEightBall } from '../rules/eight-ball/adjudicate';
import { profileRules } from '../rules/profiles';
import type { GameEndReason, Ruling } from '../rules/ruling';
import { objectBallsFor, POCKETS } from '../table/vocabulary';
import { nextBreaker } from './break-order';
import { assignOfficials } from './officials';
import type {
  CallShot,
  ChooseOption,
  DecideBreakOrder,
  MatchCommand,
  PlaceCueBall,
  PlayShot,
  RecordRefereeRuling,
  ScheduleMatch,
} from './commands';
import { isPlayerOf, opponentOf, playerName, type GameState, type MatchState } from './state';

// decide: the only place rules are applied. Pure: same command and state, same events.
export function decide(command: MatchCommand, state: MatchState | null): LedgerEvent[] {
  if (command.type === 'ScheduleMatch') return schedule(command, state);
  if (state === null)
    throw new DomainError('MATCH_NOT_SCHEDULED', 'The match has not been scheduled');
  if (state.status === 'COMPLETED') {
    throw new DomainError(
      'MATCH_OVER',
      `The match is over; ${playerName(state, state.winner)} won it`,
    );
  }
  switch (command.type) {
    case 'DecideBreakOrder':
      return decideBreakOrder(command, state);
    case 'ChooseOption':
      return chooseOption(command, state);
    case 'PlaceCueBall':
      return placeCueBall(command, state);
    case 'CallShot':
      return callShot(command, state);
    case 'PlayShot':
      return playShot(command, state);
    case 'RecordRefereeRuling':
      return refereeRuling(command, state);
    case 'AssignOfficials':
      return assignOfficials(command, state);
  }
}

function schedule(c: ScheduleMatch, state: MatchState | null): LedgerEvent[] {
  if (state !== null)
    throw new DomainError('MATCH_ALREADY_SCHEDULED', `Match ${c.matchId} is already scheduled`);
  if (c.discipline !== 'EIGHT_BALL') {
    throw new DomainError(
      'UNSUPPORTED_RULES',
      `${c.discipline} is not adjudicated by engine yet; only EIGHT_BALL is`,
    );
  }
  if (c.players[0].id === c.players[1].id) {
    throw new DomainError('INVALID_MATCH_SETUP', 'A match needs two different players');
  }
  if (!Number.isInteger(c.raceTo) || c.raceTo < 1) {
    throw new DomainError(
      'INVALID_MATCH_SETUP',
      'raceTo must be a whole number of games, at least 1',
    );
  }
  return [
    {
      type: 'MatchScheduled',
      version: 1,
      data: {
        matchId: c.matchId,
        discipline: c.discipline,
        ruleProfile: c.ruleProfile,
        raceTo: c.raceTo,
        players: [{ ...c.players[0] }, { ...c.players[1] }],
        breakOrder: c.breakOrder,
        refereePresent: c.refereePresent,
        competition: c.competition,
      },
    },
  ];
}

function requirePlayer(state: MatchState, player: string): void {
  if (!isPlayerOf(state, player)) {
    throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${player} is not a player of this match`);
  }
}

function decideBreakOrder(c: DecideBreakOrder, state: MatchState): LedgerEvent[] {
  if (state.status !== 'AWAITING_BREAK_ORDER' || state.pendingChoice !== null) {
    throw new DomainError(
      'BREAK_ORDER_ALREADY_DECIDED',
      'The break order of this match is already decided',
    );
  }
  requirePlayer(state, c.winner);
  // G1.6–1.7: the winner of the lag or toss chooses who breaks; that choice is its own event (A12).
  return [
    {
      type: 'BreakOrderDecided',
      version: 1,
      data: { method: c.method, winner: c.winner, rule: 'G1.6' },
    },
  ];
}

function startGame(
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

function chooseOption(c: ChooseOption, state: MatchState): LedgerEvent[] {
  const pending = state.pendingChoice;
  if (!pending) throw new DomainError('NO_CHOICE_PENDING', 'No choice is owed by anyone now');
  requirePlayer(state, c.player);
  if (pending.player !== c.player) {
    throw new DomainError(
      'WRONG_PLAYER',
      `The choice belongs to ${playerName(state, pending.player)}`,
      pending.rule,
    );
  }
  if (!pending.options.includes(c.option)) {
    throw new DomainError(
      'OPTION_NOT_OFFERED',
      `${c.option} is not one of the options: ${pending.options.join(', ')}`,
      pending.rule,
    );
  }
  const chooser = c.player;
  const other = opponentOf(state, chooser);
  const game = state.currentGame;
  const chosen = (
    nextShooter: string | null,
    ballInHand: OptionChosen['data']['ballInHand'],
    spotted: number[],
    explanation: string,
  ): OptionChosen => ({
    type: 'OptionChosen',
    version: 1,
    data: {
      player: chooser,
      choice: pending.kind,
      option: c.option,
      nextShooter,
      ballInHand,
      spotted,
      rule: pending.rule,
      explanation,
    },
  });

  if (pending.kind === 'BREAK_OR_CEDE') {
    const breaker = c.option === 'BREAK' ? chooser : other;
    return [
      chosen(
        null,
        'NONE',
        [],
        `${playerName(state, chooser)} won the lag or toss and chose that ${playerName(state, breaker)} breaks (G1.6).`,
      ),
      startGame(state, 1, 1, breaker, 'FIRST_GAME', 'G1.8'),
    ];
  }
  if (!game) throw new DomainError('NO_GAME_IN_PROGRESS', 'No game is in progress');
  switch (c.option) {
    case 'ACCEPT_TABLE':
    case 'SPOT_EIGHT_AND_SHOOT': {
      const spotted = c.option === 'SPOT_EIGHT_AND_SHOOT' ? [8] : [];
      const where =
        pending.ballInHandIfShooting === 'BEHIND_HEAD_STRING'
          ? ' with ball in hand behind the head string'
          : ' from where the cue ball lies';
      const what = spotted.length ? 'spots the 8 and shoots' : 'accepts the table and shoots';
      return [
        chosen(
          chooser,
          pending.ballInHandIfShooting,
          spotted,
          `${playerName(state, chooser)} ${what}${where} (${pending.rule}).`,
        ),
      ];
    }
    case 'BALL_IN_HAND_BEHIND_HEAD_STRING':
      return [
        chosen(
          chooser,
          'BEHIND_HEAD_STRING',
          [],
          `${playerName(state, chooser)} takes ball in hand behind the head string (${pending.rule}).`,
        ),
      ];
    case 'RERACK_AND_BREAK':
    case 'RERACK_OPPONENT_BREAKS': {
      const breaker = c.option === 'RERACK_AND_BREAK' ? chooser : other;
      return [
        chosen(
          null,
          'NONE',
          [],
          `${playerName(state, chooser)} chose a re-rack; ${playerName(state, breaker)} breaks (${pending.rule}).`,
        ),
        startGame(state, game.number, game.rack + 1, breaker, 'RERACK', pending.rule),
      ];
    }
    default:
      throw new DomainError('OPTION_NOT_OFFERED', `${c.option} does not apply to ${pending.kind}`);
  }
}

function activeGame(state: MatchState): GameState {
  if (state.pendingChoice) {
    const p = state.pendingChoice;
    throw new DomainError(
      'CHOICE_PENDING',
      `${playerName(state, p.player)} must first choose: ${p.options.join(', ')}`,
      p.rule,
    );
  }
  const game = state.currentGame;
  if (!game || game.status !== 'IN_PROGRESS')
    throw new DomainError('NO_GAME_IN_PROGRESS', 'No game is in progress');
  return game;
}

function requireShooter(state: MatchState, game: GameState, player: string): void {
  requirePlayer(state, player);
  if (game.shooter !== player) {
    throw new DomainError(
      'WRONG_PLAYER',
      `It is ${playerName(state, game.shooter)}'s turn, not ${playerName(state, player)}'s`,
      'G1.35',
    );
  }
}

function placeCueBall(c: PlaceCueBall, state: MatchState): LedgerEvent[] {
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

function callShot(c: CallShot, state: MatchState): LedgerEvent[] {
  const game = activeGame(state);
  requireShooter(state, game, c.player);
  // E8.2: the break is not a called shot.
  if (game.isBreakShot)
    throw new DomainError('INVALID_CALL', 'The break is not a called shot', 'E8.2');
  const { ball, pocket, safety } = c.call;
  if (safety) {
    if (ball !== null || pocket !== null)
      throw new DomainError('INVALID_CALL', 'A safety call names no ball or pocket', 'E8.11');
  } else {
    // G1.4: a call is one ball and one pocket.
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
  return [{ type: 'ShotCalled', version: 1, data: { player: c.player, ball, pocket, safety } }];
}

function playShot(c: PlayShot, state: MatchState): LedgerEvent[] {
  const game = activeGame(state);
  requireShooter(state, game, c.shooter);
  const opponent = opponentOf(state, c.shooter);
  const ruling: Ruling = adjudicateEightBall(
    {
      rules: profileRules(state.ruleProfile),
      shooter: c.shooter,
      opponent,
      isBreak: game.isBreakShot,
      ballsOnTable: game.ballsOnTable,
      groups: game.groups,
      call: game.isBreakShot ? null : game.call,
      name: (id) => playerName(state, id),
    },
    c.facts,
  );
  const shotNumber = game.shotsPlayed + 1;
  const events: LedgerEvent[] = [
    {
      type: 'ShotPlayed',
      version: 1,
      data: { shooter: c.shooter, gameNumber: game.number, shotNumber, facts: c.facts },
    },
    { type: 'ShotAdjudicated', version: 1, data: { gameNumber: game.number, shotNumber, ruling } },
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

function endGame(
  state: MatchState,
  game: GameState,
  winner: string,
  loser: string,
  reason: GameEndReason,
  rule: string,
): LedgerEvent[] {
  const score = { ...state.score, [winner]: (state.score[winner] ?? 0) + 1 };
  const events: LedgerEvent[] = [
    {
      type: 'GameEnded',
      version: 1,
      data: { gameNumber: game.number, winner, loser, reason, rule, score },
    },
  ];
  if (score[winner] >= state.raceTo) {
    events.push({ type: 'MatchEnded', version: 1, data: { winner, loser, score } });
  } else {
    const breaker = nextBreaker(state.breakOrder, { breaker: game.breaker, winner, loser }, score);
    events.push(startGame(state, game.number + 1, 1, breaker, 'NEXT_GAME', 'G1.34'));
  }
  return events;
}

function refereeRuling(c: RecordRefereeRuling, state: MatchState): LedgerEvent[] {
  const ruled = (rule: string, explanation: string): RefereeRuled => ({
    type: 'RefereeRuled',
    version: 1,
    data: { kind: c.kind, player: c.player, restored: c.restored, note: c.note, rule, explanation },
  });
  switch (c.kind) {
    case 'WARNING': {
      if (c.player === null)
        throw new DomainError('INVALID_MATCH_SETUP', 'A warning names the player warned');
      requirePlayer(state, c.player);
      return [
        ruled(
          'G1.29',
          `${playerName(state, c.player)} is warned (G1.29); a second warned violation forfeits the match (A10).`,
        ),
      ];
    }
    case 'STALEMATE': {
      const game = activeGame(state);
      // E8.19: re-rack; the original breaker breaks again.
      return [
        ruled(
          'E8.19',
          `Stalemate declared: the rack is replayed and ${playerName(state, game.breaker)} breaks again (E8.19).`,
        ),
        startGame(state, game.number, game.rack + 1, game.breaker, 'RERACK', 'E8.19'),
      ];
    }
    case 'OUTSIDE_INTERFERENCE': {
      const game = activeGame(state);
      if (c.restored === null)
        throw new DomainError('INVALID_MATCH_SETUP', 'Say whether the balls were restored (G1.33)');
      if (c.restored)
        return [
          ruled(
            'G1.33',
            'Outside interference: the balls were restored and play goes on with no penalty (G1.33).',
          ),
        ];
      return [
        ruled(
          'G1.33',
          `Outside interference that could not be undone: the game is replayed and ${playerName(state, game.breaker)} breaks again (G1.33).`,
        ),
        startGame(state, game.number, game.rack + 1, game.breaker, 'RERACK', 'G1.33'),
      ];
    }
  }
}
