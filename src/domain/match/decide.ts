import { DomainError } from '../errors';
import type {
  BreakOrderDecided,
  GameStarted,
  LagFault,
  LagShot,
  LedgerEvent,
  OptionChosen,
  RefereeRuled,
  SpontaneousMovementOutcome,
} from '../events/catalogue';
import { adjudicateEightBall } from '../rules/eight-ball/adjudicate';
import { sentence, t, type Text } from '../rules/general/explain';
import type { CommonSetup } from '../rules/general/setup';
import { adjudicateRotation } from '../rules/rotation/adjudicate';
import { profileRules } from '../rules/profiles';
import type { GameEndReason, Ruling } from '../rules/ruling';
import { objectBallsFor, POCKETS } from '../table/vocabulary';
import { nextBreaker } from './break-order';
import {
  decideAmendment,
  isAmendmentCommand,
  MAX_APPEAL_WINDOW_MINUTES,
  type RecordedHistory,
} from './amendments';
import { assignOfficials } from './officials';
import type {
  CallShot,
  ChooseOption,
  DecideBreakOrder,
  DeclareFrozenBall,
  MatchCommand,
  PlaceCueBall,
  PlayShot,
  RecordRefereeRuling,
  ScheduleMatch,
} from './commands';
import { isPlayerOf, opponentOf, playerName, type GameState, type MatchState } from './state';

