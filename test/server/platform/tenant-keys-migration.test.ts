import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_SITE_WORKSPACE_ID, type Database, type Sql } from '../../../server/platform/db/database';
import { migrate } from '../../../server/platform/db/migrate';
import { hashToken, SessionRepository } from '../../../server/platform/sessions';
import { seedDemo } from '../../../server/seed/demo.seed';
import { DATABASES, openEmptyDatabase, testPasswords } from '../support/test-app';

const BEFORE = '0015_workspace_settings.sql';
const MAIN_SITE_TOKEN = 'main-site-token-made-before-0016-aaaaaaaaaaaa';
const ACME_TOKEN = 'acme-token-made-before-0016-bbbbbbbbbbbbbbbbbbbb';

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname <> 'schema_migrations' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`))[0].n;
  return counts;
}

/** A published course as 0003 kept it: blocks and questions one row per language. */
async function seedOldCourse(tx: Sql, workspaceId: string): Promise<void> {
  const [course] = await tx.query<{ id: string }>(
    `INSERT INTO courses (workspace_id, title, status, published_at) VALUES ($1, 'Old course', 'PUBLISHED', now()) RETURNING id`,
    [workspaceId],
  );
  await tx.query(
    `INSERT INTO course_languages (workspace_id, course_id, language, priority, title) VALUES ($1, $2, 'ENGLISH', 'PRIMARY', 'Old course'), ($1, $2, 'HINDI', 'SECONDARY', 'पुराना')`,
    [workspaceId, course.id],
  );
  const [lesson] = await tx.query<{ id: string }>(
    `INSERT INTO course_contents (workspace_id, course_id, kind, position) VALUES ($1, $2, 'LESSON', 0) RETURNING id`,
    [workspaceId, course.id],
  );
  const [quiz] = await tx.query<{ id: string }>(
    `INSERT INTO course_contents (workspace_id, course_id, kind, position) VALUES ($1, $2, 'QUIZ', 1) RETURNING id`,
    [workspaceId, course.id],
  );
  for (const [language, text, question, yes, no] of [
    ['ENGLISH', 'Be kind', 'Is it allowed?', 'Yes', 'No'],
    ['HINDI', 'दयालु रहें', 'क्या यह अनुमत है?', 'हाँ', 'नहीं'],
  ]) {
    await tx.query(
      `INSERT INTO lesson_blocks (workspace_id, content_id, language, position, type, payload) VALUES ($1, $2, $3, 0, 'TEXT', $4)`,
      [workspaceId, lesson.id, language, JSON.stringify({ text })],
    );
    const [q] = await tx.query<{ id: string }>(
      `INSERT INTO quiz_questions (workspace_id, content_id, language, position, text) VALUES ($1, $2, $3, 0, $4) RETURNING id`,
      [workspaceId, quiz.id, language, question],
    );
    await tx.query(
      `INSERT INTO quiz_options (workspace_id, question_id, position, text, correct) VALUES ($1, $2, 0, $3, false), ($1, $2, 1, $4, true)`,
      [workspaceId, q.id, yes, no],
    );
  }
}

/** Migration 0016 (tenant keys) on a database that already holds a customer's data: the demo seed and more. */
describe.each(DATABASES)('the tenant-keys migration on a database with data, on %s', (kind) => {
  let db: Database;
  let before: Record<string, number>;
  let ids: { acme: string; globex: string; globexBranch: string; ann: string; course: string; admin: string };
  beforeAll(async () => {
    db = await openEmptyDatabase(kind);
    await migrate(db, { until: BEFORE });
    // Today's course seed needs today's tables: the course is written as the old schema held it.
    await seedDemo(db, testPasswords, 'localhost', [], { learning: false, caseStory: false });
    await db.system(async (tx) => {
      const [w] = await tx.query<{ acme: string; globex: string }>(
        `SELECT (SELECT id FROM workspaces WHERE slug = 'acme') AS acme, (SELECT id FROM workspaces WHERE slug = 'globex') AS globex`,
      );
      await seedOldCourse(tx, w.acme);
      const [u] = await tx.query<{ id: string }>(
        `SELECT id FROM users WHERE workspace_id = $1 AND role = 'EMPLOYEE' LIMIT 1`,
        [w.acme],
      );
      const [c] = await tx.query<{ id: string }>(
        `SELECT id FROM courses WHERE workspace_id = $1 AND status = 'PUBLISHED' LIMIT 1`,
        [w.acme],
      );
      const [b] = await tx.query<{ id: string }>(`SELECT id FROM branches WHERE workspace_id = $1 LIMIT 1`, [w.globex]);
      const [p] = await tx.query<{ id: string }>(`SELECT id FROM platform_admins LIMIT 1`);
      ids = { acme: w.acme, globex: w.globex, globexBranch: b.id, ann: u.id, course: c.id, admin: p.id };
      // What the old schema let belong to no workspace, and a workspace's own rows, as a running server leaves them.
      await tx.query(
        `INSERT INTO sessions (token_hash, workspace_id, platform_admin_id, ip, expires_at) VALUES ($1, NULL, $2, '127.0.0.1', now() + interval '1 day')`,
        [hashToken(MAIN_SITE_TOKEN), p.id],
      );
      await tx.query(
        `INSERT INTO sessions (token_hash, workspace_id, user_id, ip, expires_at) VALUES ($1, $2, $3, '127.0.0.1', now() + interval '1 day')`,
        [hashToken(ACME_TOKEN), w.acme, u.id],
      );
      await tx.query(
        `INSERT INTO audit_events (workspace_id, action) VALUES (NULL, 'workspace.deleted'), ($1, 'SIGN_IN')`,
        [w.acme],
      );
      await tx.query(
        `INSERT INTO outbox_messages (workspace_id, channel, recipient, body) VALUES (NULL, 'EMAIL', 'a@x.test', 'hi'), ($1, 'SMS', '+1', 'hi')`,
        [w.acme],
      );
      await tx.query(
        `INSERT INTO user_manuals (workspace_id, format, markdown, byte_size, file_token) VALUES (NULL, 'MARKDOWN', '# All', 5, 'tok-all'), ($1, 'MARKDOWN', '# Acme', 6, 'tok-acme')`,
        [w.acme],
      );
      await tx.query(`INSERT INTO course_assignments (workspace_id, course_id, user_id) VALUES ($1, $2, $3)`, [
        w.acme,
        c.id,
        u.id,
      ]);
    });
    before = await rowCounts(db);
    expect(await migrate(db, { until: '0016_tenant_keys.sql' })).toContain('0016_tenant_keys.sql');
  });
  afterAll(async () => db?.close());

  it('keeps every row, and gives the rows of no workspace the main site’s id', async () => {
    const after = await rowCounts(db);
    for (const [table, n] of Object.entries(before)) expect(after[table], table).toBe(n);
    for (const table of ['sessions', 'audit_events', 'outbox_messages', 'user_manuals']) {
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1`, [
        MAIN_SITE_WORKSPACE_ID,
      ]);
      expect(n, table).toBeGreaterThan(0);
    }
  });

  it('keeps the sessions made before it working, each on its own site only', async () => {
    const sessions = new SessionRepository(db);
    expect(await sessions.principal(MAIN_SITE_TOKEN, null)).toMatchObject({
      kind: 'platform-admin',
      platformAdminId: ids.admin,
    });
    expect(await sessions.principal(ACME_TOKEN, ids.acme)).toMatchObject({
      kind: 'user',
      workspaceId: ids.acme,
      userId: ids.ann,
    });
    expect(await sessions.principal(ACME_TOKEN, null)).toBeNull();
    expect(await sessions.principal(ACME_TOKEN, ids.globex)).toBeNull();
    expect(await sessions.principal(MAIN_SITE_TOKEN, ids.acme)).toBeNull();
  });

  it('now refuses a row that points into another workspace', async () => {
    const crossing = db.system((tx) =>
      tx.query(`INSERT INTO departments (workspace_id, branch_id, name) VALUES ($1, $2, 'Smuggled')`, [
        ids.acme,
        ids.globexBranch,
      ]),
    );
    await expect(crossing).rejects.toMatchObject({ code: '23503' });
    const assigned = db.system((tx) =>
      tx.query(`INSERT INTO course_assignments (workspace_id, course_id, user_id) VALUES ($1, $2, $3)`, [
        ids.globex,
        ids.course,
        ids.ann,
      ]),
    );
    await expect(assigned).rejects.toMatchObject({ code: '23503' });
  });

  it('still clears a removed department from its people, keeping their workspace', async () => {
    const [person] = await db.query<{ id: string; department_id: string }>(
      `SELECT id, department_id FROM users WHERE workspace_id = $1 AND department_id IS NOT NULL LIMIT 1`,
      [ids.acme],
    );
    await db.system(async (tx) => {
      await tx.query(`DELETE FROM department_managers WHERE workspace_id = $1 AND department_id = $2`, [
        ids.acme,
        person.department_id,
      ]);
      await tx.query(`DELETE FROM departments WHERE workspace_id = $1 AND id = $2`, [ids.acme, person.department_id]);
    });
    const [after] = await db.query<{ workspace_id: string; department_id: string | null }>(
      `SELECT workspace_id, department_id FROM users WHERE workspace_id = $1 AND id = $2`,
      [ids.acme, person.id],
    );
    expect(after).toEqual({ workspace_id: ids.acme, department_id: null });
  });

  it('then converts the old per-language course rows to one row per block and per question (0020), keeping the words', async () => {
    expect(await migrate(db)).toContain('0020_course_authoring.sql');
    const [block] = await db.query<{ type: string; block: { type: string; texts: Record<string, { body: string }> } }>(
      `SELECT b.type, b.block FROM lesson_blocks b JOIN courses c ON c.workspace_id = b.workspace_id
         JOIN course_contents k ON k.workspace_id = b.workspace_id AND k.id = b.content_id AND k.course_id = c.id WHERE c.title = 'Old course'`,
    );
    expect(block).toEqual({
      type: 'TEXT_AREA',
      block: {
        type: 'TEXT_AREA',
        alignment: 'LEFT',
        texts: { ENGLISH: { body: 'Be kind' }, HINDI: { body: 'दयालु रहें' } },
      },
    });
    const questions = await db.query<{
      kind: string;
      texts: object;
      options: { key: string; correct: boolean; texts: object }[];
    }>(
      `SELECT q.kind, q.texts, (SELECT json_agg(json_build_object('key', o.key, 'correct', o.correct, 'texts', o.texts) ORDER BY o.position)
                                  FROM quiz_options o WHERE o.workspace_id = q.workspace_id AND o.question_id = q.id) AS options
         FROM quiz_questions q JOIN course_contents k ON k.workspace_id = q.workspace_id AND k.id = q.content_id
         JOIN courses c ON c.workspace_id = k.workspace_id AND c.id = k.course_id WHERE c.title = 'Old course'`,
    );
    expect(questions).toEqual([
      {
        kind: 'SINGLE',
        texts: { ENGLISH: { text: 'Is it allowed?' }, HINDI: { text: 'क्या यह अनुमत है?' } },
        options: [
          { key: 'o1', correct: false, texts: { ENGLISH: 'Yes', HINDI: 'हाँ' } },
          { key: 'o2', correct: true, texts: { ENGLISH: 'No', HINDI: 'नहीं' } },
        ],
      },
    ]);
    const [course] = await db.query<{ version: number; published_version: number; quiz: number; versions: number }>(
      `SELECT c.version, c.published_version,
              (SELECT count(*)::int FROM quizzes z JOIN course_contents k ON k.workspace_id = z.workspace_id AND k.id = z.content_id WHERE k.course_id = c.id) AS quiz,
              (SELECT count(*)::int FROM course_versions v WHERE v.course_id = c.id) AS versions
         FROM courses c WHERE c.title = 'Old course'`,
    );
    expect(course).toEqual({ version: 1, published_version: 1, quiz: 1, versions: 1 });
    const [assigned] = await db.query<{ course_version: number }>(
      `SELECT course_version FROM course_assignments WHERE user_id = $1`,
      [ids.ann],
    );
    expect(assigned.course_version).toBe(1);
  });
});
