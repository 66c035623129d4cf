/**
 * A value read from the database that may be up to `maxAgeMs` old (counted from the start of the read that produced
 * it), for rows that change rarely and are needed on every request (the permission switches, the maintenance and
 * elevated-IP flags).
 *
 * - **One read at a time:** callers that find no usable value while a read is under way wait for that read instead of
 *   each starting their own (fifty callers at once used to read the same rows fifty times).
 * - **Refreshed ahead:** once the value is `refreshAfterMs` old, the next caller starts a new read in the background
 *   and every caller keeps the value it has (still within `maxAgeMs`). Without it, the caller that found the value
 *   expired waited for a read queued behind every request in flight, and every request arriving meanwhile waited on
 *   it: under load, a stall of a whole queue's length every few seconds (on PGlite, one connection, ~40 ms for fifty
 *   callers: the directory benchmark's p99). A caller waits only when the value is older than `maxAgeMs`.
 * - **`forget()`** drops the value and any read under way: a read begun before a change never outlives it.
 */
export class FreshValue<T> {
  private cached: { at: number; value: T } | null = null;
  private reading: Promise<T> | null = null;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly refreshAfterMs = Math.floor((maxAgeMs * 2) / 3),
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    const cached = this.cached;
    const age = cached ? this.now() - cached.at : Infinity;
    if (cached && age <= this.maxAgeMs) {
      // A failed refresh is not an error of this caller: the next caller past maxAgeMs reads again and sees it.
      if (age > this.refreshAfterMs && !this.reading) this.start().catch(() => {});
      return Promise.resolve(cached.value);
    }
    return this.reading ?? this.start();
  }

  forget(): void {
    this.cached = null;
    this.reading = null;
  }

  private start(): Promise<T> {
    const at = this.now();
    const read: Promise<T> = this.read()
      .then((value) => {
        // Kept only if no forget() came meanwhile.
        if (this.reading === read) this.cached = { at, value };
        return value;
      })
      .finally(() => {
        if (this.reading === read) this.reading = null;
      });
    this.reading = read;
    return read;
  }
}