// decide: the only place rules are applied. Pure: same command and state, same events.
// Corrections, appeals and sign-off also need the recorded history and the time (`recorded`).
export function decide(
  command: MatchCommand,
  state: MatchState | null,
  recorded?: RecordedHistory,
): LedgerEvent[] {
  if (command.type === 'ScheduleMatch') return schedule(command, state);
  if (state === null)
    throw new DomainError('MATCH_NOT_SCHEDULED', 'The match has not been scheduled');
  if (isAmendmentCommand(command)) return decideAmendment(command, state, recorded);
  // Sign-off makes the match final: only an appeal filed before it can change it.
  if (state.final === true)
    throw new DomainError(
      'MATCH_SIGNED_OFF',
      'The match is signed off and final; only an appeal decision can change it',
    );
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
    case 'DeclareFrozenBall':
      return declareFrozenBall(command, state);
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
  // 9-ball and 10-ball exist only under the WPA profile (rule book, profiles).
  if (c.discipline !== 'EIGHT_BALL' && c.ruleProfile !== 'WPA') {
    throw new DomainError(
      'UNSUPPORTED_RULES',
      `${c.discipline} is played under the WPA profile only`,
    );
  }
  if (c.players[0].id === c.players[1].id) {
    throw new DomainError('INVALID_MATCH_SETUP', 'A match needs two different players');
  }
  if (
    c.appealWindowMinutes !== undefined &&
    (!Number.isInteger(c.appealWindowMinutes) ||
      c.appealWindowMinutes < 0 ||
      c.appealWindowMinutes > MAX_APPEAL_WINDOW_MINUTES)
  ) {
    throw new DomainError(
      'INVALID_MATCH_SETUP',
      `appealWindowMinutes must be a whole number from 0 to ${MAX_APPEAL_WINDOW_MINUTES}`,
    );
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
        ...(c.appealWindowMinutes !== undefined
          ? { appealWindowMinutes: c.appealWindowMinutes }
          : {}),
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
  // G1.6–1.7: the winner of the lag or toss chooses who breaks; that choice is its own event (A12).
  if (c.method === 'LAG' && c.lag) return [ruleLag(c.lag, state)];
  if (c.winner === null) {
    throw new DomainError(
      'INVALID_MATCH_SETUP',
      'Name the toss or lag winner, or give the lag facts',
      'G1.6',
    );
  }
  requirePlayer(state, c.winner);
  return [
    {
      type: 'BreakOrderDecided',
      version: 1,
      data: { method: c.method, winner: c.winner, rule: 'G1.6' },
    },
  ];
}

const LAG_FAULT_TEXT: Record<LagFault, Text> = {
  CROSSED_INTO_OTHER_HALF: t('crossed into the other half', 'passou para a outra metade da mesa'),
  MISSED_FOOT_CUSHION: t('did not reach the foot cushion', 'não tocou na tabela de topo'),
  POCKETED: t('was pocketed', 'foi embolsada'),
  JUMPED_OFF_TABLE: t('left the table', 'saiu da mesa'),
  TOUCHED_SIDE_CUSHION: t('touched a side cushion', 'tocou numa tabela lateral'),
  TOUCHED_FOOT_CUSHION_TWICE: t(
    'touched the foot cushion twice',
    'tocou duas vezes na tabela de topo',
  ),
};

// G1.6–1.7: a faulted lag loses; both faulted, or no difference between them, is a re-lag.
function ruleLag(lag: LagShot[], state: MatchState): BreakOrderDecided {
  const ids = state.players.map((p) => p.id);
  if (lag.length !== 2 || !ids.every((id) => lag.some((l) => l.player === id))) {
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      'A lag records one ball for each player of the match',
      'G1.6',
    );
  }
  for (const l of lag) {
    if (
      l.faults.length === 0 &&
      (l.distanceFromHeadCushionMm === null || l.distanceFromHeadCushionMm < 0)
    ) {
      throw new DomainError(
        'INVALID_SHOT_FACTS',
        `A lag without a fault needs the distance from the head cushion (${l.player})`,
        'G1.6',
      );
    }
  }
  const [a, b] = lag;
  const clean = lag.filter((l) => l.faults.length === 0);
  let winner: string | null = null;
  let why: Text;
  const faultText = (l: LagShot) =>
    t(
      `${playerName(state, l.player)}'s ball ${l.faults.map((f) => LAG_FAULT_TEXT[f].en).join(' and ')}`,
      `a bola de ${playerName(state, l.player)} ${l.faults.map((f) => LAG_FAULT_TEXT[f].pt).join(' e ')}`,
    );
  if (clean.length === 0) {
    why = t(
      `Both lags faulted (${faultText(a).en}; ${faultText(b).en}): the lag is replayed (G1.7).`,
      `As duas tiragens tiveram falta (${faultText(a).pt}; ${faultText(b).pt}): a tiragem repete-se (G1.7).`,
    );
  } else if (clean.length === 1) {
    winner = clean[0].player;
    const loser = lag.find((l) => l.player !== winner)!;
    why = t(
      `${faultText(loser).en}, so ${playerName(state, winner)} wins the lag and chooses who breaks (G1.6).`,
      `${faultText(loser).pt}, por isso ${playerName(state, winner)} ganha a tiragem e escolhe quem faz a saída (G1.6).`,
    );
  } else if (a.distanceFromHeadCushionMm === b.distanceFromHeadCushionMm) {
    why = t(
      'The two lags could not be told apart: the lag is replayed (G1.7).',
      'Não foi possível decidir a tiragem: repete-se (G1.7).',
    );
  } else {
    winner = a.distanceFromHeadCushionMm! < b.distanceFromHeadCushionMm! ? a.player : b.player;
    why = t(
      `${playerName(state, winner)}'s ball stopped closest to the head cushion: ${playerName(state, winner)} wins the lag and chooses who breaks (G1.6).`,
      `A bola de ${playerName(state, winner)} ficou mais perto da tabela de saída: ${playerName(state, winner)} ganha a tiragem e escolhe quem faz a saída (G1.6).`,
    );
  }
  return {
    type: 'BreakOrderDecided',
    version: 1,
    data: {
      method: 'LAG',
      winner,
      rule: winner === null ? 'G1.7' : 'G1.6',
      lag: lag.map((l) => ({
        player: l.player,
        faults: [...l.faults],
        distanceFromHeadCushionMm: l.distanceFromHeadCushionMm,
      })),
      explanation: capitalise(why.en),
      explanationPt: capitalise(why.pt),
    },
  };
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

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
    why: Text,
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
      explanation: why.en,
      explanationPt: why.pt,
    },
  });
  const who = playerName(state, chooser);

  if (pending.kind === 'BREAK_OR_CEDE') {
    const breaker = c.option === 'BREAK' ? chooser : other;
    return [
      chosen(
        null,
        'NONE',
        [],
        t(
          `${who} won the lag or toss and chose that ${playerName(state, breaker)} breaks (G1.6).`,
          `${who} ganhou a tiragem ou a moeda ao ar e escolheu que ${playerName(state, breaker)} faz a saída (G1.6).`,
        ),
      ),
      startGame(state, 1, 1, breaker, 'FIRST_GAME', 'G1.8'),
    ];
  }
  if (!game) throw new DomainError('NO_GAME_IN_PROGRESS', 'No game is in progress');
  switch (c.option) {
    case 'ACCEPT_TABLE':
    case 'SPOT_EIGHT_AND_SHOOT': {
      const spotted = c.option === 'SPOT_EIGHT_AND_SHOOT' ? [8] : [];
      const kitchen = pending.ballInHandIfShooting === 'BEHIND_HEAD_STRING';
      const where = kitchen
        ? t(' with ball in hand behind the head string', ' com bola na mão atrás da linha de saída')
        : t(' from where the cue ball lies', ' com a bola branca onde está');
      const what = spotted.length
        ? t('spots the 8 and shoots', 'recoloca a 8 e joga')
        : t('accepts the table and shoots', 'aceita a mesa e joga');
      return [
        chosen(
          chooser,
          pending.ballInHandIfShooting,
          spotted,
          t(
            `${who} ${what.en}${where.en} (${pending.rule}).`,
            `${who} ${what.pt}${where.pt} (${pending.rule}).`,
          ),
        ),
      ];
    }
    case 'SHOOT':
      return [
        chosen(
          chooser,
          'NONE',
          [],
          t(
            `${who} chooses to shoot from the position left (${pending.rule}).`,
            `${who} escolhe jogar a posição deixada (${pending.rule}).`,
          ),
        ),
      ];
    case 'PASS_BACK':
      return [
        chosen(
          other,
          'NONE',
          [],
          t(
            `${who} hands the shot back to ${playerName(state, other)} (${pending.rule}).`,
            `${who} devolve a tacada a ${playerName(state, other)} (${pending.rule}).`,
          ),
        ),
      ];
    case 'BALL_IN_HAND_ANYWHERE':
      return [
        chosen(
          chooser,
          'ANYWHERE',
          [],
          t(
            `${who} takes ball in hand anywhere (${pending.rule}).`,
            `${who} fica com bola na mão em qualquer ponto da mesa (${pending.rule}).`,
          ),
        ),
      ];
    case 'REPLAY_SHOT': {
      // G1.37: the balls are restored and the offender replays from the kitchen.
      const restore = pending.restore ?? [];
      return [
        chosen(
          other,
          'BEHIND_HEAD_STRING',
          restore,
          t(
            `${who} has the balls restored and ${playerName(state, other)} replays the shot from behind the head string (${pending.rule}).`,
            `${who} pede a reposição das bolas e ${playerName(state, other)} repete a tacada de atrás da linha de saída (${pending.rule}).`,
          ),
        ),
      ];
    }
    case 'BALL_IN_HAND_BEHIND_HEAD_STRING':
      return [
        chosen(
          chooser,
          'BEHIND_HEAD_STRING',
          [],
          t(
            `${who} takes ball in hand behind the head string (${pending.rule}).`,
            `${who} fica com bola na mão atrás da linha de saída (${pending.rule}).`,
          ),
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
          t(
            `${who} chose a re-rack; ${playerName(state, breaker)} breaks (${pending.rule}).`,
            `${who} escolheu voltar a armar; ${playerName(state, breaker)} faz a saída (${pending.rule}).`,
          ),
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

function declareFrozenBall(c: DeclareFrozenBall, state: MatchState): LedgerEvent[] {
  const game = activeGame(state);
  requirePlayer(state, c.declaredBy);
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

function playShot(c: PlayShot, state: MatchState): LedgerEvent[] {
  const game = activeGame(state);
  requireShooter(state, game, c.shooter);
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
  const ruling: Ruling =
    state.discipline === 'EIGHT_BALL'
      ? adjudicateEightBall({ ...common, groups: game.groups }, c.facts)
      : adjudicateRotation(
          {
            ...common,
            discipline: state.discipline,
            pushOutAvailable: game.pushOutAvailable,
            warned: game.twoFoulWarned[c.shooter] === true,
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

function refereeRuling(c: RecordRefereeRuling, state: MatchState): LedgerEvent[] {
  const ruled = (rule: string, why: Text): RefereeRuled => ({
    type: 'RefereeRuled',
    version: 1,
    data: {
      kind: c.kind,
      player: c.player,
      restored: c.restored,
      ...(c.movement !== undefined ? { movement: c.movement } : {}),
      ...(c.ball !== undefined ? { ball: c.ball } : {}),
      ...(c.sanction !== undefined ? { sanction: c.sanction } : {}),
      note: c.note,
      rule,
      explanation: why.en,
      explanationPt: why.pt,
    },
  });
  switch (c.kind) {
    case 'SPONTANEOUS_MOVEMENT': {
      activeGame(state);
      if (c.movement === undefined || c.ball === undefined) {
        throw new DomainError(
          'INVALID_MATCH_SETUP',
          'Say which ball moved and what became of it',
          'G1.31',
        );
      }
      // G1.31 / G1.15: settled balls stay; a ball dropping over 5 s after stopping is replaced;
      // a ball dropping as it is shot at, with the cue ball passing its spot, means both are
      // restored and the stroke replayed (nothing is recorded for it). No penalty in any case.
      const what: Record<SpontaneousMovementOutcome, Text> = {
        STAYS: t(
          `the ${c.ball} moved by itself and stays where it stopped`,
          `a ${c.ball} moveu-se sozinha e fica onde parou`,
        ),
        REPLACED: t(
          `the ${c.ball} dropped more than 5 s after stopping and is replaced (G1.15)`,
          `a ${c.ball} caiu mais de 5 s depois de parar e é reposta (G1.15)`,
        ),
        SHOT_REPLAYED: t(
          `the ${c.ball} dropped as it was being shot at: the balls are restored and the stroke replayed`,
          `a ${c.ball} caiu quando ia ser jogada: as bolas são repostas e a tacada repete-se`,
        ),
      };
      return [
        ruled(
          'G1.31',
          sentence(what[c.movement], t('no penalty (G1.31)', 'sem penalização (G1.31)')),
        ),
      ];
    }
    case 'UNSPORTSMANLIKE_CONDUCT': {
      const game = activeGame(state);
      if (c.player === null || c.sanction === undefined) {
        throw new DomainError('INVALID_MATCH_SETUP', 'Name the offender and the sanction', 'G1.39');
      }
      requirePlayer(state, c.player);
      const offender = c.player;
      const other = opponentOf(state, offender);
      // G1.39: the sanction is at the referee's discretion; the ledger applies what was ruled.
      if (c.sanction === 'WARNING') {
        return [
          ruled(
            'G1.39',
            t(
              `${playerName(state, offender)} is warned for unsportsmanlike conduct (G1.39).`,
              `${playerName(state, offender)} é advertido por conduta anti-desportiva (G1.39).`,
            ),
          ),
        ];
      }
      const forfeit = c.sanction === 'FORFEIT_OF_MATCH';
      return [
        ruled(
          'G1.39',
          forfeit
            ? t(
                `${playerName(state, offender)} forfeits the match for unsportsmanlike conduct (G1.39).`,
                `${playerName(state, offender)} perde a partida por conduta anti-desportiva (G1.39).`,
              )
            : t(
                `${playerName(state, offender)} loses the game for unsportsmanlike conduct (G1.39).`,
                `${playerName(state, offender)} perde o jogo por conduta anti-desportiva (G1.39).`,
              ),
        ),
        ...endGame(
          state,
          game,
          other,
          offender,
          forfeit ? 'MATCH_FORFEITED' : 'UNSPORTSMANLIKE_CONDUCT',
          'G1.39',
        ),
      ];
    }
    case 'WARNING': {
      if (c.player === null)
        throw new DomainError('INVALID_MATCH_SETUP', 'A warning names the player warned');
      requirePlayer(state, c.player);
      return [
        ruled(
          'G1.29',
          t(
            `${playerName(state, c.player)} is warned (G1.29); a second warned violation forfeits the match (A10).`,
            `${playerName(state, c.player)} é advertido (G1.29); uma segunda infração advertida dá perda da partida (A10).`,
          ),
        ),
      ];
    }
    case 'STALEMATE': {
      const game = activeGame(state);
      // E8.19 / N9.9 / T10.11: re-rack; the original breaker breaks again.
      const rule =
        state.discipline === 'EIGHT_BALL'
          ? 'E8.19'
          : state.discipline === 'NINE_BALL'
            ? 'N9.9'
            : 'T10.11';
      const breaker = playerName(state, game.breaker);
      return [
        ruled(
          rule,
          t(
            `Stalemate declared: the rack is replayed and ${breaker} breaks again (${rule}).`,
            `Declarado empate técnico: o jogo é repetido e ${breaker} volta a fazer a saída (${rule}).`,
          ),
        ),
        startGame(state, game.number, game.rack + 1, game.breaker, 'RERACK', rule),
      ];
    }
    case 'TWO_FOUL_WARNING': {
      const game = activeGame(state);
      if (state.discipline === 'EIGHT_BALL')
        throw new DomainError(
          'INVALID_MATCH_SETUP',
          'Three fouls are not a loss in 8-ball (E8.20)',
          'E8.20',
        );
      if (c.player === null)
        throw new DomainError(
          'INVALID_MATCH_SETUP',
          'The warning names the player on two fouls',
          'N9.8',
        );
      requirePlayer(state, c.player);
      if ((game.consecutiveFouls[c.player] ?? 0) !== 2) {
        throw new DomainError(
          'INVALID_MATCH_SETUP',
          `${playerName(state, c.player)} is not on two consecutive fouls`,
          'N9.8',
        );
      }
      const rule = state.discipline === 'NINE_BALL' ? 'N9.8' : 'T10.10';
      return [
        ruled(
          rule,
          t(
            `${playerName(state, c.player)} is warned on two consecutive fouls; a third loses the rack (${rule}).`,
            `${playerName(state, c.player)} é avisado de que tem duas faltas seguidas; uma terceira perde o jogo (${rule}).`,
          ),
        ),
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
            t(
              'Outside interference: the balls were restored and play goes on with no penalty (G1.33).',
              'Interferência externa: as bolas foram repostas e o jogo continua sem penalização (G1.33).',
            ),
          ),
        ];
      return [
        ruled(
          'G1.33',
          t(
            `Outside interference that could not be undone: the game is replayed and ${playerName(state, game.breaker)} breaks again (G1.33).`,
            `Interferência externa sem reposição possível: o jogo é repetido e ${playerName(state, game.breaker)} volta a fazer a saída (G1.33).`,
          ),
        ),
        startGame(state, game.number, game.rack + 1, game.breaker, 'RERACK', 'G1.33'),
      ];
    }
  }
}
