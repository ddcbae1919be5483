// The pure core: no NestJS, database or Node I/O imports anywhere below src/domain.
export * from './errors';
export * from './events/appeals';
export * from './events/catalogue';
export * from './events/metadata';
export * from './events/shot-facts';
export * from './match/amendments';
export * from './match/commands';
export * from './match/decide';
export * from './match/decider';
export * from './match/evolve';
export * from './match/game-number';
export * from './match/state';
export * from './rules/profiles';
export * from './rules/ruling';
export * from './table/vocabulary';
