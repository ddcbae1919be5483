import { foul } from './foul-catalogue';
import { t, type Text } from './general/explain';
import type { FoulFinding, OptionKind, PendingChoice } from './ruling';
import type { BallInHand } from '../table/vocabulary';

// A12: what each option of a choice owed does. The same effect is recorded when the option is
// chosen (OptionChosen) and shown beforehand, so a scorer sees the consequence of every option.

export interface Chooser {
  pending: PendingChoice;
  option: OptionKind;
  chooser: string;
  // The other player of the match.
  other: string;
  name(id: string): string;
}

export interface OptionEffect {
  // Who shoots next; null when a re-rack follows (the breaker then breaks from the kitchen).
  nextShooter: string | null;
  ballInHand: BallInHand;
  spotted: number[];
  why: Text;
  // A re-rack (or the first rack) broken by this player.
  rerackBreaker?: string;
  // G1.37 without a referee: ball in hand is taken by claiming the foul, which counts against
  // the other player.
  foulClaimed?: { player: string; foul: FoulFinding };
}

function shootAsItLies({ option, pending, chooser, name }: Chooser): OptionEffect {
  const spotted = option === 'SPOT_EIGHT_AND_SHOOT' ? [8] : [];
  const kitchen = pending.ballInHandIfShooting === 'BEHIND_HEAD_STRING';
  const where = kitchen
    ? t(' with ball in hand behind the head string', ' com bola na mão atrás da linha de saída')
    : t(' from where the cue ball lies', ' com a bola branca onde está');
  const what = spotted.length
    ? t('spots the 8 and shoots', 'recoloca a 8 e joga')
    : t('accepts the table and shoots', 'aceita a mesa e joga');
  const who = name(chooser);
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

function rerack({ option, pending, chooser, other, name }: Chooser): OptionEffect {
  const breaker = option === 'RERACK_AND_BREAK' ? chooser : other;
  return {
    nextShooter: null,
    ballInHand: 'NONE',
    spotted: [],
    why: t(
      `${name(chooser)} chose a re-rack; ${name(breaker)} breaks (${pending.rule}).`,
      `${name(chooser)} escolheu voltar a armar; ${name(breaker)} faz a saída (${pending.rule}).`,
    ),
    rerackBreaker: breaker,
  };
}

// G1.6: the lag or toss winner breaks or cedes the break; the first game starts (G1.8).
function breakOrCede({ option, chooser, other, name }: Chooser): OptionEffect {
  const breaker = option === 'BREAK' ? chooser : other;
  return {
    nextShooter: null,
    ballInHand: 'NONE',
    spotted: [],
    why: t(
      `${name(chooser)} won the lag or toss and chose that ${name(breaker)} breaks (G1.6).`,
      `${name(chooser)} ganhou a tiragem ou a moeda ao ar e escolheu que ${name(breaker)} faz a saída (G1.6).`,
    ),
    rerackBreaker: breaker,
  };
}

// G1.37 without a referee: taking ball in hand claims the foul ("reclamando falta").
function ballInHandAnywhere({ pending, chooser, other, name }: Chooser): OptionEffect {
  const who = name(chooser);
  if (pending.kind !== 'KITCHEN_SHOT_NOT_CROSSED') {
    return {
      nextShooter: chooser,
      ballInHand: 'ANYWHERE',
      spotted: [],
      why: t(
        `${who} takes ball in hand anywhere (${pending.rule}).`,
        `${who} fica com bola na mão em qualquer ponto da mesa (${pending.rule}).`,
      ),
    };
  }
  return {
    nextShooter: chooser,
    ballInHand: 'ANYWHERE',
    spotted: [],
    why: t(
      `${who} claims the foul and takes ball in hand anywhere; it counts as a foul by ${name(other)} (${pending.rule}).`,
      `${who} reclama falta e fica com bola na mão em qualquer ponto da mesa; conta como falta de ${name(other)} (${pending.rule}).`,
    ),
    foulClaimed: { player: other, foul: foul('CUE_BALL_DID_NOT_CROSS_HEAD_STRING', []) },
  };
}

const EFFECTS: Record<OptionKind, (x: Chooser) => OptionEffect> = {
  BREAK: breakOrCede,
  CEDE_BREAK: breakOrCede,
  ACCEPT_TABLE: shootAsItLies,
  SPOT_EIGHT_AND_SHOOT: shootAsItLies,
  SHOOT: ({ pending, chooser, name }) => ({
    nextShooter: chooser,
    ballInHand: 'NONE',
    spotted: [],
    why: t(
      `${name(chooser)} chooses to shoot from the position left (${pending.rule}).`,
      `${name(chooser)} escolhe jogar a posição deixada (${pending.rule}).`,
    ),
  }),
  PASS_BACK: ({ pending, chooser, other, name }) => ({
    nextShooter: other,
    ballInHand: 'NONE',
    spotted: [],
    why: t(
      `${name(chooser)} hands the shot back to ${name(other)} (${pending.rule}).`,
      `${name(chooser)} devolve a tacada a ${name(other)} (${pending.rule}).`,
    ),
  }),
  BALL_IN_HAND_ANYWHERE: ballInHandAnywhere,
  // G1.37: the balls are restored and the offender replays from the kitchen, with no foul.
  REPLAY_SHOT: ({ pending, chooser, other, name }) => ({
    nextShooter: other,
    ballInHand: 'BEHIND_HEAD_STRING',
    spotted: pending.restore ?? [],
    why: t(
      `${name(chooser)} has the balls restored and ${name(other)} replays the shot from behind the head string (${pending.rule}).`,
      `${name(chooser)} pede a reposição das bolas e ${name(other)} repete a tacada de atrás da linha de saída (${pending.rule}).`,
    ),
  }),
  BALL_IN_HAND_BEHIND_HEAD_STRING: ({ pending, chooser, name }) => ({
    nextShooter: chooser,
    ballInHand: 'BEHIND_HEAD_STRING',
    spotted: [],
    why: t(
      `${name(chooser)} takes ball in hand behind the head string (${pending.rule}).`,
      `${name(chooser)} fica com bola na mão atrás da linha de saída (${pending.rule}).`,
    ),
  }),
  RERACK_AND_BREAK: rerack,
  RERACK_OPPONENT_BREAKS: rerack,
};

// Break-or-cede options start the first rack; the others belong to a game in progress.
const OPENING: readonly OptionKind[] = ['BREAK', 'CEDE_BREAK'];

export function optionEffect(x: Chooser): OptionEffect | null {
  const opening = x.pending.kind === 'BREAK_OR_CEDE';
  if (opening !== OPENING.includes(x.option)) return null;
  return EFFECTS[x.option](x);
}

// What one option leads to, in the ruling's and the state's terms.
export interface OptionConsequence {
  option: OptionKind;
  nextShooter: string | null;
  ballInHand: BallInHand;
  // A new rack is set up, and who breaks it (from the kitchen, G1.8).
  rerack: boolean;
  breaker: string | null;
  spotted: number[];
  // The player charged with a foul by taking this option (G1.37 without a referee).
  foulBy: string | null;
}

// Options whose effect names the other player (who breaks or shoots instead of the chooser).
const NAMES_OTHER: readonly OptionKind[] = [
  'CEDE_BREAK',
  'PASS_BACK',
  'REPLAY_SHOT',
  'RERACK_OPPONENT_BREAKS',
  'BALL_IN_HAND_ANYWHERE',
];

// `other`: the chooser's opponent; null when it is not at hand (a stored ruling whose chooser is
// its own shooter: the 8 on a legal break, whose options never name the other player).
export function choiceConsequences(
  pending: PendingChoice,
  other: string | null,
): OptionConsequence[] {
  const name = (id: string): string => id;
  return pending.options.flatMap((option) => {
    if (other === null && NAMES_OTHER.includes(option)) return [];
    const e = optionEffect({ pending, option, chooser: pending.player, other: other ?? '', name });
    if (!e) return [];
    return [
      {
        option,
        nextShooter: e.nextShooter,
        ballInHand: e.ballInHand,
        rerack: e.rerackBreaker !== undefined && pending.kind !== 'BREAK_OR_CEDE',
        breaker: e.rerackBreaker ?? null,
        spotted: e.spotted,
        foulBy: e.foulClaimed?.player ?? null,
      },
    ];
  });
}
