import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportExporter, ReportExportHalted } from '../../../server/learning/reports/report-export';
import type { Database } from '../../../server/platform/db/database';
import { EmbeddedFileUrls } from '../../../server/platform/signed-files';
import { UrlSigner } from '../../../server/platform/signed-urls';
import { ReportColumn } from '../../../src/domain/reports/report-columns';
import { DATABASES, openTestDatabase } from '../support/test-app';

/**
 * The export's file, byte for byte, on both databases and at any page size: every column, dates on both sides of the
 * workspace's midnight, a cell a spreadsheet would run as a formula, quotes, commas and a line break inside cells,
 * empty cells, numbers. The export is read in pages (a cursor on PostgreSQL, stored pages on PGlite); however the
 * pages are read, the file is the same.
 */
const NOW = new Date('2026-11-28T12:00:00Z');

const EXPECTED = [
  '\uFEFFName,Email,Row,Date of joining,User status,Business unit,Department,Designation,Policy,Policy version,Policy acceptance,Accepted on,Course,Course version,Assigned on,Course status,Completion (%),Completed on,Certificate expires on,Test attempts,Test score (%),Test status,Test completed on',
  '"Chetan =HYPERLINK(""http://evil.test"",""x"")",chetan@bytes.test,Course,10 Jul 2023,Inactive,"North, ""East""",Sales,\'@SUM(A1:A9),,,,,Alpha,2,05 May 2026,Overdue,0,,,0,,Not taken,',
  'Asha Kulkarni,asha@bytes.test,Course,15 Jan 2024,Active,"North, ""East""",Sales,Analyst,,,,,"\'+Beta, part ""two""",2,01 Mar 2026,In progress,0,,,0,,Not taken,',
  'Asha Kulkarni,asha@bytes.test,Course,15 Jan 2024,Active,"North, ""East""",Sales,Analyst,,,,,Alpha,2,02 Mar 2026,Completed,100,01 Apr 2026,31 Mar 2027,0,,Not taken,',
  'Asha Kulkarni,asha@bytes.test,Policy,15 Jan 2024,Active,"North, ""East""",Sales,Analyst,\'-Leave policy,1,Accepted,11 Feb 2026,,,,,,,,,,,',
  'Dev Rao,dev@bytes.test,Course,,Invited,"North, ""East""",,"Line one',
  'line two",,,,,"\'+Beta, part ""two""",2,28 Nov 2026,Not started,0,,,0,,Not taken,',
  'Dev Rao,dev@bytes.test,Policy,,Invited,"North, ""East""",,"Line one',
  'line two",\'-Leave policy,,To accept,,,,,,,,,,,,',
  '',
].join('\n');

