import { DomainError } from '../../errors';
import type {
  Amendment,
  AppealFeeRule,
  AppealFeeSettled,
  AppealState,
  FeeOutcome,
} from '../../events/appeals';
import type { Ruling } from '../../rules/ruling';
import type { MatchState } from '../state';
import { filedEvent, rulingAfter, type RecordedEvent } from './history';
import { previewAppeal } from './preview';

// What the committee reads for one appeal: the disputed event and its ruling beside the remedy
// proposed and the ruling it would produce, the evidence, and the decision and its review.
export interface CaseFile<R extends RecordedEvent = RecordedEvent> {
  appeal: AppealState;
  disputed: R;
  // The shot's recorded facts when a ruling or a shot is disputed.
  shot: R | null;
  recordedRuling: Ruling | null;
  proposal: Amendment;
  // The ruling the proposal produces (pending: the preview; closed: the decision's record).
  proposedRuling: Ruling | null;
  // Why the proposal cannot be applied now (pending appeals only), with its code.
  previewRefusal: { code: string; message: string } | null;
  evidence: R[];
  decision: R | null;
  review: R | null;
  // What became of the fee once the appeal closed, by the competition's rule frozen at filing,
  // with the revision of the AppealFeeSettled and the event it follows (null: open or no fee).
  feeOutcome: FeeOutcomeRecord | null;
}

export interface FeeOutcomeRecord {
  outcome: FeeOutcome;
  amount: number;
  currency: string;
  rule: AppealFeeRule;
  follows: AppealFeeSettled['data']['follows'];
  revision: number;
}

export function caseFile<R extends RecordedEvent>(
  records: readonly R[],
  state: MatchState,
  appealId: string,
): CaseFile<R> {
  const filed = filedEvent(records, appealId);
  const appeal = state.appeals.find((a) => a.id === appealId)!;
  const disputed = records.find((r) => r.revision === filed.againstRevision)!;
  const shot =
    disputed.event.type === 'ShotPlayed'
      ? disputed
      : disputed.event.type === 'ShotAdjudicated'
        ? (records.find((r) => r.revision === disputed.revision - 1) ?? null)
        : null;
  const about = (type: string) =>
    records.filter(
      (r) => r.event.type === type && (r.event.data as { appealId?: string }).appealId === appealId,
    );
  const decision = about('AppealDecided')[0] ?? null;
  const proposed = proposedRuling(records, state, appealId, decision);
  return {
    appeal,
    disputed,
    shot,
    recordedRuling: shot ? rulingAfter(records, shot.revision) : null,
    proposal: filed.proposal,
    ...proposed,
    evidence: about('AppealEvidenceAttached'),
    decision,
    review: about('AppealReviewed')[0] ?? null,
    // None while the appeal is open again (a set-aside reopened it): it is settled anew.
    feeOutcome: appeal.feeOutcome ? feeOutcomeOf(about('AppealFeeSettled').at(-1)) : null,
  };
}

function feeOutcomeOf(r: RecordedEvent | undefined): FeeOutcomeRecord | null {
  if (r?.event.type !== 'AppealFeeSettled') return null;
  const { outcome, fee, rule, follows } = r.event.data;
  return { outcome, ...fee, rule, follows, revision: r.revision };
}

function proposedRuling(
  records: readonly RecordedEvent[],
  state: MatchState,
  appealId: string,
  decision: RecordedEvent | null,
): Pick<CaseFile, 'proposedRuling' | 'previewRefusal'> {
  if (decision?.event.type === 'AppealDecided')
    return { proposedRuling: decision.event.data.ruling, previewRefusal: null };
  const appeal = state.appeals.find((a) => a.id === appealId)!;
  if (appeal.status !== 'PENDING') return { proposedRuling: null, previewRefusal: null };
  try {
    return { proposedRuling: previewAppeal(records, state, appealId).ruling, previewRefusal: null };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { proposedRuling: null, previewRefusal: { code: err.code, message: err.message } };
  }
}
