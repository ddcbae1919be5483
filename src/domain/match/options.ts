import { DomainError } from '../errors';
import type { LedgerEvent, OptionChosen } from '../events/catalogue';
import { t, type Text } from '../rules/general/explain';
import type { ChooseOption } from './commands';
import { startGame } from './game-flow';
import { requirePlayer } from './guards';
import { opponentOf, playerName, type MatchState } from './state';

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
