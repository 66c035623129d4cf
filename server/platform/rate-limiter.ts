import { createHash } from 'node:crypto';
import { systemBatch, type Database, type Sql, type Statement } from './db/database';
import { HttpError } from './errors';
import { systemClock } from './clock';

/** An allowance: at most `max` events per key in any sliding window of `windowMs`. */
export interface Limit {
  /** Part of the stored key, so two limits never share a count. */
  name: string;
  max: number;
  windowMs: number;
  /** Said in the 429's message: "Too many failed attempts. Try again in 90 seconds." */
  what: string;
  /**
   * Stores each event's time rounded up to a multiple of this many ms instead of the exact instant (the reporters'
   * limits: an exact time beside an address hash would date a report). An event then stays counted between one
   * window and one window plus a bucket.
   */
  bucketMs?: number;
}

/** One limit applied to one key (an address, an account, a workspace). */
export interface LimitKey {
  limit: Limit;
  key: string;
}

const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 500;

/**
 * Counts events per key in a sliding window and answers 429 with Retry-After once a key has used up its
 * allowance (failed sign-ins, code requests). The counts live in the database (`rate_limits`, migration 0017),
 * so every server process behind one database shares them; times are the database's, so the processes' clocks
 * do not matter. Every call is one statement, whatever the number of limits it checks.
 */
export class RateLimits {
  private lastPrune = 0;

  constructor(private readonly db: Database) {}

  /** Throws 429 with Retry-After while any of these keys has used up its allowance. */
  async check(keys: readonly LimitKey[], tx?: Sql): Promise<void> {
    (await this.read(keys, tx)).assertAllowed(keys);
  }

  /** Reads these keys in one statement, for a caller that decides which of them apply (sign-in). */
  async read(keys: readonly LimitKey[], tx?: Sql): Promise<LimitReading> {
    if (unique(keys).length === 0) return new LimitReading([]);
    const { text, params } = this.readStatement(keys);
    const rows = tx
      ? await tx.query<RawStateRow>(text, params)
      : ((await systemBatch(this.db, [{ text, params }]))[0] as RawStateRow[]);
    return readingOf(keys, rows);
  }

  /** Counts one event against each key (a failure, after the check let it through). */
  async record(keys: readonly LimitKey[], tx?: Sql): Promise<void> {
    await this.run(RECORD, keys, tx);
    await this.prune();
  }

  /** Checks and counts in one statement (limits on every request, not only failures): a refused call counts nothing. */
  async take(keys: readonly LimitKey[], tx?: Sql): Promise<void> {
    const rows = await this.run(TAKE, keys, tx);
    refuseIfFull(keys, rows);
    await this.prune();
  }

  /**
   * `take` of `count` events at once (a SCIM Bulk request counted by its operations): allowed only when all of them fit
   * in every key's allowance; `count` is capped at the smallest allowance, so a call can always fit in an empty window.
   */
  async takeMany(keys: readonly LimitKey[], count: number, tx?: Sql): Promise<void> {
    const list = unique(keys);
    if (list.length === 0) return;
    const weight = Math.max(1, Math.min(Math.floor(count), ...list.map((k) => k.limit.max)));
    const rows = await this.run(TAKE_MANY, keys, tx, [weight]);
    refuseIfFull(keys, rows, weight);
    await this.prune();
  }

  /** Forgets the events of these keys (the right password ends a run of failures). */
  async reset(keys: readonly LimitKey[], tx?: Sql): Promise<void> {
    const hashed = unique(keys).map((k) => k.hash);
    if (hashed.length === 0) return;
    await (tx ?? this.db).query('DELETE FROM rate_limits WHERE key = ANY($1::text[])', [hashed]);
  }

  /**
   * `reset(forget)` and `record(count)` in one statement (a right password: its run of failures ends and its address
   * is counted as known). A key in both lists is only counted.
   */
  async resetAndRecord(forget: readonly LimitKey[], count: readonly LimitKey[], tx?: Sql): Promise<void> {
    await this.run(RESET_AND_RECORD, count, tx, [forgotten(forget, count)]);
    await this.prune();
  }

