import type { PlaySnapshot } from './play-snapshot';
import type { RuleId } from '../rules/ruling';

// Result-level recording: a game recorded as its result (who broke, who won, and the few facts the
// record needs) where nobody scored it shot by shot. One match may mix both levels.

// How the game ended: won at the table, lost by a foul that ends the game (its rule id), lost by
// forfeit (the frame is scored, e.g. G1.39's loss of game), or the match forfeited (A10: the
// frame is not scored and the match ends).
export const RESULT_ENDINGS = ['WON', 'LOST_BY_FOUL', 'GAME_FORFEITED', 'MATCH_FORFEITED'] as const;
export type ResultEnding = (typeof RESULT_ENDINGS)[number];

// Who attests the result: the referee named, both players' sign-off of the match, as for a
// scoresheet recorded shot by shot (SignOffMatch), or the federation's record keeper (a past
// result brought in from its records).
export const RESULT_ATTESTATIONS = ['REFEREE', 'PLAYERS_SIGN_OFF', 'RECORD_KEEPER'] as const;
export type ResultAttestation = (typeof RESULT_ATTESTATIONS)[number];

export interface GameResultFacts {
  breaker: string;
  winner: string;
  ending: ResultEnding;
  // The rule the game (or match) was lost under; required unless WON.
  rule: RuleId | null;
  // The breaker won the game in the inning the break began.
  breakAndRun: boolean;
  // The break itself won the game (8 on the break, 9 on the break, 10 on the break).
  winOnBreak: boolean;
}

// Where a result came from when it was not entered at the desk: a past results file.
export interface ImportSource {
  // sha256 of the file as read.
  fileSha256: string;
  // The row's key (idempotency: the same key is never imported twice) and its line in the file.
  rowKey: string;
  line: number;
  // The file gave no per-game winners: the games are in a nominal order (the loser's first).
  nominalOrder: boolean;
}

export interface GameResultRecorded {
  type: 'GameResultRecorded';
  version: 1;
  data: GameResultFacts & {
    gameNumber: number;
    recordedBy: string;
    attestation: ResultAttestation;
    // The attesting referee (REFEREE), else null.
    referee: string | null;
    // Absent for results entered at the desk.
    imported?: ImportSource;
  };
}

// A result's correction cites the result it corrects; the match is re-derived from it.
export interface GameResultCorrected {
  type: 'GameResultCorrected';
  version: 1;
  data: {
    correctedRevision: number;
    gameNumber: number;
    correctedBy: string;
    reason: string;
    original: GameResultFacts;
    corrected: GameResultFacts;
    supersedes: number[];
    resulting: PlaySnapshot;
    explanation: string;
    explanationPt: string;
  };
}

export type ResultEvent = GameResultRecorded | GameResultCorrected;
