import type { LedgerEventType } from '../../events/catalogue';

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
  GameResultRecorded: 'the result of a game',
  GameResultCorrected: 'a correction of a game’s result',
  ShotCorrected: 'a correction of a shot',
  AppealFiled: 'an appeal',
  AppealDecided: "a committee's decision",
  AppealReviewed: "the review of a committee's decision",
  AppealEvidenceAttached: 'evidence attached to an appeal',
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
