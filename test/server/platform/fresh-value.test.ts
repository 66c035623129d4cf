import { describe, expect, it } from 'vitest';
import { FreshValue } from '../../../server/platform/fresh-value';

/**
 * FreshValue (server/platform/fresh-value.ts), the short cache behind the permission switches and the workspace
 * gates: never older than its limit, one read at a time, refreshed ahead so that callers under load do not all wait
 * on one read when it expires.
 */
describe('a value kept fresh', () => {
  /** A clock the test moves, and reads the test answers one by one. */
  function setup(maxAgeMs = 3000) {
    let now = 1_000_000;
    const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
    let reads = 0;
    const value = new FreshValue<number>(
      () =>
        new Promise<number>((resolve, reject) => {
          reads += 1;
          pending.push({ resolve, reject });
        }),
      maxAgeMs,
      undefined,
      () => now,
    );
    return {
      value,
      reads: () => reads,
      answer: (v: number) => pending.shift()!.resolve(v),
      fail: () => pending.shift()!.reject(new Error('database down')),
      advance: (ms: number) => (now += ms),
    };
  }
  /** A value read once (1), now 2.5 s old: past two thirds of its 3 s, not yet expired. */
  async function holdingOne() {
    const t = setup();
    const first = t.value.get();
    t.answer(1);
    await first;
    t.advance(2500);
    return t;
  }
  /** Whether a promise has settled, after the pending reactions ran. */
  async function settled<T>(p: Promise<T>): Promise<boolean> {
    let done = false;
    void p.then(
      () => (done = true),
      () => (done = true),
    );
    for (let i = 0; i < 5; i++) await Promise.resolve();
    return done;
  }

  it('reads once for many callers at once, and not again while fresh', async () => {
    const t = setup();
    const calls = Array.from({ length: 50 }, () => t.value.get());
    expect(t.reads()).toBe(1);
    t.answer(7);
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 50 }, () => 7));
    t.advance(1000);
    expect(await t.value.get()).toBe(7);
    expect(t.reads()).toBe(1);
  });

  it('refreshes ahead: past two thirds of its age callers keep the value at once while one read runs behind them', async () => {
    const t = await holdingOne();
    // Not made to wait on the read it started.
    const during = t.value.get();
    expect(await settled(during)).toBe(true);
    expect(await during).toBe(1);
    expect(t.reads()).toBe(2);
    // Nor are the callers after it, and they start no read of their own.
    expect(await t.value.get()).toBe(1);
    expect(t.reads()).toBe(2);
    t.answer(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await t.value.get()).toBe(2);
  });

  it('is never older than its limit: past it, callers wait for the read, whose start dates the new value', async () => {
    const t = await holdingOne();
    await t.value.get(); // starts the refresh
    t.advance(600); // 3.1 s: the refresh has not answered, and the value is too old to give out
    const late = t.value.get();
    expect(await settled(late)).toBe(false);
    t.advance(1000); // the read answers a second later
    t.answer(2);
    expect(await late).toBe(2);
    expect(t.reads()).toBe(2);
    // The value dates from its read's start (1.6 s ago when it answered), not from the answer: 0.5 s later it is
    // past two thirds of its age, so it is refreshed again.
    t.advance(500);
    expect(await t.value.get()).toBe(2);
    expect(t.reads()).toBe(3);
  });

  it('a failed refresh does not fail its callers; past the limit the next caller reads again and sees the failure', async () => {
    const t = await holdingOne();
    expect(await t.value.get()).toBe(1);
    t.fail();
    await new Promise((resolve) => setTimeout(resolve, 0));
    t.advance(600);
    const next = t.value.get();
    expect(t.reads()).toBe(3);
    t.fail();
    await expect(next).rejects.toThrow('database down');
  });

  it('forget() drops the value and a read under way: the call after it reads again and that read is kept', async () => {
    const t = setup();
    const before = t.value.get();
    t.value.forget();
    const after = t.value.get();
    expect(t.reads()).toBe(2);
    t.answer(1); // the read begun before the change
    t.answer(2);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await t.value.get()).toBe(2);
    expect(t.reads()).toBe(2);
  });
});
