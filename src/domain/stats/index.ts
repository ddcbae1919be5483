export * from './definitions';
export { statsOfHistory, statsOfRecorded, Tally, type MatchStats } from './compute';
export { effectiveHistory } from './effective-history';
