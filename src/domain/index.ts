// The pure core: no NestJS, database or Node I/O imports anywhere below src/domain.
export * from './canonical-json';
export * from './errors';
export * from './events/appeals';
export * from './events/catalogue';
export * from './events/metadata';
export * from './events/play-snapshot';
export * from './events/shot-facts';
export * from './match/amendments';
export * from './match/commands';
export * from './match/decide';
export * from './match/decider';
export * from './match/evolve';
export { fromPlaySnapshot, toPlaySnapshot } from './match/play-snapshot';
export { endGame, startGame } from './match/game-flow';
export * from './match/state';
export * from './rules/profiles';
export * from './rules/ruling';
export * from './table/vocabulary';
