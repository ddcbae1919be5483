import { lang } from './i18n.js';

// The record's codes in Portuguese words on a Portuguese page: an appeal's status and remedy, a
// penalty, why a game ended. Elsewhere (and for a code without words here) the code as recorded.
const WORDS = {
  // English pages show the codes as recorded (the API's own words).
  en: {},
  pt: {
    PENDING: 'pendente',
    ALLOWED: 'procedente',
    DISMISSED: 'indeferido',
    WITHDRAWN: 'retirado',
    MOOT: 'extinto por inutilidade',
    AMEND_FACTS: 'corrigir os factos',
    RESTORE_AT_EVENT: 'repor uma posição',
    AWARD_GAME: 'atribuir o jogo',
    REPLAY_GAME: 'repetir o jogo',
    AMEND_RESULT: 'corrigir o resultado',
    NONE: 'nenhuma',
    TURN_END: 'fim do turno',
    STANDARD_FOUL: 'falta simples',
    BREAK_FOUL: 'falta na saída',
    LOSS_OF_GAME: 'perda do jogo',
    FORFEIT_OF_MATCH: 'perda da partida',
    EIGHT_POCKETED_LEGALLY: 'bola 8 embolsada legalmente',
    EIGHT_POCKETED_WITH_FOUL: 'bola 8 embolsada com falta',
    EIGHT_POCKETED_WITH_LAST_GROUP_BALL: 'bola 8 embolsada com a última bola do grupo',
    EIGHT_OFF_TABLE: 'bola 8 fora da mesa',
    EIGHT_IN_UNCALLED_POCKET: 'bola 8 numa bolsa não anunciada',
    EIGHT_POCKETED_EARLY: 'bola 8 embolsada antes do tempo',
    NINE_ON_THE_BREAK: 'bola 9 na saída',
    NINE_POCKETED_LEGALLY: 'bola 9 embolsada legalmente',
    TEN_POCKETED_LEGALLY: 'bola 10 embolsada legalmente',
    THREE_CONSECUTIVE_FOULS: 'três faltas seguidas',
    MATCH_FORFEITED: 'partida perdida por falta de comparência',
    UNSPORTSMANLIKE_CONDUCT: 'conduta anti-desportiva',
    AWARDED_ON_APPEAL: 'atribuído em recurso',
    RESULT_RECORDED: 'resultado registado',
    RESULT_LOST_BY_FOUL: 'perdido por falta',
    RESULT_GAME_FORFEITED: 'jogo perdido por falta de comparência',
  },
};

export function words(code) {
  return code === null || code === undefined ? '' : (WORDS[lang()][code] ?? code);
}
