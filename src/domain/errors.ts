import { CodedError } from './coded-error';

// One error type for the domain; `code` is what clients see in GraphQL extensions.code.
export const DOMAIN_ERROR_CODES = [
  'MATCH_ALREADY_SCHEDULED',
  'MATCH_NOT_SCHEDULED',
  'INVALID_MATCH_SETUP',
  'INVALID_REFEREE_RULING',
  'INVALID_OFFICIALS',
  'NOT_A_PLAYER_OF_MATCH',
  'BREAK_ORDER_ALREADY_DECIDED',
  'NO_GAME_IN_PROGRESS',
  'MATCH_OVER',
  'CHOICE_PENDING',
  'NO_CHOICE_PENDING',
  'OPTION_NOT_OFFERED',
  'WRONG_PLAYER',
  'NO_BALL_IN_HAND',
  'ILLEGAL_PLACEMENT',
  'BALL_NOT_ON_TABLE',
  'INVALID_SHOT_FACTS',
  'INVALID_CALL',
  'UNSUPPORTED_RULES',
  // Table layouts.
  'INVALID_LAYOUT',
  // Corrections, appeals, sign-off.
  'INVALID_CORRECTION',
  'INVALID_APPEAL',
  'APPEAL_WINDOW_CLOSED',
  'APPEAL_NOT_FOUND',
  'APPEAL_ALREADY_DECIDED',
  'APPEAL_PENDING',
  'APPEAL_EARLIER_PENDING',
  'DUPLICATE_APPEAL',
  'CLAIM_WITHDRAWN',
  'REMEDY_WITH_DISMISSAL',
  'DECISION_FINAL',
  'APPEAL_NOT_DECIDED',
  'REVIEW_FINAL',
  'REVIEW_ALREADY_REQUESTED',
  'REVIEW_WINDOW_CLOSED',
  'INVALID_REVIEW',
  'INVALID_EVIDENCE',
  'NOT_ON_COMMITTEE',
  'NOT_THE_APPELLANT',
  'RECUSED',
  'REASON_REQUIRED',
  'MATCH_SIGNED_OFF',
  'MATCH_NOT_COMPLETED',
  'ALREADY_SIGNED',
  // Result-level recording.
  'INVALID_RESULT',
  'WRONG_BREAKER',
  'WRONG_GAME_NUMBER',
  'RACE_ALREADY_WON',
  'GAME_RECORDED_BY_SHOTS',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends CodedError<DomainErrorCode> {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly rule?: string,
    // The appeal a refusal is about, when there is one (a pending appeal, a final decision).
    readonly appealId?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  override details(): Record<string, unknown> {
    return { rule: this.rule ?? null, ...(this.appealId ? { appealId: this.appealId } : {}) };
  }
}
