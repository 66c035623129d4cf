// Course benchmarks, each beside its reference measured in the same run:
// 1. The details of a course of 30 lessons x 20 blocks x 6 languages, asked by 20 concurrent readers over real HTTP,
//    beside the same rows read by one direct SQL query through the driver with the same concurrency. Target: our
//    p99 at most 2x the direct p99, no errors.
// 2. A clone of that course through the API, beside the INSERT ... SELECT statement that writes the same rows into the
//    same tables (cloneCourse's, run through the driver: keys, foreign keys and triggers, as ours pays). Target: at
//    most 2x. Printed beside it: an INSERT ... SELECT of the same rows into keyless copies (no keys, indexes or foreign
//    keys), a floor no copy that keeps its integrity can reach.
// `npm run bench courses`; set BENCH_DATABASE_URL=postgres://... to measure on PostgreSQL too (BENCH_ONLY_POSTGRES=1: only there);
// BENCH_COURSES_PART=clone measures the clone alone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import type { Database } from '../server/platform/db/database';
import { cloneCourse } from '../server/learning/courses/authoring.service';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.seed';
import { LessonBlock } from '../src/contracts/learning/blocks.contract';
import { CourseLanguage } from '../src/domain/courses/course';
import { cheapPasswords, openBenchDatabase, load, pct } from './support';

const LESSONS = 30;
const BLOCKS = 20;
const READERS = 20;
const REQUESTS = 200;
const CLONES = 10;
const LANGUAGES = CourseLanguage.options;

function block(i: number): LessonBlock {
  const words = (l: string) => `${l} words of block ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}`;
  if (i % 2 === 0)
    return LessonBlock.parse({
      type: 'TEXT_AREA',
      texts: Object.fromEntries(LANGUAGES.map((l) => [l, { body: words(l) }])),
    });
  return LessonBlock.parse({
    type: 'MULTIPLE_CHOICE',
    options: [
      { key: 'a', correct: true },
      { key: 'b', correct: false },
      { key: 'c', correct: false },
    ],
    texts: Object.fromEntries(
      LANGUAGES.map((l) => [l, { prompt: words(l), options: { a: `${l} a`, b: `${l} b`, c: `${l} c` } }]),
    ),
  });
}

