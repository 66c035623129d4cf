// Auto-assignment benchmark: a course's rule saved through the API assigns it to 100,000 matching people
// (POST /api/course/{id}/autoAssign: the rule, the set-based run through assignTo with due dates, the mail mark, one
// audit event per assignment), beside an INSERT ... SELECT of the same assignments straight into course_assignments
// (same table, same keys and indexes; no audit), measured in the same run on a course of the same shape.
// Target: ours at least 0.5x the reference's speed (time_ref / time_ours >= 0.5).
// `npm run bench auto-assign`; BENCH_AUTO_ASSIGN_PEOPLE=10000 for a quick run; BENCH_DATABASE_URL=postgres://... for PostgreSQL too
// (BENCH_ONLY_POSTGRES=1: only there).
import { execSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.seed';
import { cheapPasswords, openBenchDatabase } from './support';

const PEOPLE = Number(process.env.BENCH_AUTO_ASSIGN_PEOPLE ?? 100_000);
const ROUNDS = 2;

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  const { db, drop } = await openBenchDatabase(kind, 'bench-auto-assign');
  const files = await mkdtemp(path.join(os.tmpdir(), 'bench-auto-assign-files-'));
  try {
    await seedDemo(db, cheapPasswords, 'localhost');
    const app = await buildApp({
      db,
      passwords: cheapPasswords,
      settings: { mainHost: 'localhost', maxUploadBytes: 5 * 1024 * 1024 },
    });
    const [ws] = await db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
    const { departmentId, branchId, courseId } = await db.tenant(ws.id, async (tx) => {
      const [dep] = await tx.query<{ id: string; branch_id: string }>(
        `INSERT INTO departments (workspace_id, branch_id, name) SELECT $1, id, 'Bench floor' FROM branches WHERE workspace_id = $1 AND headquarter RETURNING id, branch_id`,
        [ws.id],
      );
      const [course] = await tx.query<{ id: string }>(
        `SELECT id FROM courses WHERE workspace_id = $1 AND status = 'PUBLISHED' LIMIT 1`,
        [ws.id],
      );
      return { departmentId: dep.id, branchId: dep.branch_id, courseId: course.id };
    });
    const seeded = performance.now();
    await db.tenant(ws.id, (tx) =>
      tx.query(
        `INSERT INTO users (workspace_id, email, first_name, last_name, role, status, branch_id, department_id, date_of_joining)
         SELECT $1, 'bench' || g || '@acme.test', 'Bench', 'Person ' || g, 'EMPLOYEE', 'ACTIVE', $2, $3, date '2024-01-01' + (g % 365)
           FROM generate_series(1, $4::int) g`,
        [ws.id, branchId, departmentId, PEOPLE],
      ),
    );
    await db.system((tx) => tx.query('ANALYZE users'));
    console.log(
      `\nAuto-assignment to ${PEOPLE.toLocaleString('en')} matching people, ${kind} (${((performance.now() - seeded) / 1000).toFixed(1)} s to insert them)`,
    );

    const signIn = await app.inject({
      method: 'POST',
      url: '/main-api/api/user/signin',
      headers: { host: 'acme.localhost' },
      payload: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD },
    });
    const token = signIn.json().token as string;
    const api = async (method: 'POST', url: string, payload: object) => {
      const res = await app.inject({
        method,
        url: `/learning-api/api/course${url}`,
        headers: { host: 'acme.localhost', authorization: `Bearer ${token}` },
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    };
    const freshCourse = async (title: string): Promise<string> => {
      const { courseId: copy } = await api('POST', '/clone', { courseId, title });
      await api('POST', `/publish/${copy}`, {});
      return copy;
    };

    const ours: number[] = [];
    const reference: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const a = await freshCourse(`Bench ours ${round}`);
      const b = await freshCourse(`Bench reference ${round}`);
      let start = performance.now();
      const saved = await api('POST', `/${a}/autoAssign`, { branchId, departmentId });
      ours.push(performance.now() - start);
      if (saved.run.assigned !== PEOPLE) throw new Error(`ours assigned ${saved.run.assigned}, not ${PEOPLE}`);
      start = performance.now();
      const inserted = await db.tenant(ws.id, (tx) =>
        tx.query(
          `INSERT INTO course_assignments (workspace_id, course_id, user_id, assigned_by, assigned_at, course_version, due_at, assignment_mail_pending, assigned_via)
           SELECT $1, $2, u.id, NULL, now(), c.published_version, now() + interval '30 days', true, 'AUTO'
             FROM users u JOIN courses c ON c.workspace_id = $1 AND c.id = $2
            WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE' AND u.branch_id = $3 AND u.department_id = $4
           ON CONFLICT (workspace_id, course_id, user_id) DO NOTHING RETURNING 1`,
          [ws.id, b, branchId, departmentId],
        ),
      );
      reference.push(performance.now() - start);
      if (inserted.length !== PEOPLE) throw new Error(`reference assigned ${inserted.length}, not ${PEOPLE}`);
    }
    const best = (xs: number[]) => Math.min(...xs);
    console.log(`  load (uptime): ${execSync('uptime').toString().trim()}`);
    console.log(
      `  ours, POST /api/course/{id}/autoAssign (rule, assignTo: due date, mail mark, ${PEOPLE.toLocaleString('en')} audit events): ${ours.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`,
    );
    console.log(
      `  INSERT ... SELECT of the same assignments (no audit): ${reference.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`,
    );
    const ratio = best(reference) / best(ours);
    console.log(
      `  speed ratio, best of ${ROUNDS} (reference time / ours): ${ratio.toFixed(2)}x (target >= 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
    );
    await app.close();
  } finally {
    await drop();
    await rm(files, { recursive: true, force: true });
  }
}

export async function benchAutoAssign(): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY_POSTGRES
    ? ['postgres']
    : process.env.BENCH_DATABASE_URL
      ? ['pglite', 'postgres']
      : ['pglite'];
  for (const kind of kinds) await benchOn(kind);
  if (!process.env.BENCH_DATABASE_URL)
    console.log('  (set BENCH_DATABASE_URL=postgres://... to measure on PostgreSQL too)');
}
