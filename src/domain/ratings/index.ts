// The rating model and the race arithmetic built on it (pure, deterministic).
export * from './errors';
export * from './model';
export * from './race';
