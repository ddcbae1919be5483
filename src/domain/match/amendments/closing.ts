import { DomainError } from '../../errors';
import type {
  AppealFeeSettled,
  AppealMooted,
  AppealState,
  AppealWithdrawn,
} from '../../events/appeals';
import type { WithdrawAppeal } from '../commands';
import { requireText } from '../guards';
import { playerName, type MatchState } from '../state';
import { settleFee } from './fees';
import { filedEvent, type RecordedHistory } from './history';

// An appeal is closed by a decision, by its appellant's withdrawal, or as moot when a decision
// on another appeal supersedes what it disputes: never silently lost.

// The appeal named, which must still be pending.
export function pendingAppeal(state: MatchState, appealId: string): AppealState {
  const appeal = state.appeals.find((a) => a.id === appealId);
  if (!appeal) throw new DomainError('APPEAL_NOT_FOUND', `No appeal ${appealId} in this match`);
  if (appeal.status === 'PENDING') return appeal;
  const why =
    appeal.status === 'WITHDRAWN'
      ? 'was withdrawn by its appellant'
      : appeal.status === 'MOOT'
        ? `is closed as moot: ${appeal.reason ?? ''}`
        : `was already decided: ${appeal.status}`;
  throw new DomainError('APPEAL_ALREADY_DECIDED', `Appeal ${appealId} ${why}`, undefined, appealId);
}

export function withdrawAppeal(
  c: WithdrawAppeal,
  state: MatchState,
  h: RecordedHistory,
): [AppealWithdrawn, ...AppealFeeSettled[]] {
  const appeal = pendingAppeal(state, c.appealId);
  if (c.by !== appeal.by)
    throw new DomainError(
      'NOT_THE_APPELLANT',
      `Only ${playerName(state, appeal.by)}, who filed appeal ${appeal.id}, can withdraw it`,
      undefined,
      appeal.id,
    );
  const reason = requireText(c.reason, 'A reason for the withdrawal');
  const by = playerName(state, c.by);
  const withdrawn: AppealWithdrawn = {
    type: 'AppealWithdrawn',
    version: 1,
    data: {
      appealId: appeal.id,
      by: c.by,
      reason,
      explanation: `${by} withdraws appeal ${appeal.id}: ${reason}`,
      explanationPt: `${by} desiste do recurso ${appeal.id}: ${reason}`,
    },
  };
  return [withdrawn, ...settleFee(state, filedEvent(h.events, appeal.id), 'WITHDRAWN')];
}

// The other pending appeals whose disputed event an allowing decision supersedes.
export function mooted(
  state: MatchState,
  decided: string,
  supersedes: readonly number[],
): AppealMooted[] {
  return state.appeals
    .filter((a) => a.status === 'PENDING' && a.id !== decided)
    .filter((a) => supersedes.includes(a.againstRevision))
    .map((a) => {
      const by = playerName(state, a.by);
      const r = a.againstRevision;
      const reason = `the decision on appeal ${decided} superseded the event it disputes (revision ${r}).`;
      return {
        type: 'AppealMooted',
        version: 1,
        data: {
          appealId: a.id,
          mootedBy: decided,
          againstRevision: r,
          reason,
          explanation: `Appeal ${a.id} by ${by} is moot: ${reason}`,
          explanationPt: `O recurso ${a.id} de ${by} fica sem objeto: a decisão do recurso ${decided} substituiu o evento que contestava (revisão ${r}).`,
        },
      };
    });
}
