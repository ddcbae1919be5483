import type { LedgerEvent } from '../../events/catalogue';
import type { AmendmentCommand, MatchCommand } from '../commands';
import type { MatchState } from '../state';
import { decideAppeal, fileAppeal } from './appeals';
import { withdrawAppeal } from './closing';
import { correctShot } from './correct';
import { correctGameResult } from '../results/correct';
import type { RecordedHistory } from './history';
import { attachEvidence } from './evidence';
import { reviewDecision } from './review';
import { requestReview } from './review-request';
import { signOff } from './sign-off';

// Corrections, appeals and sign-off are decided against the recorded history, not only the
// current state. Nothing is deleted: the events an amendment overrides stay in the stream and are
// named in `supersedes`, so the history can show them next to what replaced them.

const AMENDMENT_COMMANDS: readonly MatchCommand['type'][] = [
  'CorrectShot',
  'CorrectGameResult',
  'FileAppeal',
  'DecideAppeal',
  'ReviewAppealDecision',
  'AttachAppealEvidence',
  'WithdrawAppeal',
  'RequestAppealReview',
  'SignOffMatch',
];

export function isAmendmentCommand(c: MatchCommand): c is AmendmentCommand {
  return AMENDMENT_COMMANDS.includes(c.type);
}

function requireHistory(h: RecordedHistory | undefined): RecordedHistory {
  if (!h) throw new Error('Corrections, appeals and sign-off are decided against the history');
  return h;
}

export function decideAmendment(
  c: AmendmentCommand,
  state: MatchState,
  recorded: RecordedHistory | undefined,
): LedgerEvent[] {
  switch (c.type) {
    case 'CorrectShot':
      return [correctShot(c, state, requireHistory(recorded))];
    case 'CorrectGameResult':
      return [correctGameResult(c, state, requireHistory(recorded))];
    case 'FileAppeal':
      return [fileAppeal(c, state, requireHistory(recorded))];
    case 'DecideAppeal':
      return decideAppeal(c, state, requireHistory(recorded));
    case 'AttachAppealEvidence':
      return [attachEvidence(c, state, requireHistory(recorded))];
    case 'ReviewAppealDecision':
      return reviewDecision(c, state, requireHistory(recorded));
    case 'WithdrawAppeal':
      return withdrawAppeal(c, state, requireHistory(recorded));
    case 'RequestAppealReview':
      return [requestReview(c, state, requireHistory(recorded))];
    case 'SignOffMatch':
      return signOff(c, state);
  }
}
