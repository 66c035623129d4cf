import { HttpError } from './errors';

/**
 * Counts events per key in a sliding window and answers 429 with Retry-After once a key has used up its
 * allowance (failed sign-ins, code requests). In memory: right for the single-process default; a deployment
 * with several processes moves this table into the database or Redis.
 */
export class WindowLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly what = 'attempts',
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 with Retry-After while the key has used up its allowance. */
  check(key: string): void {
    const recent = this.recent(key);
    if (recent.length >= this.max) {
      const retryAfter = Math.max(1, Math.ceil((recent[0] + this.windowMs - this.now()) / 1000));
      throw new HttpError(429, 'TOO_MANY_ATTEMPTS', `Too many ${this.what}. Try again in ${retryAfter} seconds.`, undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.events.set(key, recent);
  }

  /** Checks, then counts this event: for limits on every request, not only failures. */
  take(key: string): void {
    this.check(key);
    this.record(key);
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.events.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.events.delete(key);
    return list;
  }
}