describe.each(DATABASES)('report export bytes on %s', (kind) => {
  let db: Database;
  let files: string;
  let ws: string;
  let owner: string;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    files = await mkdtemp(path.join(os.tmpdir(), 'report-bytes-'));
    ws = await db.system(async (tx) => {
      const one = async (text: string, params: unknown[]) => (await tx.query<{ id: string }>(text, params))[0].id;
      const w = await one(
        `INSERT INTO workspaces (slug, workspace_url, company_name) VALUES ('bytes', 'bytes.localhost', 'Bytes') RETURNING id`,
        [],
      );
      const unit = await one(`INSERT INTO branches (workspace_id, name) VALUES ($1, 'North, "East"') RETURNING id`, [w]);
      const sales = await one(
        `INSERT INTO departments (workspace_id, branch_id, name) VALUES ($1, $2, 'Sales') RETURNING id`,
        [w, unit],
      );
      const person = (email: string, first: string, last: string, status: string, joined: string | null, designation: string | null, department: string | null) =>
        one(
          `INSERT INTO users (workspace_id, email, role, status, first_name, last_name, branch_id, department_id, designation, date_of_joining)
           VALUES ($1, $2, 'EMPLOYEE', $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [w, email, status, first, last, unit, department, designation, joined],
        );
      const asha = await person('asha@bytes.test', 'Asha', 'Kulkarni', 'ACTIVE', '2024-01-15', 'Analyst', sales);
      const chetan = await person('chetan@bytes.test', 'Chetan', '=HYPERLINK("http://evil.test","x")', 'INACTIVE', '2023-07-10', '@SUM(A1:A9)', sales);
      const dev = await person('dev@bytes.test', 'Dev', 'Rao', 'INVITED', null, 'Line one\nline two', null);
      const course = async (title: string) => {
        const id = await one(
          `INSERT INTO courses (workspace_id, title, description, status, published_at, version, published_version) VALUES ($1, $2, '', 'PUBLISHED', now(), 2, 2) RETURNING id`,
          [w, title],
        );
        await tx.query(`INSERT INTO course_versions (workspace_id, course_id, version, published_at) VALUES ($1, $2, 2, now())`, [w, id]);
        return id;
      };
      const alpha = await course('Alpha');
      const beta = await course('+Beta, part "two"');
      const assign = (user: string, c: string, status: string, assigned: string, completed: string | null, due: string | null) =>
        one(
          `INSERT INTO course_assignments (workspace_id, course_id, user_id, assigned_at, status, completed_at, course_version, due_at, assignment_mail_pending, assigned_via)
           VALUES ($1, $2, $3, $4, $5, $6, 2, $7, false, 'ADMIN') RETURNING id`,
          [w, c, user, assigned, status, completed, due],
        );
      // 19:00 UTC is half past midnight the next day in Kolkata; 18:29:59 is still the same day.
      const done = await assign(asha, alpha, 'COMPLETED', '2026-03-01T19:00:00Z', '2026-03-31T18:45:00.123Z', '2026-04-30T00:00:00Z');
      await assign(asha, beta, 'IN_PROGRESS', '2026-03-01T18:29:59Z', null, null);
      await assign(chetan, alpha, 'ASSIGNED', '2026-05-05T05:05:05Z', null, '2026-06-01T00:00:00Z');
      await assign(dev, beta, 'ASSIGNED', '2026-11-27T20:00:00Z', null, '2027-01-01T00:00:00Z');
      await tx.query(
        `INSERT INTO course_completions (workspace_id, user_id, course_id, assignment_id, cycle, completed_at, completed_on, course_title, language, expires_on, source)
         VALUES ($1, $2, $3, $4, 1, '2026-03-31T18:45:00.123Z', '2026-04-01', 'Alpha', 'ENGLISH', '2027-03-31', 'ADMIN')`,
        [w, asha, alpha, done],
      );
      const policy = await one(
        `INSERT INTO catalogue_policies (title, owner_name, review_due_on, owner_workspace_id) VALUES ('-Leave policy', 'People', '2027-01-01', $1) RETURNING id`,
        [w],
      );
      await tx.query(
        `INSERT INTO catalogue_policy_versions (policy_id, version, change, summary, created_at, created_by) VALUES ($1, 1, 'MATERIAL', 'First', '2026-01-01T00:00:00Z', $2)`,
        [policy, asha],
      );
      await tx.query(
        `INSERT INTO catalogue_policy_documents (policy_id, version, language, storage_key, file_name, size, status, confirmed_at) VALUES ($1, 1, 'ENGLISH', 'k', 'leave.pdf', 10, 'CONFIRMED', now())`,
        [policy],
      );
      const published = await one(
        `INSERT INTO workspace_policies (workspace_id, catalogue_policy_id, scope, days_to_accept, published_at, published_by) VALUES ($1, $2, 'WORKSPACE', 30, '2026-01-01T00:00:00Z', $3) RETURNING id`,
        [w, policy, asha],
      );
      await tx.query(
        `INSERT INTO policy_acceptances (workspace_id, policy_id, user_id, catalogue_policy_id, version, language, accepted_at) VALUES ($1, $2, $3, $4, 1, 'ENGLISH', '2026-02-10T20:00:00Z')`,
        [w, published, asha, policy],
      );
      return w;
    });
    owner = (await db.tenant(ws, (tx) => tx.query<{ id: string }>(`SELECT id FROM users WHERE workspace_id = $1 AND email = 'asha@bytes.test'`, [ws])))[0].id;
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  /** The export cursors still open on the connection (PGlite's one; on PostgreSQL the pool's, where they close with the transaction). */
  const openCursors = async () =>
    (await db.tenant(ws, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_cursors WHERE name LIKE 'report_rows_%'`)))[0].n;

  async function exported(pageRows: number, halt?: number): Promise<string> {
    const store = new EmbeddedFileUrls(files, new UrlSigner(Buffer.alloc(32, 7)));
    const exporter = new ReportExporter(db, store, () => NOW, {
      pageRows,
      beforePage: async (_job, page) => {
        if (page === halt) throw new ReportExportHalted();
      },
    });
    const definition = { columns: ReportColumn.options, filters: {}, isCourseInclude: true, isPolicyInclude: true };
    const [job] = await db.tenant(ws, (tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO report_exports (workspace_id, owner_id, name, definition, scoped, format) VALUES ($1, $2, 'Bytes', $3::jsonb, false, 'CSV') RETURNING id`,
        [ws, owner, JSON.stringify(definition)],
      ),
    );
    await exporter.run(ws, job.id);
    expect(await openCursors()).toBe(0);
    if (halt !== undefined) return '';
    const [done] = await db.tenant(ws, (tx) =>
      tx.query<{ status: string; file_key: string }>(`SELECT status, file_key FROM report_exports WHERE workspace_id = $1 AND id = $2`, [ws, job.id]),
    );
    expect(done.status).toBe('DONE');
    const size = (await store.stat(ws, done.file_key))!.size;
    return Buffer.from(await store.readRange(ws, done.file_key, 0, size)).toString('utf8');
  }

  it('writes the same bytes whatever the page size', async () => {
    const onePage = await exported(1000);
    expect(onePage).toBe(EXPECTED);
    expect(await exported(2)).toBe(EXPECTED);
    expect(await exported(3)).toBe(EXPECTED);
  });

  it('closes the cursor of an export stopped between pages', async () => {
    expect(await exported(2, 2)).toBe('');
  });
});
