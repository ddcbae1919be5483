// Time is injected so that tests and replays never read the wall clock implicitly.
export interface Clock {
  now(): Date;
}
export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = { now: () => new Date() };
