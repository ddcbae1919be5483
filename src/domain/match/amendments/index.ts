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
export { caseFile, type CaseFile } from './case-file';
export { previewAppeal, type AppealPreview } from './preview';
export { normaliseAmendment, rederive } from './rederive';
export { recheckRulings, type RulingRecheck, type RulingSource } from './rulings';
export { DEFAULT_APPEAL_WINDOW_MINUTES, MAX_APPEAL_WINDOW_MINUTES } from './window';
