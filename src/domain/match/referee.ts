import { DomainError } from '../errors';
import type { LedgerEvent, RefereeRuled, SpontaneousMovementOutcome } from '../events/catalogue';
import { sentence, t, type Text } from '../rules/general/explain';
import type { RecordRefereeRuling } from './commands';
import { endGame, startGame } from './game-flow';
import { activeGame, requirePlayer } from './guards';
import { opponentOf, playerName, type MatchState } from './state';

export function refereeRuling(c: RecordRefereeRuling, state: MatchState): LedgerEvent[] {
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