  /**
   * `resetAndRecord` as a statement for a caller's own batch, applied only when `condition` holds: an SQL condition
   * over `$6`, `$7`... (`condition.values`), read in the batch's transaction (the workspace sign-in: only when its
   * session was written by the statement before). It answers no rows. Call `afterBatch` once the batch ran.
   */
  resetAndRecordStatement(
    forget: readonly LimitKey[],
    count: readonly LimitKey[],
    condition: { sql: string; values: readonly unknown[] },
  ): Statement {
    return statementOf(resetAndRecordIf(condition.sql), count, [forgotten(forget, count), ...condition.values]);
  }

  /** What `record`, `take` and `resetAndRecord` do after their statement (the occasional prune). */
  async afterBatch(): Promise<void> {
    await this.prune();
  }

  /**
   * The statement `read` runs, for a caller that sends it in a batch of its own (the workspace sign-in reads its
   * limits and the account in one call); `readingOf` turns that statement's rows into the reading.
   */
  readStatement(keys: readonly LimitKey[]): Statement {
    return { text: READ, params: [unique(keys).map((k) => k.hash)] };
  }

  /** The reading of `readStatement(keys)`'s rows. */
  readingOf(keys: readonly LimitKey[], rows: unknown[]): LimitReading {
    return readingOf(keys, rows as RawStateRow[]);
  }

  private async run(sql: string, keys: readonly LimitKey[], tx?: Sql, extra: unknown[] = []): Promise<StateRow[]> {
    if (unique(keys).length === 0) return [];
    const { text, params } = statementOf(sql, keys, extra);
    // Outside a caller's transaction, as a batch: one call into PGlite with the text kept prepared, instead of a parse
    // and plan on each call (bench/signin-throughput.bench.ts).
    const rows = tx
      ? await tx.query<RawStateRow>(text, params)
      : ((await systemBatch(this.db, [{ text, params }]))[0] as RawStateRow[]);
    return stateRows(rows);
  }

  /** At most once a minute per process, a bounded batch of rows whose window has passed. */
  private async prune(): Promise<void> {
    const now = systemClock.now().getTime();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db.query(
      `DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE expires_at < now() ORDER BY expires_at LIMIT ${PRUNE_BATCH})`,
    );
  }
}

/** The state of some keys as one statement read it. */
export class LimitReading {
  constructor(private readonly rows: StateRow[]) {}

  /** Whether the key has at least one event in its window (an address that signed in before, for example). */
  seen(key: LimitKey): boolean {
    const hash = hashLimitKey(key.limit, key.key);
    return this.rows.some((r) => r.key === hash && r.recent.length > 0);
  }

  /** Throws 429 with Retry-After when any of these keys (read before) has used up its allowance. */
  assertAllowed(keys: readonly LimitKey[]): void {
    refuseIfFull(keys, this.rows);
  }

  /** Whether this key has used up its allowance (for a caller that decides what a full allowance means). */
  full(key: LimitKey): boolean {
    const hash = hashLimitKey(key.limit, key.key);
    return this.rows.some((r) => r.key === hash && r.recent.length >= key.limit.max);
  }
}

/** A rate-limit statement over these keys ($1 hashes, $2 windows, $3 allowances, $4 buckets, then `extra`). */
function statementOf(sql: string, keys: readonly LimitKey[], extra: unknown[] = []): Statement {
  const list = unique(keys);
  return {
    text: sql,
    params: [
      list.map((k) => k.hash),
      list.map((k) => k.limit.windowMs),
      list.map((k) => k.limit.max),
      list.map((k) => k.limit.bucketMs ?? 0),
      ...extra,
    ],
  };
}

interface RawStateRow {
  key: string;
  recent: (number | string)[] | null;
  at: number | string;
}

