import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../src/domain/shared/date-time';
import type { ReportRow } from '../../../src/contracts/learning/reports.contract';
import { ReportColumn, reportDate } from '../../../src/domain/reports/report-columns';
import { ReportExportHalted } from '../../../server/learning/reports/report-export';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace } from '../support/factories';
import { buildReportWorld, csvRecords, reports, type ReportWorld } from './report-fixtures';

const ALL = ReportColumn.options;
const BOTH = { isCourseInclude: true, isPolicyInclude: true };

describe.each(DATABASES)('reports on %s', (kind) => {
  let server: TestServer;
  let world: ReportWorld;
  let admin: string;
  let north: string;
  let call: ReturnType<typeof reports>;
  /** Set by a test to stop the export worker dead before a page. */
  let halt: ((jobId: string, page: number) => boolean) | null = null;

  beforeAll(async () => {
    server = await startTestServer(kind, { reports: { pageRows: 2, staleAfterMs: 200, beforePage: async (jobId, page) => {
      if (halt?.(jobId, page)) throw new ReportExportHalted();
    } } }, { jobs: true });
    world = await buildReportWorld(server);
    admin = await world.ws.admin.token;
    north = await server.signIn(world.host, world.northAdmin.email);
    call = reports(server, world.host);
  }, 120_000);
  afterAll(async () => server?.close());

  const preview = async (token: string, body: object, host = world.host) => {
    const res = await call('POST', '/preview', token, { columns: ALL, ...BOTH, pageSize: 200, ...body }, host);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: ReportRow[]; total: number; scopedTo: string | null; page: number };
  };
  const inUnits = { branchIds: [] as string[] };
  const mine = () => ({ ...inUnits, branchIds: [world.north, world.south] });
  const who = (rows: ReportRow[]) => rows.map((r) => `${r.email.split('.')[0]}:${r.kind}:${r.values.courseName ?? r.values.policyName ?? ''}`);

  it('shows every column of a course row and of a policy row, dates in the workspace format, states in words', async () => {
    const { rows } = await preview(admin, { filters: { branchIds: [world.north] } });
    const asha = rows.filter((r) => r.email === world.people[0].email);
    const alpha = asha.find((r) => r.values.courseName === 'Report course Alpha')!;
    expect(alpha.name).toBe('Asha Kulkarni');
    expect(alpha.values).toMatchObject({
      dateOfJoining: '15 Jan 2024',
      userStatus: 'Active',
      businessUnit: 'Report North',
      department: 'Sales',
      designation: 'Analyst',
      courseVersion: 1,
      assignedOn: '10 Jan 2026',
      status: 'Completed',
      completionPercentage: 100,
      completedOn: '20 Jan 2026',
      testAttempts: 2,
      testScore: 90,
      testStatus: 'Passed',
      testCompletedOn: '19 Jan 2026',
      policyName: null,
      policyAcceptanceStatus: null,
    });
    const policy = asha.find((r) => r.kind === 'POLICY')!;
    expect(policy.values).toMatchObject({ policyName: 'Report conduct policy', policyVersion: 1, policyAcceptanceStatus: 'Accepted', courseName: null, status: null });
    expect(policy.values.policyAcceptedOn).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
    const bela = rows.find((r) => r.email === world.people[1].email && r.kind === 'COURSE')!;
    expect(bela.values).toMatchObject({ status: 'In progress', completionPercentage: 50, testAttempts: 1, testScore: 40, testStatus: 'Failed', completedOn: null });
    const chetan = rows.find((r) => r.email === world.people[2].email && r.kind === 'COURSE')!;
    expect(chetan.values).toMatchObject({ status: 'Overdue', userStatus: 'Inactive', testStatus: 'Not taken', testAttempts: 0 });
    // Only the chosen columns come back.
    const narrow = await preview(admin, { columns: ['courseName'], filters: { branchIds: [world.north] }, isPolicyInclude: false });
    expect(Object.keys(narrow.rows[0].values)).toEqual(['courseName']);
  });

  it('includes course rows, policy rows or both as isCourseInclude and isPolicyInclude say', async () => {
    const filters = mine();
    const courses = await preview(admin, { filters, isPolicyInclude: false });
    expect(courses.rows.every((r) => r.kind === 'COURSE')).toBe(true);
    expect(courses.total).toBe(7);
    const policies = await preview(admin, { filters, isCourseInclude: false });
    expect(policies.rows.every((r) => r.kind === 'POLICY')).toBe(true);
    // The inactive person has no policy to accept; the unit's admin has one, as everyone in scope.
    expect(policies.total).toBe(6);
    expect((await preview(admin, { filters })).total).toBe(13);
    const neither = await call('POST', '/preview', admin, { columns: ALL, isCourseInclude: false, isPolicyInclude: false });
    expect(neither.statusCode).toBe(400);
  });

  it('narrows by each filter', async () => {
    const base = mine();
    const emails = async (filters: object, extra: object = {}) => who((await preview(admin, { filters: { ...base, ...filters }, ...extra })).rows);
    expect(await emails({ branchIds: [world.south] }, { isPolicyInclude: false })).toEqual(['deepa:COURSE:Report course Alpha', 'eshan:COURSE:Report course Alpha', 'farah:COURSE:Report course Beta']);
    expect(await emails({ departmentIds: [world.northSales] }, { isPolicyInclude: false })).toHaveLength(4);
    expect(await emails({ courseIds: [world.courseB] })).toEqual(['asha:COURSE:Report course Beta', 'farah:COURSE:Report course Beta']);
    expect(await emails({ userStatuses: ['INACTIVE'] })).toEqual(['chetan:COURSE:Report course Alpha']);
    expect(await emails({ courseStatuses: ['COMPLETED'] })).toEqual(['asha:COURSE:Report course Alpha', 'deepa:COURSE:Report course Alpha']);
    expect(await emails({ courseStatuses: ['OVERDUE'] })).toEqual(['chetan:COURSE:Report course Alpha', 'farah:COURSE:Report course Beta']);
    expect(await emails({ courseStatuses: ['IN_PROGRESS', 'NOT_STARTED'] })).toEqual(['bela:COURSE:Report course Alpha', 'asha:COURSE:Report course Beta', 'eshan:COURSE:Report course Alpha']);
    expect(await emails({ policyStatuses: ['ACCEPTED'] })).toEqual(['asha:POLICY:Report conduct policy', 'deepa:POLICY:Report conduct policy']);
    expect(await emails({ policyStatuses: ['PENDING'] })).toHaveLength(4);
    expect(await emails({ policyIds: [world.policyId] })).toHaveLength(6);
    expect(await emails({ assigned: { from: '2026-02-01', to: '2026-03-31' } })).toEqual(['chetan:COURSE:Report course Alpha', 'bela:COURSE:Report course Alpha']);
    expect(await emails({ completed: { from: '2026-02-01' } })).toEqual(['deepa:COURSE:Report course Alpha']);
    expect(await emails({ completed: { to: '2026-01-20' } })).toEqual(['asha:COURSE:Report course Alpha']);
    expect(await emails({ courseVersion: 1 })).toEqual(['asha:COURSE:Report course Alpha']);
    // The workspace's own day (Asia/Kolkata): the filters' dates are its local days, a day ahead of UTC after 18:30 UTC.
    const today = localDay(new Date(), 'Asia/Kolkata');
    expect(await emails({ accepted: { from: '2020-01-01', to: today } })).toEqual(['asha:POLICY:Report conduct policy', 'deepa:POLICY:Report conduct policy']);
    expect(await emails({ accepted: { to: '2020-01-01' } })).toEqual([]);
    expect(await emails({ policyVersion: 1 })).toHaveLength(2);
    expect(await emails({ policyVersion: 2 })).toEqual([]);
    // A filter of one side asks about that side: the other side's rows are left out, the people filters still apply.
    expect(await emails({ courseIds: [world.courseA], policyIds: [world.policyId], branchIds: [world.south] })).toEqual([
      'deepa:COURSE:Report course Alpha',
      'deepa:POLICY:Report conduct policy',
      'eshan:COURSE:Report course Alpha',
      'eshan:POLICY:Report conduct policy',
      'farah:POLICY:Report conduct policy',
    ]);
    // Asked only of the side the report leaves out, a filter leaves no rows: an empty report, never a server error.
    expect(await emails({ accepted: { from: '2020-01-01' } }, { isPolicyInclude: false })).toEqual([]);
    expect(await emails({ policyVersion: 1, userStatuses: ['ACTIVE'] }, { isPolicyInclude: false })).toEqual([]);
    expect(await emails({ courseVersion: 1 }, { isCourseInclude: false })).toEqual([]);
    const bad = await call('POST', '/preview', admin, { columns: ALL, ...BOTH, filters: { assigned: { from: '2026-03-01', to: '2026-01-01' } } });
    expect(bad.statusCode).toBe(400);
    const unknown = await call('POST', '/preview', admin, { columns: ['salary'], ...BOTH });
    expect(unknown.statusCode).toBe(400);
  });

  it("keeps a business-unit admin to their unit's rows whatever filter they send", async () => {
    const northEmails = new Set(world.people.filter((p) => p.unit === 'North').map((p) => p.email));
    const attempts: object[] = [
      {},
      { branchIds: [world.south] },
      { branchIds: [world.north, world.south] },
      { departmentIds: [world.southSales] },
      { courseIds: [world.courseA, world.courseB] },
      { policyIds: [world.policyId] },
      { userStatuses: ['ACTIVE', 'INVITED', 'INACTIVE'] },
      { courseStatuses: ['COMPLETED', 'OVERDUE', 'IN_PROGRESS', 'NOT_STARTED'] },
      { policyStatuses: ['ACCEPTED', 'PENDING', 'OVERDUE'] },
      { assigned: { from: '2000-01-01' } },
      { completed: { from: '2000-01-01' } },
      { accepted: { from: '2000-01-01' } },
      { courseVersion: 2 },
      { policyVersion: 1 },
    ];
    for (const filters of attempts) {
      const { rows, total, scopedTo } = await preview(north, { filters });
      expect(scopedTo).toBe('Report North');
      expect(total).toBe(rows.length);
      for (const r of rows) expect(northEmails.has(r.email) || r.email === world.northAdmin.email, `${JSON.stringify(filters)}: ${r.email}`).toBe(true);
    }
    // The filters offer their own unit only.
    const offered = (await call('GET', '/options', north)).json();
    expect(offered.businessUnits).toEqual([{ id: world.north, name: 'Report North' }]);
    expect(offered.departments.map((d: { id: string }) => d.id)).toEqual([world.northSales]);
    expect((await call('GET', '/options', admin)).json().businessUnits.map((b: { id: string }) => b.id)).toEqual(expect.arrayContaining([world.north, world.south]));
    // South's people, asked by name of their unit: nothing.
    expect((await preview(north, { filters: { branchIds: [world.south] } })).total).toBe(0);
    // The same filter for the workspace admin finds them.
    expect((await preview(admin, { filters: { branchIds: [world.south] } })).total).toBeGreaterThan(0);
    // The unit's export holds the same rows.
    const started = await call('POST', '/export', north, { columns: ['businessUnit'], ...BOTH, filters: { branchIds: [world.south, world.north] }, format: 'CSV' });
    expect(started.statusCode, started.body).toBe(200);
    await server.jobs!.runPending();
    const csv = await download(started.json().jobId, north);
    const records = csvRecords(csv.toString('utf8'));
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r['Business unit']))).toEqual(new Set(['Report North']));
  });

  it('pages in the database: each page its rows, the total of all, in one order', async () => {
    const filters = mine();
    const all = (await preview(admin, { filters })).rows.map((r) => `${r.userId}:${r.kind}:${r.values.courseName ?? r.values.policyName}`);
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await call('POST', '/preview', admin, { columns: ['courseName', 'policyName'], ...BOTH, filters, page, pageSize: 5 });
      const body = res.json() as { rows: ReportRow[]; total: number };
      expect(body.total).toBe(13);
      seen.push(...body.rows.map((r) => `${r.userId}:${r.kind}:${r.values.courseName ?? r.values.policyName}`));
      expect(body.rows.length).toBe(page < 3 ? 5 : page === 3 ? 3 : 0);
    }
    expect(seen).toEqual(all);
    expect((await call('POST', '/preview', admin, { columns: ALL, ...BOTH, pageSize: 201 })).statusCode).toBe(400);
  });

  async function download(jobId: string, token: string): Promise<Buffer> {
    const status = await call('GET', `/export/${jobId}`, token);
    expect(status.statusCode, status.body).toBe(200);
    const body = status.json();
    expect(body.status, JSON.stringify(body)).toBe('DONE');
    expect(body.rowsDone).toBe(body.totalRows);
    const file = await server.request(world.host, { method: 'GET', url: body.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(body.fileName);
    return file.rawPayload;
  }

  it('exports CSV and XLSX with formula-like cells escaped, named after the report and the day', async () => {
    const body = { name: 'Audit: North & South', columns: ['businessUnit', 'designation', 'courseName', 'status', 'completedOn'], ...BOTH, filters: mine(), isPolicyInclude: false };
    const csvJob = await call('POST', '/export', admin, { ...body, format: 'CSV' });
    const xlsxJob = await call('POST', '/export', admin, { ...body, format: 'XLSX' });
    expect(csvJob.statusCode, csvJob.body).toBe(200);
    const queued = await call('GET', `/export/${csvJob.json().jobId}`, admin);
    expect(queued.json()).toMatchObject({ status: 'QUEUED', downloadUrl: null });
    await server.jobs!.runPending();

    const csv = await download(csvJob.json().jobId, admin);
    const status = (await call('GET', `/export/${csvJob.json().jobId}`, admin)).json();
    expect(status.fileName).toMatch(/^Audit-North-South-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = csvRecords(csv.toString('utf8'));
    expect(records).toHaveLength(7);
    const chetan = records.find((r) => r.Email === world.people[2].email)!;
    expect(chetan.Designation).toBe("'@SUM(A1:A9)");
    expect(records.find((r) => r.Email === world.people[0].email && r.Course === 'Report course Alpha')).toMatchObject({ 'Course status': 'Completed', 'Completed on': '20 Jan 2026', 'Business unit': 'Report North' });

    const xlsx = await download(xlsxJob.json().jobId, admin);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1).map((v) => (v === undefined ? null : v)));
    expect(values[0]).toEqual(['Name', 'Email', 'Row', 'Business unit', 'Designation', 'Course', 'Course status', 'Completed on']);
    expect(values).toHaveLength(8);
    for (const row of values) for (const cell of row) expect(typeof cell === 'string' && /^[=+\-@]/.test(cell), String(cell)).toBe(false);
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    expect(values.find((r) => r[1] === world.people[2].email)?.[4]).toBe("'@SUM(A1:A9)");
  });

  it('shows the day each current certificate expires, in the preview and the file, beside the expiry filter', async () => {
    // Asha's completed Alpha carries a certificate expiring in ten of the workspace's days; her Beta is not completed.
    const today = localDay(new Date(), 'Asia/Kolkata');
    const inTen = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    await server.db.tenant(world.workspaceId, (tx) =>
      tx.query(
        `INSERT INTO course_completions (workspace_id, user_id, course_id, assignment_id, cycle, completed_at, completed_on, course_title, language, expires_on, source)
         VALUES ($1, $2, $3, $4, 1, '2026-01-20T09:00:00Z', '2026-01-20', 'Report course Alpha', 'ENGLISH', $5, 'ADMIN')`,
        [world.workspaceId, world.people[0].id, world.courseA, world.assignments.get(`${world.people[0].email}:A`), inTen],
      ),
    );
    const shown = reportDate(inTen, 'Asia/Kolkata', 'day-month-year');
    const columns = ['courseName', 'status', 'expiresOn'];
    const all = await preview(admin, { columns, filters: { branchIds: [world.north] }, isPolicyInclude: false });
    const asha = all.rows.filter((r) => r.email === world.people[0].email);
    expect(asha.map((r) => [r.values.courseName, r.values.expiresOn])).toEqual([
      ['Report course Alpha', shown],
      ['Report course Beta', null],
    ]);
    const expiring = await preview(admin, { columns, filters: { expires: { from: today, to: inTen } }, isPolicyInclude: false });
    expect(expiring.rows.map((r) => [r.email, r.values.expiresOn])).toEqual([[world.people[0].email, shown]]);
    expect((await preview(admin, { columns, filters: { expiresWithinDays: 9 }, isPolicyInclude: false })).total).toBe(0);

    const job = await call('POST', '/export', admin, { name: 'Expiring', columns, filters: { expiresWithinDays: 10 }, isCourseInclude: true, isPolicyInclude: false, format: 'CSV' });
    expect(job.statusCode, job.body).toBe(200);
    await server.jobs!.runPending();
    const records = csvRecords((await download(job.json().jobId, admin)).toString('utf8'));
    expect(records).toEqual([expect.objectContaining({ Email: world.people[0].email, Course: 'Report course Alpha', 'Certificate expires on': shown })]);
  });

  it('starts an interrupted export again from its first row and never offers the half file', async () => {
    let stopped = false;
    halt = (_jobId, page) => {
      if (page === 3 && !stopped) {
        stopped = true;
        return true;
      }
      return false;
    };
    const started = await call('POST', '/export', admin, { name: 'Interrupted', columns: ['courseName'], ...BOTH, filters: mine(), format: 'CSV' });
    await server.jobs!.runPending();
    expect(stopped).toBe(true);
    const half = (await call('GET', `/export/${started.json().jobId}`, admin)).json();
    expect(half).toMatchObject({ status: 'RUNNING', rowsDone: 4, totalRows: 13, downloadUrl: null, fileName: null });
    // The worker is dead: its heartbeat goes stale, the sweep queues the job again, and it is written whole.
    await new Promise((resolve) => setTimeout(resolve, 400));
    halt = null;
    // Before the heartbeat is stale nothing takes the job over; after, the sweep (every minute, on cron) queues it.
    await server.jobs!.send('report-export-sweep', {});
    await server.jobs!.runPending();
    const csv = await download(started.json().jobId, admin);
    const records = csvRecords(csv.toString('utf8'));
    expect(records).toHaveLength(13);
    expect(new Set(records.map((r) => `${r.Email}:${r.Row}:${r.Course}`)).size).toBe(13);
  });

  it("answers 404 for another admin's export and another workspace's, and refuses employees", async () => {
    const started = await call('POST', '/export', admin, { columns: ['courseName'], ...BOTH, format: 'CSV' });
    const jobId = started.json().jobId as string;
    expect((await call('GET', `/export/${jobId}`, north)).statusCode).toBe(404);
    const other = await buildWorkspace(server);
    const globex = other.admin.token;
    const GLOBEX = other.host;
    expect((await call('GET', `/export/${jobId}`, globex, undefined, GLOBEX)).statusCode).toBe(404);
    // The workspace's token at another workspace's address is worthless.
    expect((await call('GET', `/export/${jobId}`, admin, undefined, GLOBEX)).statusCode).toBe(401);
    const employee = (await buildUser(server, world.ws)).token;
    expect((await call('POST', '/preview', employee, { columns: ALL, ...BOTH })).statusCode).toBe(403);
    expect((await call('GET', `/export/${jobId}`, employee)).statusCode).toBe(403);
    expect((await call('GET', `/export/not-a-uuid`, admin)).statusCode).toBe(400);
    await server.jobs!.runPending();
  });

  it('keeps saved definitions per admin: list, create, update, delete; another admin sees none of them', async () => {
    const definition = { columns: ['courseName', 'status'], filters: { courseIds: [world.courseA] }, ...BOTH };
    const created = await call('POST', '/saved', admin, { name: 'Alpha status', definition });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect((await call('GET', '/saved', admin)).json().items.map((s: { name: string }) => s.name)).toContain('Alpha status');
    const updated = await call('PUT', `/saved/${id}`, admin, { name: 'Alpha, completed', definition: { ...definition, filters: { courseStatuses: ['COMPLETED'] } } });
    expect(updated.json()).toMatchObject({ name: 'Alpha, completed', definition: { filters: { courseStatuses: ['COMPLETED'] } } });
    expect((await call('GET', '/saved', north)).json().items).toEqual([]);
    expect((await call('PUT', `/saved/${id}`, north, { name: 'Mine now', definition })).statusCode).toBe(404);
    expect((await call('DELETE', `/saved/${id}`, north)).statusCode).toBe(404);
    const other = await buildWorkspace(server);
    const globex = other.admin.token;
    const GLOBEX = other.host;
    expect((await call('DELETE', `/saved/${id}`, globex, undefined, GLOBEX)).statusCode).toBe(404);
    expect((await call('POST', '/saved', admin, { name: '', definition })).statusCode).toBe(400);
    expect((await call('DELETE', `/saved/${id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/saved', admin)).json().items.map((s: { id: string }) => s.id)).not.toContain(id);
  });
});
