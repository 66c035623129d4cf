/** The current time, as a port so use cases that stamp things are deterministic under test. */
export const Clock = Symbol('Clock');
export interface Clock {
  now(): Date;
}
