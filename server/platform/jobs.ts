import { PgBoss, fromPglite, type Job } from 'pg-boss';
import type { Database } from './db/database';
import { PgliteDatabase } from './db/pglite-database';
import { PostgresDatabase } from './db/postgres-database';

/**
 * The background job queue: pg-boss 12 over the app's own database (docs/learning.md "The job queue"). On PGlite it
 * goes through pg-boss's PGlite adapter on the same instance; on PostgreSQL through the app's pool. pg-boss claims
 * jobs with `FOR UPDATE SKIP LOCKED`, so several server processes sharing one PostgreSQL run each job once, and a job
 * that was active when its process died is retried once it expires. Handlers must be idempotent (ours write a unique
 * key in the transaction of the mail they send): a retried job then neither loses nor doubles anything.
 */
export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobDefinition {
  handler: JobHandler;
  /** Retries of a failed run (default 3), `retryDelaySeconds` apart (default 30). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run still active after this long is taken as dead and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** A cron schedule (UTC) that sends this job with empty data, e.g. every 15 minutes. */
  cron?: string;
  /** Jobs of this queue one process runs at once (default 1); a long job (an import) then does not hold the others back. */
  localConcurrency?: number;
}

export interface JobQueueOptions {
  /** Poll and work the queues in this process (the server); false: jobs run only through `runPending` (tests, benches). */
  work?: boolean;
  pollingIntervalSeconds?: number;
  log?: (line: string) => void;
  /** Logs each job run to its end (`job <name> <id> done`), through `log`: the two-process test counts them. */
  trace?: boolean;
}

export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private boss: PgBoss | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: JobQueueOptions = {},
  ) {}

  define(name: string, definition: JobDefinition): void {
    if (this.boss) throw new Error(`Job ${name} defined after the queue started`);
    this.definitions.set(name, definition);
  }

  get started(): boolean {
    return this.boss !== null;
  }

  async start(): Promise<void> {
    if (this.boss) return;
    const work = this.options.work ?? false;
    const boss =
      this.db instanceof PgliteDatabase
        ? new PgBoss({ db: fromPglite(this.db.pg), backend: 'pglite', supervise: work, schedule: work })
        : this.db instanceof PostgresDatabase
          ? new PgBoss({ db: poolAdapter(this.db), supervise: work, schedule: work })
          : null;
    if (!boss) throw new Error('The job queue needs the PGlite or PostgreSQL database');
    boss.on('error', (error) => this.options.log?.(`job queue: ${error.message}`));
    await boss.start();
    for (const [name, d] of this.definitions) {
      await boss.createQueue(name, {
        retryLimit: d.retryLimit ?? 3,
        retryDelay: d.retryDelaySeconds ?? 30,
        expireInSeconds: d.expireInSeconds ?? 900,
      });
      if (work) {
        await boss.work(
          name,
          {
            pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
            localConcurrency: d.localConcurrency ?? 1,
          },
          async (jobs: Job<Record<string, unknown>>[]) => {
            for (const job of jobs) {
              await d.handler(job.data ?? {});
              this.traced(name, job.id);
            }
          },
        );
        if (d.cron) await boss.schedule(name, d.cron, {}, { tz: 'UTC' });
      }
    }
    this.boss = boss;
  }

  /** Queues a job; with a `singletonKey` pg-boss keeps one queued job per key (a policy-free hint; handlers stay idempotent). */
  async send(
    name: string,
    data: Record<string, unknown>,
    options: { singletonKey?: string; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    if (!this.boss) throw new Error('The job queue is not started');
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    return this.boss.send(name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
  }

  private traced(name: string, id: string): void {
    if (this.options.trace) this.options.log?.(`job ${name} ${id} done`);
  }

  /**
   * Claims and runs the queued jobs of `names` (all by default) until none is left; a job whose handler throws is
   * failed (and retried later by pg-boss's own rules). Returns how many ran to completion. Several callers may run
   * this at once, in one process or many: each job is claimed by one of them.
   */
  async runPending(
    names: readonly string[] = [...this.definitions.keys()],
  ): Promise<{ completed: number; failed: number }> {
    if (!this.boss) throw new Error('The job queue is not started');
    let completed = 0;
    let failed = 0;
    for (;;) {
      let claimed = 0;
      for (const name of names) {
        const d = this.definitions.get(name)!;
        const jobs = await this.boss.fetch<Record<string, unknown>>(name, { batchSize: 10 });
        claimed += jobs.length;
        for (const job of jobs) {
          try {
            await d.handler(job.data ?? {});
            await this.boss.complete(name, job.id);
            this.traced(name, job.id);
            completed++;
          } catch (error) {
            await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            failed++;
          }
        }
      }
      if (claimed === 0) return { completed, failed };
    }
  }

  /** Jobs of `name` by state (tests read it to see that a failed run is queued again). */
  async counts(name: string): Promise<Record<string, number>> {
    if (!this.boss) throw new Error('The job queue is not started');
    const jobs = await this.boss.findJobs(name);
    const out: Record<string, number> = {};
    for (const job of jobs) out[job.state] = (out[job.state] ?? 0) + 1;
    return out;
  }

  /**
   * Tests only: makes the jobs of `name` waiting for a retry ready now instead of after their delay. pg-boss has no call
   * for it (its `retry` takes failed jobs), so this moves `start_after` in its own table.
   */
  async retryNow(name: string): Promise<void> {
    if (!this.boss) throw new Error('The job queue is not started');
    await this.db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'retry'`, [name]);
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, timeout: 5_000 });
  }
}

/** pg-boss's database interface over the app's pool: parameterless text may hold several statements (its DDL). */
function poolAdapter(db: PostgresDatabase) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await db.pool.query(text, values as unknown[] | undefined);
      return Array.isArray(result) ? { rows: result.flatMap((r: { rows?: unknown[] }) => r.rows ?? []) } : result;
    },
  };
}