/**
 * `READ`'s rows as the state of `keys`: each key's events inside its own window (the caller's `windowMs`, as the other
 * statements take it), oldest first, measured from the database's clock (`at`). A key without a row has no events.
 */
function readingOf(keys: readonly LimitKey[], rows: RawStateRow[]): LimitReading {
  const windows = new Map(unique(keys).map((k) => [k.hash, k.limit.windowMs]));
  return new LimitReading(
    rows.map((r) => {
      const at = Number(r.at);
      const since = at - (windows.get(r.key) ?? 0);
      const recent = (r.recent ?? [])
        .map(Number)
        .filter((h) => h > since)
        .sort((a, b) => a - b);
      return { key: r.key, recent, at };
    }),
  );
}

function stateRows(rows: RawStateRow[]): StateRow[] {
  return rows.map((r) => ({ ...r, recent: (r.recent ?? []).map(Number), at: Number(r.at) }));
}

interface StateRow {
  key: string;
  /** Times (ms since the epoch) of the events inside the window, oldest first, before this call. */
  recent: number[];
  at: number;
}

export function hashLimitKey(limit: Limit, key: string): string {
  return createHash('sha256').update(`${limit.name}\u0000${key}`).digest('hex');
}

function unique(keys: readonly LimitKey[]): (LimitKey & { hash: string })[] {
  const byHash = new Map<string, LimitKey & { hash: string }>();
  for (const k of keys) {
    const hash = hashLimitKey(k.limit, k.key);
    if (!byHash.has(hash)) byHash.set(hash, { ...k, hash });
  }
  return [...byHash.values()];
}

/** The hashes of `forget` that are not also in `count` (a key in both lists is only counted). */
function forgotten(forget: readonly LimitKey[], count: readonly LimitKey[]): string[] {
  const counted = new Set(unique(count).map((k) => k.hash));
  return unique(forget)
    .map((k) => k.hash)
    .filter((h) => !counted.has(h));
}

