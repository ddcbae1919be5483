export { decideAmendment, isAmendmentCommand } from './decide';
export { evolveAmendment } from './evolve';
export { tableWords } from './table-words';
export {
  laterSupersession,
  supersededRevisions,
  supersedesOf,
  type RecordedEvent,
  type RecordedHistory,
} from './history';
export { caseFile, type CaseFile, type FeeOutcomeRecord } from './case-file';
export { previewAppeal, type AppealPreview } from './preview';
export { normaliseAmendment, rederive } from './rederive';
export { DEFAULT_APPEAL_WINDOW_MINUTES, MAX_APPEAL_WINDOW_MINUTES } from './window';
export { isOverdue } from './overdue';
