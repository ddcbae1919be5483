export * from './definitions';
export {
  countAppeal,
  statsOfHistory,
  statsOfRecorded,
  tallyOfRecorded,
  Tally,
  type MatchStats,
} from './compute';
export { effectiveHistory } from './effective-history';
