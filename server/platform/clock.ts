/**
 * Where the server reads the time: services, repositories and jobs take a `Clock` (a constructor parameter defaulting to
 * `systemClock`; the app passes its own, tests one they move). Nothing else in server/ reads the system's "now" itself
 * (the shape check refuses it); a measure of elapsed time is a `stopwatch()`.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved (tests and benches). */
export class ManualClock implements Clock {
  private at: Date;
  constructor(start: Date | string) {
    this.at = new Date(start);
  }
  now(): Date {
    return new Date(this.at);
  }
  set(at: Date | string): void {
    this.at = new Date(at);
  }
  advanceDays(days: number): void {
    this.at = new Date(this.at.getTime() + days * 86_400_000);
  }
}

/** The calendar day (UTC) of an instant, YYYY-MM-DD: due dates and reminder days are counted in whole UTC days. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Elapsed milliseconds since the stopwatch was made (a monotonic count, not the product's time): for timeouts, yields
 * and log figures. Never a day, an expiry or a stamp: those come from a `Clock`.
 */
export function stopwatch(): () => number {
  const start = performance.now();
  return () => performance.now() - start;
}
