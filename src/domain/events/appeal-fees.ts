// Appeal fees: recorded at filing, settled when the appeal closes.

export interface AppealFee {
  amount: number;
  currency: string;
}

// When an appeal with a fee closes, the fee is refunded or forfeited by the competition's rule:
// REFUNDED_WHEN_ALLOWED (the default): refunded when allowed or moot, forfeited when dismissed or
// withdrawn; REFUNDED_UNLESS_DISMISSED: a withdrawal is refunded too; ALWAYS_FORFEITED: kept
// whatever the outcome (an administrative charge).
export const APPEAL_FEE_RULES = [
  'REFUNDED_WHEN_ALLOWED',
  'REFUNDED_UNLESS_DISMISSED',
  'ALWAYS_FORFEITED',
] as const;
export type AppealFeeRule = (typeof APPEAL_FEE_RULES)[number];
export const DEFAULT_APPEAL_FEE_RULE: AppealFeeRule = 'REFUNDED_WHEN_ALLOWED';
export const FEE_OUTCOMES = ['REFUNDED', 'FORFEITED'] as const;
export type FeeOutcome = (typeof FEE_OUTCOMES)[number];

// The fee of a closed appeal settled, appended by the command that closed it, right after the
// event that closed it (`follows`: AppealDecided, AppealWithdrawn or AppealMooted), or by a review
// that set its decision aside for the other outcome (AppealReviewed).
export interface AppealFeeSettled {
  type: 'AppealFeeSettled';
  version: 1;
  data: {
    appealId: string;
    outcome: FeeOutcome;
    fee: AppealFee;
    rule: AppealFeeRule;
    follows: 'AppealDecided' | 'AppealWithdrawn' | 'AppealMooted' | 'AppealReviewed';
    explanation: string;
    explanationPt: string;
  };
}
