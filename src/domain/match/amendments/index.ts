export { decideAmendment, isAmendmentCommand } from './decide';
export { evolveAmendment } from './evolve';
export { tableWords } from './table-words';
export { disputedText } from './disputed-texts';
export { REMEDY_TEXT } from './remedy-texts';
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
export {
  APPEAL_WINDOW_STARTS,
  DEFAULT_APPEAL_WINDOW_MINUTES,
  MAX_APPEAL_WINDOW_MINUTES,
  type AppealWindow,
  type AppealWindowStart,
} from './window';
export {
  appealWindows,
  plusMinutes,
  windowCountsFrom,
  windowInForce,
  type AppealWindowsInForce,
} from './window-close';
export { recheckRulings, type RulingRecheck, type RulingSource } from './rulings';
export { isOverdue } from './overdue';
