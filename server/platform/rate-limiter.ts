import { HttpError } from './errors';

/**
 * Counts failures per key in a sliding window. In memory: right for the single-process default;
 * a deployment with several processes moves this table into the database or Redis.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 with Retry-After while the key has used up its failures. */
  check(key: string): void {
    const recent = this.recent(key);
    if (recent.length >= this.maxFailures) {
      const retryAfter = Math.max(1, Math.ceil((recent[0] + this.windowMs - this.now()) / 1000));
      throw new HttpError(429, 'TOO_MANY_ATTEMPTS', `Too many failed attempts. Try again in ${retryAfter} seconds.`, undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }

  fail(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }
}