function refuseIfFull(keys: readonly LimitKey[], rows: StateRow[], weight = 1): void {
  const byHash = new Map(rows.map((r) => [r.key, r]));
  let refusal: { seconds: number; what: string } | null = null;
  for (const k of unique(keys)) {
    const row = byHash.get(k.hash);
    if (!row || row.recent.length + weight <= k.limit.max) continue;
    // The last of the events that must leave the window before `weight` more are allowed.
    const oldest = row.recent[row.recent.length + weight - 1 - k.limit.max]!;
    const seconds = Math.max(1, Math.ceil((oldest + k.limit.windowMs - row.at) / 1000));
    if (!refusal || seconds > refusal.seconds) refusal = { seconds, what: k.limit.what };
  }
  if (refusal) {
    throw new HttpError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many ${refusal.what}. Try again in ${refusal.seconds} seconds.`,
      undefined,
      {
        'retry-after': String(refusal.seconds),
      },
    );
  }
}

/** The keys asked about, with their limits ($1 hashes, $2 windows in ms, $3 allowances, $4 buckets in ms or 0). */
const INPUT = `input AS (SELECT key, window_ms, max_hits,
    CASE WHEN bucket_ms > 0 THEN to_timestamp(ceil(extract(epoch FROM now()) * 1000 / bucket_ms) * bucket_ms / 1000.0) ELSE now() END AS hit
  FROM unnest($1::text[], $2::bigint[], $3::int[], $4::bigint[]) AS t(key, window_ms, max_hits, bucket_ms))`;

/** Each key's events inside its window, as of now (the database's clock). */
const CURRENT = `current AS (
  SELECT i.key, i.window_ms, i.max_hits,
         ARRAY(SELECT extract(epoch FROM h)::float8 * 1000 FROM unnest(r.hits) AS h
                WHERE h > now() - make_interval(secs => i.window_ms / 1000.0) ORDER BY h)::float8[] AS recent
    FROM input i LEFT JOIN rate_limits r ON r.key = i.key)`;

/** Adds the event's time (now(), or its bucket) to each key's events, keeping only those inside the window and at most max_hits of them. */
const UPSERT = (where: string) => `INSERT INTO rate_limits AS r (key, hits, window_ms, max_hits, expires_at)
  SELECT key, ARRAY[hit], window_ms, max_hits, hit + make_interval(secs => window_ms / 1000.0) FROM input ${where}
  ON CONFLICT (key) DO UPDATE SET
    hits = ARRAY(SELECT h FROM (SELECT h FROM unnest(r.hits || excluded.hits[1]) AS h
                                 WHERE h > now() - make_interval(secs => excluded.window_ms / 1000.0)
                                 ORDER BY h DESC LIMIT excluded.max_hits) AS kept ORDER BY h),
    window_ms = excluded.window_ms, max_hits = excluded.max_hits, expires_at = excluded.expires_at`;

/** UPSERT of $5 events at once (each at the same time). */
const UPSERT_MANY = `INSERT INTO rate_limits AS r (key, hits, window_ms, max_hits, expires_at)
  SELECT key, array_fill(hit, ARRAY[$5::int]), window_ms, max_hits, hit + make_interval(secs => window_ms / 1000.0) FROM input
   WHERE (SELECT ok FROM allowed)
  ON CONFLICT (key) DO UPDATE SET
    hits = ARRAY(SELECT h FROM (SELECT h FROM unnest(r.hits || excluded.hits) AS h
                                 WHERE h > now() - make_interval(secs => excluded.window_ms / 1000.0)
                                 ORDER BY h DESC LIMIT excluded.max_hits) AS kept ORDER BY h),
    window_ms = excluded.window_ms, max_hits = excluded.max_hits, expires_at = excluded.expires_at`;

const RESULT = `SELECT key, recent, extract(epoch FROM now())::float8 * 1000 AS at FROM current`;

/**
 * The stored events of the keys of $1 (the hashes), with the database's clock: the caller keeps those inside each key's
 * window (`readingOf`). One index lookup per key and nothing computed per event: every sign-in reads four keys, most
 * of which have no row.
 */
const READ = `SELECT key, ARRAY(SELECT extract(epoch FROM h)::float8 * 1000 FROM unnest(hits) AS h)::float8[] AS recent,
  extract(epoch FROM now())::float8 * 1000 AS at FROM rate_limits WHERE key = ANY($1::text[])`;
const RECORD = `WITH ${INPUT}, ${CURRENT}, recorded AS (${UPSERT('')}) ${RESULT}`;
/** RECORD, and the keys of $5 forgotten (no key of $5 is one of $1: the data-modifying parts see one snapshot). */
const RESET_AND_RECORD = `WITH forgotten AS (DELETE FROM rate_limits WHERE key = ANY($5::text[])), ${INPUT}, ${CURRENT},
  recorded AS (${UPSERT('')}) ${RESULT}`;
/**
 * RESET_AND_RECORD where both the forgetting and the counting happen only when `condition` holds. It answers no rows:
 * its caller (a sign-in that succeeded) reads nothing back, so the keys' events are not read again.
 */
const resetAndRecordIf = (condition: string) => `WITH forgotten AS (
    DELETE FROM rate_limits WHERE key = ANY($5::text[]) AND ${condition}), ${INPUT}
  ${UPSERT(`WHERE ${condition}`)}`;
const TAKE = `WITH ${INPUT}, ${CURRENT},
  allowed AS (SELECT NOT EXISTS (SELECT 1 FROM current WHERE cardinality(recent) >= max_hits) AS ok),
  recorded AS (${UPSERT('WHERE (SELECT ok FROM allowed)')}) ${RESULT}`;
const TAKE_MANY = `WITH ${INPUT}, ${CURRENT},
  allowed AS (SELECT NOT EXISTS (SELECT 1 FROM current WHERE cardinality(recent) + $5::int > max_hits) AS ok),
  recorded AS (${UPSERT_MANY}) ${RESULT}`;
