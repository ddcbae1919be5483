import {
  DEFAULT_APPEAL_FEE_RULE,
  type AppealFeeRule,
  type AppealMooted,
  type AppealFeeSettled,
  type AppealFiled,
  type FeeOutcome,
} from '../../events/appeals';
import type { Text } from '../../rules/general/explain';
import { playerName, type MatchState } from '../state';
import { filedEvent, type RecordedEvent } from './history';

// How an appeal closed, for its fee.
export type Closing = 'ALLOWED' | 'DISMISSED' | 'WITHDRAWN' | 'MOOT';

const FOLLOWS: Record<Closing, AppealFeeSettled['data']['follows']> = {
  ALLOWED: 'AppealDecided',
  DISMISSED: 'AppealDecided',
  WITHDRAWN: 'AppealWithdrawn',
  MOOT: 'AppealMooted',
};

// The competition's rule, frozen at filing: what each way of closing does to the fee.
const RULES: Record<AppealFeeRule, Record<Closing, FeeOutcome>> = {
  REFUNDED_WHEN_ALLOWED: {
    ALLOWED: 'REFUNDED',
    MOOT: 'REFUNDED',
    DISMISSED: 'FORFEITED',
    WITHDRAWN: 'FORFEITED',
  },
  REFUNDED_UNLESS_DISMISSED: {
    ALLOWED: 'REFUNDED',
    MOOT: 'REFUNDED',
    DISMISSED: 'FORFEITED',
    WITHDRAWN: 'REFUNDED',
  },
  ALWAYS_FORFEITED: {
    ALLOWED: 'FORFEITED',
    MOOT: 'FORFEITED',
    DISMISSED: 'FORFEITED',
    WITHDRAWN: 'FORFEITED',
  },
};

const CLOSING_TEXT: Record<Closing, Text> = {
  ALLOWED: { en: 'allowed', pt: 'julgado procedente' },
  DISMISSED: { en: 'dismissed', pt: 'julgado improcedente' },
  WITHDRAWN: { en: 'withdrawn', pt: 'objeto de desistência' },
  MOOT: { en: 'moot', pt: 'sem objeto' },
};

// The fee settled when an appeal closes; none when the appeal carried no fee (or a fee of 0).
export function settleFee(
  state: MatchState,
  filed: AppealFiled['data'],
  closing: Closing,
  follows: AppealFeeSettled['data']['follows'] = FOLLOWS[closing],
): AppealFeeSettled[] {
  const fee = filed.fee;
  if (!fee || fee.amount === 0) return [];
  const rule = filed.feeRule ?? DEFAULT_APPEAL_FEE_RULE;
  const outcome = RULES[rule][closing];
  const by = playerName(state, filed.by);
  const money = `${fee.amount.toFixed(2)} ${fee.currency}`;
  const how = CLOSING_TEXT[closing];
  const en = outcome === 'REFUNDED' ? `is refunded to ${by}` : `is forfeited`;
  const pt = outcome === 'REFUNDED' ? `é devolvida a ${by}` : 'não é devolvida';
  return [
    {
      type: 'AppealFeeSettled',
      version: 1,
      data: {
        appealId: filed.appealId,
        outcome,
        fee: { ...fee },
        rule,
        follows,
        explanation: `The fee of appeal ${filed.appealId} (${money}) ${en}: the appeal is ${how.en}.`,
        explanationPt: `A taxa do recurso ${filed.appealId} (${money}) ${pt}: o recurso foi ${how.pt}.`,
      },
    },
  ];
}

// Appeals closed as moot, each followed by its fee's settlement.
export function mootedWithFees(
  state: MatchState,
  events: readonly RecordedEvent[],
  mooted: AppealMooted[],
): (AppealMooted | AppealFeeSettled)[] {
  return mooted.flatMap((m) => [
    m,
    ...settleFee(state, filedEvent(events, m.data.appealId), 'MOOT'),
  ]);
}
