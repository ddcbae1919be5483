import { lang } from './i18n.js';

// Every event type of a match's stream by name, in English and European Portuguese (the
// federation's words: recurso, procedente, taxa), for the event list; never the internal name.
const NAMES = {
  en: {
    MatchScheduled: 'Match scheduled',
    BreakOrderDecided: 'Break order decided',
    GameStarted: 'Game started',
    CueBallPlaced: 'Cue ball placed',
    ShotCalled: 'Shot called',
    FrozenBallDeclared: 'Frozen ball declared',
    ShotPlayed: 'Shot played',
    ShotAdjudicated: 'Shot ruled',
    OptionChosen: 'Option chosen',
    RefereeRuled: "Referee's ruling",
    GameEnded: 'Game ended',
    MatchEnded: 'Match ended',
    OfficialsAssigned: 'Officials assigned',
    LayoutRecorded: 'Layout recorded',
    GameResultRecorded: 'Game result recorded',
    GameResultCorrected: 'Game result corrected',
    ShotCorrected: 'Shot corrected',
    AppealFiled: 'Appeal filed',
    AppealDecided: 'Appeal decided',
    AppealReviewed: 'Decision reviewed',
    AppealEvidenceAttached: 'Evidence attached',
    AppealReviewRequested: 'Review requested',
    AppealWithdrawn: 'Appeal withdrawn',
    AppealMooted: 'Appeal closed as moot',
    AppealFeeSettled: 'Appeal fee settled',
    MatchSigned: 'Scoresheet signed',
    MatchSignedOff: 'Match signed off',
  },
  pt: {
    MatchScheduled: 'Partida agendada',
    BreakOrderDecided: 'Ordem de saída decidida',
    GameStarted: 'Início do jogo',
    CueBallPlaced: 'Bola branca colocada',
    ShotCalled: 'Tacada cantada',
    FrozenBallDeclared: 'Bola encostada declarada',
    ShotPlayed: 'Tacada jogada',
    ShotAdjudicated: 'Decisão da tacada',
    OptionChosen: 'Opção escolhida',
    RefereeRuled: 'Decisão do árbitro',
    GameEnded: 'Fim do jogo',
    MatchEnded: 'Fim da partida',
    OfficialsAssigned: 'Oficiais designados',
    LayoutRecorded: 'Posição registada',
    GameResultRecorded: 'Resultado do jogo registado',
    GameResultCorrected: 'Resultado do jogo corrigido',
    ShotCorrected: 'Tacada corrigida',
    AppealFiled: 'Recurso interposto',
    AppealDecided: 'Recurso decidido',
    AppealReviewed: 'Decisão revista',
    AppealEvidenceAttached: 'Prova junta',
    AppealReviewRequested: 'Revisão pedida',
    AppealWithdrawn: 'Desistência do recurso',
    AppealMooted: 'Recurso extinto por inutilidade',
    AppealFeeSettled: 'Taxa de recurso liquidada',
    MatchSigned: 'Boletim assinado',
    MatchSignedOff: 'Partida homologada',
  },
};

// The types every list knows (a test compares them with the ledger's catalogue).
export const NAMED_TYPES = Object.keys(NAMES.en);

export const eventName = (type) => NAMES[lang()][type] ?? NAMES.en[type] ?? type;
