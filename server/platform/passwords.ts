import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown account answers as slowly as a known one. */
  verifyNothing(password: string): Promise<void>;
}

/**
 * At most this many argon2id computations at once in the process, the others waiting their turn in order: one per
 * core (`os.availableParallelism()`). Each takes a thread of libuv's pool (4 threads by default) for its whole run and
 * is pure CPU, so more of them at once than there are cores finish no sooner, while they take the CPU from the
 * server's own thread (which runs every request, and on PGlite the database too) and the pool's threads from file
 * reads and compression. docs/architecture.md "Identity and sessions"; bench/signin-throughput.bench.ts.
 */
export const ARGON2_AT_ONCE = Math.max(1, os.availableParallelism());

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes to the next in line (running unchanged), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export class Argon2PasswordHasher implements PasswordHasher {
  private decoy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return inTurn(() => hash(password, OPTIONS));
  }

  async verify(hashed: string, password: string): Promise<boolean> {
    try {
      return await inTurn(() => verify(hashed, password));
    } catch {
      return false;
    }
  }

  async verifyNothing(password: string): Promise<void> {
    this.decoy ??= hash('decoy-password-for-timing', OPTIONS);
    await this.verify(await this.decoy, password);
  }
}
