// Sign-ins a second at 4 concurrent callers (`npm run bench signin-throughput`): the whole sign-in call through the
// app (`inject`: routing, rate limits, the account read, argon2id, the session written), beside raw argon2id verifies
// of the same hash with the same parameters by 4 concurrent callers, in alternating rounds of one run. Target: at
// least 0.7x. The argon2id work is the floor a sign-in cannot go under; the ratio is what the rest costs.
// PGlite by default; `BENCH_SIGNINS` sizes a round (40 a side by default; `BENCH_SIGNINS=400` for the full size).
// Printed beside, not the target's reference: the same raw verifies held to the app's bound of one computation per
// core at once (`ARGON2_AT_ONCE`), so the ratio against it is what a sign-in costs besides its verify, and the ratio of
// the two references is what the bound costs on this machine at this load (docs/architecture.md "Benchmarks").
import { verify as argon2Verify } from '@node-rs/argon2';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { ARGON2_AT_ONCE, Argon2PasswordHasher } from '../server/platform/passwords';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.seed';
import { cheapPasswords, openBenchDatabase } from './support';

const CALLERS = 4;
const PER_ROUND = Number(process.env.BENCH_SIGNINS ?? 40);
const ROUNDS = Number(process.env.BENCH_SIGNIN_ROUNDS ?? 3);
const TARGET = 0.7;

/** `CALLERS` concurrent callers run `one` until `total` calls are made; calls a second. */
async function rate(one: () => Promise<void>, total: number): Promise<number> {
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next < total) {
        next += 1;
        await one();
      }
    }),
  );
  return (total * 1000) / (performance.now() - began);
}

export async function benchSigninThroughput(): Promise<void> {
  const kind = process.env.BENCH_ONLY_POSTGRES && process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const { db, drop } = await openBenchDatabase(kind, 'bench-signin');
  const files = await mkdtemp(path.join(os.tmpdir(), 'bench-signin-files-'));
  const passwords = new Argon2PasswordHasher();
  try {
    // The demo seeded with cheap hashes (fast), then the signing-in account given a real argon2id hash.
    await seedDemo(db, cheapPasswords, 'localhost');
    const hashed = await passwords.hash(DEMO_PASSWORD);
    await db.query(`UPDATE users SET password_hash = $1 WHERE email = 'admin@acme.test'`, [hashed]);
    const app = await buildApp({
      db,
      passwords,
      settings: { mainHost: 'localhost', maxUploadBytes: 5 * 1024 * 1024 },
    });
    try {
      let address = 0;
      const signIn = async () => {
        // Each caller from its own address, as people signing in are: the per-address limits are not what is measured.
        address += 1;
        const res = await app.inject({
          method: 'POST',
          url: '/main-api/api/user/signin',
          headers: { host: 'acme.localhost' },
          remoteAddress: `10.0.${(address >> 8) & 255}.${address & 255}`,
          payload: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD },
        });
        if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body.slice(0, 200)}`);
      };
      const verify = async () => {
        // Raw: @node-rs/argon2 itself, not the app's hasher (which takes its turn among the process's computations).
        if (!(await argon2Verify(hashed, DEMO_PASSWORD))) throw new Error('verify failed');
      };
      // The same verifies, at most ARGON2_AT_ONCE at once (the others waiting in order), as the app's hasher runs them.
      let running = 0;
      const waiting: (() => void)[] = [];
      const verifyBounded = async () => {
        if (running >= ARGON2_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
        else running += 1;
        try {
          await verify();
        } finally {
          const next = waiting.shift();
          if (next) next();
          else running -= 1;
        }
      };
      await rate(signIn, CALLERS);
      await rate(verify, CALLERS);
      await rate(verifyBounded, CALLERS);
      const sides = [signIn, verify, verifyBounded];
      const rates: number[][] = [[], [], []];
      for (let round = 0; round < ROUNDS; round++) {
        // Each round starts with the next side, so that a change in the machine's load falls on every side.
        for (let i = 0; i < sides.length; i++) {
          const side = (round + i) % sides.length;
          rates[side].push(await rate(sides[side], PER_ROUND));
        }
      }
      const [ours, reference, bounded] = rates;
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const ratio = sum(ours) / sum(reference);
      console.log(
        `signin-throughput, ${kind}: ${CALLERS} concurrent callers, ${ROUNDS} alternating rounds of ${PER_ROUND} a side`,
      );
      console.log(
        `  sign-ins ${ours.map((r) => r.toFixed(1)).join(', ')} /s | raw argon2id verifies ${reference.map((r) => r.toFixed(1)).join(', ')} /s; ` +
          `ratio ${ratio.toFixed(2)}x (target >= ${TARGET}x: ${ratio >= TARGET ? 'met' : 'not met'})`,
      );
      console.log(
        `  beside: raw verifies at most ${ARGON2_AT_ONCE} at once (the app's bound) ${bounded.map((r) => r.toFixed(1)).join(', ')} /s; ` +
          `sign-ins / bounded verifies ${(sum(ours) / sum(bounded)).toFixed(2)}x; bounded / raw verifies ${(sum(bounded) / sum(reference)).toFixed(2)}x`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await drop();
    await rm(files, { recursive: true, force: true });
  }
}
