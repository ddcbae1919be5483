import type { LedgerEventType } from '../../events/catalogue';
import type { Text } from '../../rules/general/explain';
import type { Cushion, Pocket } from '../../table/vocabulary';

// What an event is, as the table says it, for refusals (never the internal type name).
const WORDS: Record<LedgerEventType, string> = {
  MatchScheduled: 'the scheduling of the match',
  BreakOrderDecided: 'the toss or lag for the break',
  GameStarted: 'the start of a game',
  CueBallPlaced: 'a placement of the cue ball',
  ShotCalled: 'a call',
  FrozenBallDeclared: 'a frozen-ball declaration',
  ShotPlayed: 'the facts recorded for a shot',
  ShotAdjudicated: 'the ruling on a shot',
  OptionChosen: "a player's choice",
  RefereeRuled: "a referee's ruling",
  GameEnded: 'the end of a game',
  MatchEnded: 'the end of the match',
  OfficialsAssigned: 'an assignment of officials',
  LayoutRecorded: 'a layout of the table',
  GameResultRecorded: 'the result of a game',
  GameResultCorrected: 'a correction of a game’s result',
  ShotCorrected: 'a correction of a shot',
  AppealFiled: 'an appeal',
  AppealDecided: "a committee's decision",
  AppealReviewed: "the review of a committee's decision",
  AppealEvidenceAttached: 'evidence attached to an appeal',
  AppealReviewRequested: 'a request for the review of a decision',
  AppealWithdrawn: 'the withdrawal of an appeal',
  AppealMooted: 'an appeal closed as moot',
  AppealFeeSettled: "the settlement of an appeal's fee",
  MatchSigned: 'a signature on the scoresheet',
  MatchSignedOff: 'the sign-off of the match',
  PlayerRegistered: 'the registration of a player',
  PlayerUpdated: "an edit of a player's record",
  CompetitionCreated: 'the creation of a competition',
  CompetitionUpdated: "an edit of a competition's record",
  CommitteeAssigned: "the assignment of a competition's appeals committee",
};

export function tableWords(type: LedgerEventType): string {
  return WORDS[type];
}

// The pockets and cushions by name, never by code, in the federation's words (bolsa, tabela de
// topo at the foot, tabela de saída at the head).
const POCKETS: Record<Pocket, Text> = {
  FL: { en: 'the foot left corner pocket', pt: 'a bolsa de canto esquerda do topo' },
  FR: { en: 'the foot right corner pocket', pt: 'a bolsa de canto direita do topo' },
  SL: { en: 'the left side pocket', pt: 'a bolsa do meio esquerda' },
  SR: { en: 'the right side pocket', pt: 'a bolsa do meio direita' },
  HL: { en: 'the head left corner pocket', pt: 'a bolsa de canto esquerda da saída' },
  HR: { en: 'the head right corner pocket', pt: 'a bolsa de canto direita da saída' },
};

const CUSHIONS: Record<Cushion, Text> = {
  HEAD: { en: 'the head cushion', pt: 'a tabela de saída' },
  FOOT: { en: 'the foot cushion', pt: 'a tabela de topo' },
  LEFT_HEAD_SIDE: { en: 'the left cushion, head side', pt: 'a tabela esquerda, do lado da saída' },
  LEFT_FOOT_SIDE: { en: 'the left cushion, foot side', pt: 'a tabela esquerda, do lado do topo' },
  RIGHT_HEAD_SIDE: { en: 'the right cushion, head side', pt: 'a tabela direita, do lado da saída' },
  RIGHT_FOOT_SIDE: { en: 'the right cushion, foot side', pt: 'a tabela direita, do lado do topo' },
};

export function pocketWords(pocket: Pocket): Text {
  return POCKETS[pocket];
}

export function cushionWords(cushion: Cushion): Text {
  return CUSHIONS[cushion];
}
