import { DomainError } from '../errors';
import type { LedgerEvent, OptionChosen } from '../events/catalogue';
import { t, type Text } from '../rules/general/explain';
import type { OptionKind, PendingChoice } from '../rules/ruling';
import type { BallInHand } from '../table/vocabulary';
import type { ChooseOption } from './commands';
import { startGame } from './game-flow';
import { requirePlayer } from './guards';
import { opponentOf, playerName, type MatchState } from './state';

// A12: a choice owed to a player (who breaks, or what to do after a foul or a push out) is
// recorded with its resolved effect, so that replay needs no rule logic.

interface Choice {
  option: OptionKind;
  pending: PendingChoice;
  chooser: string;
  other: string;
  who: string;
  name(id: string): string;
}

interface Effect {
  nextShooter: string | null;
  ballInHand: BallInHand;
  spotted: number[];
  why: Text;
  // A re-rack of the same game, broken by this player.
  rerackBreaker?: string;
}

export function chooseOption(c: ChooseOption, state: MatchState): LedgerEvent[] {
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
  const choice: Choice = {
    option: c.option,
    pending,
    chooser: c.player,
    other: opponentOf(state, c.player),
    who: playerName(state, c.player),
    name: (id) => playerName(state, id),
  };
  if (pending.kind === 'BREAK_OR_CEDE') return breakOrCede(choice, state);
  const game = state.currentGame;
  if (!game) throw new DomainError('NO_GAME_IN_PROGRESS', 'No game is in progress');
  const effectOf = EFFECTS[c.option];
  if (!effectOf)
    throw new DomainError('OPTION_NOT_OFFERED', `${c.option} does not apply to ${pending.kind}`);
  const effect = effectOf(choice);
  const events: LedgerEvent[] = [chosen(choice, effect)];
  if (effect.rerackBreaker !== undefined)
    events.push(
      startGame(state, game.number, game.rack + 1, effect.rerackBreaker, 'RERACK', pending.rule),
    );
  return events;
}

function chosen({ option, pending, chooser }: Choice, e: Effect): OptionChosen {
  return {
    type: 'OptionChosen',
    version: 1,
    data: {
      player: chooser,
      choice: pending.kind,
      option,
      nextShooter: e.nextShooter,
      ballInHand: e.ballInHand,
      spotted: e.spotted,
      rule: pending.rule,
      explanation: e.why.en,
      explanationPt: e.why.pt,
    },
  };
}

// G1.6: the lag or toss winner breaks or cedes the break; the first game starts (G1.8).
function breakOrCede(x: Choice, state: MatchState): LedgerEvent[] {
  const breaker = x.option === 'BREAK' ? x.chooser : x.other;
  const why = t(
    `${x.who} won the lag or toss and chose that ${x.name(breaker)} breaks (G1.6).`,
    `${x.who} ganhou a tiragem ou a moeda ao ar e escolheu que ${x.name(breaker)} faz a saída (G1.6).`,
  );
  return [
    chosen(x, { nextShooter: null, ballInHand: 'NONE', spotted: [], why }),
    startGame(state, 1, 1, breaker, 'FIRST_GAME', 'G1.8'),
  ];
}

function shootAsItLies({ option, pending, chooser, who }: Choice): Effect {
  const spotted = option === 'SPOT_EIGHT_AND_SHOOT' ? [8] : [];
  const kitchen = pending.ballInHandIfShooting === 'BEHIND_HEAD_STRING';
  const where = kitchen
    ? t(' with ball in hand behind the head string', ' com bola na mão atrás da linha de saída')
    : t(' from where the cue ball lies', ' com a bola branca onde está');
  const what = spotted.length
    ? t('spots the 8 and shoots', 'recoloca a 8 e joga')
    : t('accepts the table and shoots', 'aceita a mesa e joga');
  return {
    nextShooter: chooser,
    ballInHand: pending.ballInHandIfShooting,
    spotted,
    why: t(
      `${who} ${what.en}${where.en} (${pending.rule}).`,
      `${who} ${what.pt}${where.pt} (${pending.rule}).`,
    ),
  };
}

function rerack({ option, pending, chooser, other, who, name }: Choice): Effect {
  const breaker = option === 'RERACK_AND_BREAK' ? chooser : other;
  return {
    nextShooter: null,
    ballInHand: 'NONE',
    spotted: [],
    why: t(
      `${who} chose a re-rack; ${name(breaker)} breaks (${pending.rule}).`,
      `${who} escolheu voltar a armar; ${name(breaker)} faz a saída (${pending.rule}).`,
    ),
    rerackBreaker: breaker,
  };
}

const EFFECTS: Partial<Record<OptionKind, (x: Choice) => Effect>> = {
  ACCEPT_TABLE: shootAsItLies,
  SPOT_EIGHT_AND_SHOOT: shootAsItLies,
  SHOOT: ({ pending, chooser, who }) => ({
    nextShooter: chooser,
    ballInHand: 'NONE',
    spotted: [],
    why: t(
      `${who} chooses to shoot from the position left (${pending.rule}).`,
      `${who} escolhe jogar a posição deixada (${pending.rule}).`,
    ),
  }),
  PASS_BACK: ({ pending, other, who, name }) => ({
    nextShooter: other,
    ballInHand: 'NONE',
    spotted: [],
    why: t(
      `${who} hands the shot back to ${name(other)} (${pending.rule}).`,
      `${who} devolve a tacada a ${name(other)} (${pending.rule}).`,
    ),
  }),
  BALL_IN_HAND_ANYWHERE: ({ pending, chooser, who }) => ({
    nextShooter: chooser,
    ballInHand: 'ANYWHERE',
    spotted: [],
    why: t(
      `${who} takes ball in hand anywhere (${pending.rule}).`,
      `${who} fica com bola na mão em qualquer ponto da mesa (${pending.rule}).`,
    ),
  }),
  // G1.37: the balls are restored and the offender replays from the kitchen.
  REPLAY_SHOT: ({ pending, other, who, name }) => ({
    nextShooter: other,
    ballInHand: 'BEHIND_HEAD_STRING',
    spotted: pending.restore ?? [],
    why: t(
      `${who} has the balls restored and ${name(other)} replays the shot from behind the head string (${pending.rule}).`,
      `${who} pede a reposição das bolas e ${name(other)} repete a tacada de atrás da linha de saída (${pending.rule}).`,
    ),
  }),
  BALL_IN_HAND_BEHIND_HEAD_STRING: ({ pending, chooser, who }) => ({
    nextShooter: chooser,
    ballInHand: 'BEHIND_HEAD_STRING',
    spotted: [],
    why: t(
      `${who} takes ball in hand behind the head string (${pending.rule}).`,
      `${who} fica com bola na mão atrás da linha de saída (${pending.rule}).`,
    ),
  }),
  RERACK_AND_BREAK: rerack,
  RERACK_OPPONENT_BREAKS: rerack,
};
