import type { Amendment } from '../../events/appeals';
import { playerName, type MatchState } from '../state';

// What allowing an appeal does, in English and Portuguese; `over`: the amended match is over,
// so play does not resume.
export const REMEDY_TEXT: Record<
  Amendment['kind'],
  (s: MatchState, a: Amendment, over: boolean) => { en: string; pt: string }
> = {
  AMEND_FACTS: (_s, _a, over) => ({
    en: `the shot is re-adjudicated on the amended facts${over ? '.' : ' and play resumes from it.'}`,
    pt: `a tacada é julgada de novo com os factos corrigidos${over ? '.' : ' e o jogo retoma a partir dela.'}`,
  }),
  RESTORE_AT_EVENT: (_s, a, over) => ({
    en: `the position after revision ${a.restoreRevision} is restored${over ? '.' : ' and play resumes from it.'}`,
    pt: `a posição após a revisão ${a.restoreRevision} é reposta${over ? '.' : ' e o jogo retoma a partir dela.'}`,
  }),
  AWARD_GAME: (s, a) => ({
    en: `the game is awarded to ${playerName(s, a.player ?? null)}.`,
    pt: `o jogo é atribuído a ${playerName(s, a.player ?? null)}.`,
  }),
  AMEND_RESULT: (s, a) => ({
    en: `the game's result is corrected: ${playerName(s, a.result?.winner ?? null)} won it.`,
    pt: `o resultado do jogo é corrigido: ganhou-o ${playerName(s, a.result?.winner ?? null)}.`,
  }),
  REPLAY_GAME: () => ({
    en: 'the game is replayed with the same breaker (G1.33).',
    pt: 'o jogo é repetido com o mesmo jogador a fazer a saída (G1.33).',
  }),
};
