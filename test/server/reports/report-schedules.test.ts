import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_REPORT_SCHEDULES } from '../../../server/learning/reports/report-schedule-runner';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace } from '../support/factories';
import { buildReportWorld, csvRecords, reports, type ReportWorld } from './report-fixtures';

interface Mail {
  recipient: string;
  subject: string;
  body: string;
  attachments: { fileName: string; contentType: string; content: string; encoding?: string }[];
}

describe.each(DATABASES)('scheduled reports on %s', (kind) => {
  let server: TestServer;
  let world: ReportWorld;
  let admin: string;
  let north: string;
  let call: ReturnType<typeof reports>;
  /** An employer of the workspace, who may read reports: the recipient. */
  let employer: { id: string; email: string };

  beforeAll(async () => {
    // A small file is attached; anything larger (an XLSX, a zip of a few KB) goes as a link.
    server = await startTestServer(kind, { reports: { attachmentLimitBytes: 3000 } }, { jobs: true });
    world = await buildReportWorld(server);
    const ella = await buildUser(server, world.ws, { role: 'EMPLOYER', firstName: 'Ella', lastName: 'Employer' });
    employer = { id: ella.id, email: ella.email };
    admin = world.ws.admin.token;
    north = await server.signIn(world.host, world.northAdmin.email);
    call = reports(server, world.host);
  }, 120_000);
  afterAll(async () => server?.close());

  const save = async (token: string, name: string, filters: object = {}) => {
    const res = await call('POST', '/saved', token, { name, definition: { columns: ['businessUnit', 'courseName', 'status'], filters, isCourseInclude: true, isPolicyInclude: false } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const schedule = (token: string, id: string, body: object, host = world.host) => call('PUT', `/saved/${id}/schedule`, token, body, host);
  /** Makes every schedule due and runs the cron job once, as the queue would. */
  const runDue = async () => {
    await server.db.query(`UPDATE report_schedules SET next_run_at = now() - interval '1 minute' WHERE stopped_at IS NULL`);
    await server.jobs!.send(JOB_REPORT_SCHEDULES, {});
    await server.jobs!.runPending([JOB_REPORT_SCHEDULES]);
  };
  const mailsTo = (email: string, subject: string) =>
    server.db.query<Mail>(`SELECT recipient, subject, body, attachments FROM outbox_messages WHERE recipient = $1 AND subject = $2 ORDER BY id`, [email, subject]);

  it('mails a saved report to its recipient as an attachment, and a larger one as a signed link, then waits a period', async () => {
    const id = await save(admin, 'Weekly North training', { branchIds: [world.north] });
    const set = await schedule(admin, id, { frequency: 'WEEKLY', format: 'CSV', recipientIds: [employer.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().schedule).toMatchObject({ frequency: 'WEEKLY', format: 'CSV', recipients: [{ id: employer.id, email: employer.email }], stoppedAt: null });
    await runDue();
    const [mail] = await mailsTo(employer.email, 'Scheduled report: Weekly North training');
    expect(mail.body).toContain('4 rows');
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file.fileName).toMatch(/^Weekly-North-training-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = csvRecords(Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8'));
    expect(records).toHaveLength(4);
    expect(new Set(records.map((r) => r['Business unit']))).toEqual(new Set(['Report North']));
    // The next mail is a week on; nothing more is sent now.
    const [{ next }] = await server.db.query<{ next: string }>(`SELECT next_run_at AS next FROM report_schedules WHERE saved_report_id = $1`, [id]);
    expect(new Date(next).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await server.jobs!.send(JOB_REPORT_SCHEDULES, {});
    await server.jobs!.runPending([JOB_REPORT_SCHEDULES]);
    expect(await mailsTo(employer.email, 'Scheduled report: Weekly North training')).toHaveLength(1);

    // An XLSX is larger than the attachment limit of this server: a link that downloads the file.
    expect((await schedule(admin, id, { frequency: 'MONTHLY', format: 'XLSX', recipientIds: [employer.id] })).statusCode).toBe(200);
    await runDue();
    const [, linked] = await mailsTo(employer.email, 'Scheduled report: Weekly North training');
    expect(linked.attachments).toEqual([]);
    const link = /Download it within 7 days: (\S+)/.exec(linked.body)![1];
    const download = await server.request(world.host, { method: 'GET', url: link.replace(/^https?:\/\/[^/]+/, '') });
    expect(download.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].rowCount).toBe(5);
  });

  it("keeps a business-unit admin's schedule to their unit", async () => {
    const id = await save(north, 'My unit', {});
    expect((await schedule(north, id, { frequency: 'WEEKLY', format: 'CSV', recipientIds: [world.northAdmin.id] })).statusCode).toBe(200);
    await runDue();
    const [mail] = await mailsTo(world.northAdmin.email, 'Scheduled report: My unit');
    const records = csvRecords(Buffer.from(mail.attachments[0].content, 'base64').toString('utf8'));
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r['Business unit']))).toEqual(new Set(['Report North']));
  });

  it('stops the schedule, tells its owner and sends nothing, once a recipient may no longer read reports', async () => {
    const id = await save(admin, 'Stops on a role change');
    expect((await schedule(admin, id, { frequency: 'WEEKLY', format: 'CSV', recipientIds: [employer.id] })).statusCode).toBe(200);
    await server.db.tenant(world.workspaceId, (tx) => tx.query(`UPDATE users SET role = 'EMPLOYEE' WHERE workspace_id = $1 AND id = $2`, [world.workspaceId, employer.id]));
    try {
      await runDue();
      expect(await mailsTo(employer.email, 'Scheduled report: Stops on a role change')).toEqual([]);
      const [told] = await mailsTo(world.ws.admin.email, 'Scheduled report stopped: Stops on a role change');
      expect(told.body).toContain('Ella Employer may no longer read this report');
      const got = (await call('GET', `/saved/${id}/schedule`, admin)).json();
      expect(got.schedule.stoppedAt).not.toBeNull();
      // Stopped stays stopped: the next run sends nothing either.
      await runDue();
      expect(await mailsTo(employer.email, 'Scheduled report: Stops on a role change')).toEqual([]);
    } finally {
      await server.db.tenant(world.workspaceId, (tx) => tx.query(`UPDATE users SET role = 'EMPLOYER' WHERE workspace_id = $1 AND id = $2`, [world.workspaceId, employer.id]));
    }
  });

  it('refuses a recipient who may not read the report, naming the field, and keeps schedules per owner', async () => {
    const id = await save(admin, 'Refusals');
    const other = await buildWorkspace(server);
    const globexAdmin = other.admin;
    const employee = await buildUser(server, world.ws);
    for (const [who, recipient] of [
      ["another workspace's admin", globexAdmin.id],
      ['an employee', employee.id],
      // A business-unit admin would see every unit in a workspace-wide report.
      ["a business-unit admin, for a workspace's report", world.northAdmin.id],
    ] as const) {
      const res = await schedule(admin, id, { frequency: 'WEEKLY', format: 'CSV', recipientIds: [employer.id, recipient] });
      expect(res.statusCode, who).toBe(400);
      expect(res.json().fields, who).toHaveProperty('recipientIds');
    }
    const none = (await call('GET', `/saved/${id}/schedule`, admin)).json();
    expect(none.schedule).toBeNull();
    // The choices offered are the people who may receive it: the employer, not the unit's admin nor an employee.
    expect(none.choices.map((c: { id: string }) => c.id)).toContain(employer.id);
    expect(none.choices.map((c: { id: string }) => c.id)).not.toContain(world.northAdmin.id);
    expect(none.choices.map((c: { id: string }) => c.id)).not.toContain(employee.id);
    // Another admin's saved report, or another workspace's caller, finds nothing.
    expect((await schedule(north, id, { frequency: 'WEEKLY', format: 'CSV', recipientIds: [world.northAdmin.id] })).statusCode).toBe(404);
    expect((await call('GET', `/saved/${id}/schedule`, north)).statusCode).toBe(404);
    const globex = other.admin.token;
    const GLOBEX = other.host;
    expect((await schedule(globex, id, { frequency: 'WEEKLY', format: 'CSV', recipientIds: [globexAdmin.id] }, GLOBEX)).statusCode).toBe(404);
    expect((await schedule(admin, id, { frequency: 'DAILY', format: 'CSV', recipientIds: [employer.id] })).statusCode).toBe(400);
    expect((await schedule(admin, id, { frequency: 'WEEKLY', format: 'CSV', recipientIds: [] })).statusCode).toBe(400);
    expect((await call('DELETE', `/saved/${id}/schedule`, admin)).statusCode).toBe(404);
    expect((await schedule(admin, id, { frequency: 'WEEKLY', format: 'CSV', recipientIds: [employer.id] })).statusCode).toBe(200);
    expect((await call('DELETE', `/saved/${id}/schedule`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/saved/${id}/schedule`, admin)).json().schedule).toBeNull();
  });
});
