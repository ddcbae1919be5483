export * from './competition';
export * from './errors';
export * from './events';
export * from './player';
export * from './standings';
export { RECORD_ID } from './validation';