/** The course, written by SQL: six languages, 30 lessons with a title in each, 20 blocks each with six languages' words. */
async function grow(db: Database, workspaceId: string): Promise<string> {
  return db.tenant(workspaceId, async (tx) => {
    const [course] = await tx.query<{ id: string }>(
      `INSERT INTO courses (workspace_id, title) VALUES ($1, 'Bench course') RETURNING id`,
      [workspaceId],
    );
    for (const [i, language] of LANGUAGES.entries()) {
      await tx.query(
        `INSERT INTO course_languages (workspace_id, course_id, language, priority, title) VALUES ($1, $2, $3, $4, $5)`,
        [workspaceId, course.id, language, i === 0 ? 'PRIMARY' : 'SECONDARY', `Bench course ${language}`],
      );
    }
    const lessons = await tx.query<{ id: string }>(
      `INSERT INTO course_contents (workspace_id, course_id, kind, position) SELECT $1, $2, 'LESSON', g FROM generate_series(0, $3::int - 1) g RETURNING id`,
      [workspaceId, course.id, LESSONS],
    );
    await tx.query(
      `INSERT INTO course_content_titles (workspace_id, content_id, language, title)
       SELECT $1, l.id, lang, 'Lesson ' || lang FROM unnest($2::uuid[]) AS l(id), unnest($3::text[]) AS lang`,
      [workspaceId, lessons.map((l) => l.id), LANGUAGES],
    );
    const blocks = Array.from({ length: BLOCKS }, (_, i) => block(i));
    for (const lesson of lessons) {
      await tx.query(
        `INSERT INTO lesson_blocks (workspace_id, content_id, position, type, block)
         SELECT $1, $2, b.n - 1, b.block->>'type', b.block FROM unnest($3::jsonb[]) WITH ORDINALITY AS b(block, n)`,
        [workspaceId, lesson.id, blocks.map((b) => JSON.stringify(b))],
      );
    }
    return course.id;
  });
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  const { db, drop } = await openBenchDatabase(kind, 'bench_course');
  const files = await mkdtemp(path.join(os.tmpdir(), 'bench-files-'));
  try {
    await seedDemo(db, cheapPasswords, 'localhost');
    const [acme] = await db.system((tx) => tx.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`));
    const workspaceId = acme!.id;
    const courseId = await grow(db, workspaceId);
    await db.system((tx) => tx.query('ANALYZE'));
    console.log(`\nCourses, ${LESSONS} lessons x ${BLOCKS} blocks x ${LANGUAGES.length} languages, ${kind}`);

    // Two servers over the database: the product as configured (details cached by content revision) and one with
    // the cache off, which rebuilds every answer (what the first reader after each edit pays).
    const appOf = async (courseDetailsCacheBytes?: number) => {
      const server = await buildApp({
        db,
        passwords: cheapPasswords,
        settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024, courseDetailsCacheBytes },
      });
      await server.listen({ port: 0, host: '127.0.0.1' });
      return server;
    };
    const app = await appOf();
    const coldApp = await appOf(0);
    const port = (app.server.address() as AddressInfo).port;
    const coldPort = (coldApp.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: READERS * 2 });
    const send = (method: string, url: string, body?: unknown, token?: string, to = port) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const data = body === undefined ? '' : JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1',
            port: to,
            path: url,
            method,
            agent,
            headers: {
              host: 'acme.localhost',
              ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    const signIn = await send('POST', '/main-api/api/user/signin', {
      userEmail: 'admin@acme.test',
      userPassword: DEMO_PASSWORD,
    });
    const token = (JSON.parse(signIn.body) as { token: string }).token;

    // 1. Details.
    const viaApi = async (to = port) => {
      const res = await send(
        'GET',
        `/learning-api/api/course/details/${courseId}?language=HINDI`,
        undefined,
        token,
        to,
      );
      if (res.status !== 200) throw new Error(`${res.status} ${res.body.slice(0, 200)}`);
      const details = JSON.parse(res.body) as { contents: { blocks: unknown[] }[] };
      if (details.contents.length !== LESSONS || details.contents[0]!.blocks.length !== BLOCKS)
        throw new Error('short course');
    };
    const direct = () =>
      db.tenant(workspaceId, async (tx) => {
        const rows = await tx.query(
          `SELECT c.id, c.position, t.title, b.id AS block_id, b.position AS block_position, b.block
             FROM course_contents c
             JOIN course_content_titles t ON t.workspace_id = c.workspace_id AND t.content_id = c.id AND t.language = 'HINDI'
             JOIN lesson_blocks b ON b.workspace_id = c.workspace_id AND b.content_id = c.id
            WHERE c.workspace_id = $1 AND c.course_id = $2 ORDER BY c.position, b.position`,
          [workspaceId, courseId],
        );
        if (rows.length !== LESSONS * BLOCKS) throw new Error('short course');
      });
    const cold = () => viaApi(coldPort);
    // BENCH_COURSES_PART=clone measures the clone alone.
    if (process.env.BENCH_COURSES_PART !== 'clone') {
      await load(direct, READERS, 40);
      await load(() => viaApi(), READERS, 40);
      await load(cold, READERS, 20);
      const ref = await load(direct, READERS, REQUESTS);
      const ours = await load(() => viaApi(), READERS, REQUESTS);
      const coldRun = await load(cold, READERS, REQUESTS / 2);
      const line = (label: string, r: typeof ref, n = REQUESTS) =>
        `  ${label}: p50 ${pct(r.latencies, 50).toFixed(1)} ms, p99 ${pct(r.latencies, 99).toFixed(1)} ms, ${(n / (r.ms / 1000)).toFixed(1)} req/s, ${r.errors} errors`;
      console.log(`  course details in Hindi, ${READERS} concurrent readers, ${REQUESTS} requests each side`);
      console.log(line('ours, through HTTP and the API (rendered contents cached by content revision)', ours));
      console.log(line('the same rows, one SQL query through the driver', ref));
      console.log(
        line(
          `ours with the cache off (every answer rebuilt, as after each edit; ${REQUESTS / 2} requests)`,
          coldRun,
          REQUESTS / 2,
        ),
      );
      const ratio = pct(ours.latencies, 99) / pct(ref.latencies, 99);
      console.log(
        `  p99 ratio (ours / direct): ${ratio.toFixed(2)} (target <= 2.00, no errors) ${ratio <= 2 && ours.errors === 0 ? 'OK' : 'BELOW TARGET'}`,
      );
      console.log(
        `  p99 ratio with the cache off (ours / direct): ${(pct(coldRun.latencies, 99) / pct(ref.latencies, 99)).toFixed(2)} (printed, not the target)`,
      );
    }

    // 2. Clone.
    await db.system(async (tx) => {
      for (const table of [
        'courses',
        'course_languages',
        'course_contents',
        'course_content_titles',
        'lesson_blocks',
        'quizzes',
        'quiz_questions',
        'quiz_options',
      ]) {
        await tx.query(`CREATE TABLE bench_copy_${table} (LIKE ${table})`);
      }
    });
    const copyDirect = () =>
      db.system(async (tx) => {
        const params = [workspaceId, courseId];
        const contents = `SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2`;
        await tx.query(
          `INSERT INTO bench_copy_courses SELECT * FROM courses WHERE workspace_id = $1 AND id = $2`,
          params,
        );
        await tx.query(
          `INSERT INTO bench_copy_course_languages SELECT * FROM course_languages WHERE workspace_id = $1 AND course_id = $2`,
          params,
        );
        await tx.query(
          `INSERT INTO bench_copy_course_contents SELECT * FROM course_contents WHERE workspace_id = $1 AND course_id = $2`,
          params,
        );
        await tx.query(
          `INSERT INTO bench_copy_course_content_titles SELECT * FROM course_content_titles WHERE workspace_id = $1 AND content_id IN (${contents})`,
          params,
        );
        await tx.query(
          `INSERT INTO bench_copy_lesson_blocks SELECT * FROM lesson_blocks WHERE workspace_id = $1 AND content_id IN (${contents})`,
          params,
        );
        await tx.query(
          `INSERT INTO bench_copy_quizzes SELECT * FROM quizzes WHERE workspace_id = $1 AND content_id IN (${contents})`,
          params,
        );
        await tx.query(
          `INSERT INTO bench_copy_quiz_questions SELECT * FROM quiz_questions WHERE workspace_id = $1 AND content_id IN (${contents})`,
          params,
        );
        await tx.query(
          `INSERT INTO bench_copy_quiz_options SELECT * FROM quiz_options WHERE workspace_id = $1
             AND question_id IN (SELECT id FROM quiz_questions WHERE workspace_id = $1 AND content_id IN (${contents}))`,
          params,
        );
      });
    const [admin] = await db.system((tx) =>
      tx.query<{ id: string }>(`SELECT id FROM users WHERE workspace_id = $1 AND email = 'admin@acme.test'`, [
        workspaceId,
      ]),
    );
    const cloneDirect = () =>
      db.tenant(workspaceId, async (tx) => {
        await cloneCourse(tx, { workspaceId, userId: admin!.id, ip: null }, { courseId });
      });
    const cloneApi = async () => {
      const res = await send('POST', '/learning-api/api/course/clone', { courseId }, token);
      if (res.status !== 200) throw new Error(`${res.status} ${res.body.slice(0, 200)}`);
    };
    await load(copyDirect, 1, 2);
    await load(cloneDirect, 1, 2);
    await load(cloneApi, 1, 2);
    const copyRef = await load(copyDirect, 1, CLONES);
    const directRef = await load(cloneDirect, 1, CLONES);
    const clones = await load(cloneApi, 1, CLONES);
    const cloneLine = (label: string, r: Awaited<ReturnType<typeof load>>) =>
      `  ${label}: median ${pct(r.latencies, 50).toFixed(1)} ms, max ${pct(r.latencies, 100).toFixed(1)} ms, ${r.errors} errors`;
    console.log(`  clone of the course (${LESSONS * BLOCKS} blocks), ${CLONES} one after another each side`);
    console.log(cloneLine('ours, POST /api/course/clone (new ids, keys, indexes, audit)', clones));
    console.log(cloneLine('INSERT ... SELECT of the same rows into the same tables, through the driver', directRef));
    console.log(cloneLine('INSERT ... SELECT of the same rows into keyless copies', copyRef));
    const cloneRatio = pct(clones.latencies, 50) / pct(directRef.latencies, 50);
    console.log(
      `  median ratio (ours / INSERT ... SELECT into the same tables): ${cloneRatio.toFixed(2)} (target <= 2.00, no errors) ${cloneRatio <= 2 && clones.errors === 0 ? 'OK' : 'BELOW TARGET'}`,
    );
    console.log(
      `  median ratio (ours / INSERT ... SELECT into keyless copies, the floor): ${(pct(clones.latencies, 50) / pct(copyRef.latencies, 50)).toFixed(2)}`,
    );
    agent.destroy();
    await app.close();
    await coldApp.close();
  } finally {
    await drop();
    await rm(files, { recursive: true, force: true });
  }
}

export async function benchCourses(): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY_POSTGRES
    ? ['postgres']
    : process.env.BENCH_DATABASE_URL
      ? ['pglite', 'postgres']
      : ['pglite'];
  for (const kind of kinds) await benchOn(kind);
  if (!process.env.BENCH_DATABASE_URL)
    console.log('  (set BENCH_DATABASE_URL=postgres://... to measure on PostgreSQL too)');
}
