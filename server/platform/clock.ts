/** Where the server's jobs read the time. Tests hand in a clock they move; nothing in a job reads Date.now itself. */
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
