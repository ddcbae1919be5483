export * from './competition';
export * from './errors';
export * from './events';
export * from './player';
export * from './standings';
export { RECORD_ID, NAME_CHARACTERS, NAME_SHOWS, isPlainName } from './validation';
