import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CASE_DAILY, JOB_CASE_TICK } from '../../../server/case/complaints/case-jobs';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace } from '../support/factories';

const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Person {
  id: string;
  email: string;
  token: string;
}
interface Mail {
  subject: string;
  body: string;
}

/**
 * The daily case job (docs/case.md "The daily case job") on the job queue, with a clock the test moves: reminders
 * before a clock runs out and when it is missed (once, however often the job runs), escalation to the builder's
 * target without the case's contents, Canada's monthly status updates, and holidays an admin edits.
 */
describe.each(DATABASES)('the daily case job on %s', (kind) => {
  const clock = new ManualClock('2026-12-01T06:00:00Z');
  let server: TestServer;
  let acmeId: string;
  /** The host of this file's workspace, built for it. */
  let ACME: string;
  let admin: string;
  let employer: Person;
  let complainant: Person;
  let presiding: Person;
  let member1: Person;
  let member2: Person;
  let external: Person;
  let caseId: string;
  let caseNumber: string;

  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ACME, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const outbox = async (to: string): Promise<Mail[]> =>
    (
      await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?to=${encodeURIComponent(to)}&format=json`,
        remoteAddress: '127.0.0.1',
      })
    ).json();
  const mailsTo = async (to: string, subject: RegExp) => (await outbox(to)).filter((m) => subject.test(m.subject));
  /** The day's run as the scheduler makes it: the clock moves, the job is queued and the queue worked. */
  const runDay = async (day: string) => {
    clock.set(`${day}T06:00:00Z`);
    await server.jobs!.send(JOB_CASE_DAILY, { workspaceId: acmeId, day });
    const ran = await server.jobs!.runPending();
    expect(ran.failed).toBe(0);
  };
  const file = async () => {
    const filed = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', email: 'rahul.outside@example.test', gender: 'MAN' },
      incident: { details: 'Remarks about my appearance in every stand-up.', date: '2026-11-20', witnesses: [] },
    });
    // Received on 1 December 2026 (a Tuesday), whatever the machine's date: the clock of the test starts there.
    await server.db.query(`UPDATE complaints SET received_on = '2026-12-01' WHERE workspace_id = $1 AND id = $2`, [
      acmeId,
      filed.complaintId,
    ]);
    return filed as { complaintId: string; caseNumber: string };
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    const ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    [ACME, acmeId, admin] = [ws.host, ws.id, ws.admin.token];
    employer = await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emma', lastName: 'Employer' });
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    [presiding, member1, member2, external] = await Promise.all([
      buildUser(server, ws, { firstName: 'Priya', lastName: 'Presiding' }),
      buildUser(server, ws, { firstName: 'Manoj', lastName: 'Member' }),
      buildUser(server, ws, { firstName: 'Meera', lastName: 'Member' }),
      buildUser(server, ws, { firstName: 'Eric', lastName: 'External' }),
    ]);

    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Case jobs', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    const action = await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
      kind: 'ACTION',
      name: 'Copy to respondent',
      actionTypes: ['INFORM_RESPONDENT'],
    });
    await ok('POST', '/admin/step-setting', admin, {
      stepId: action.stepId,
      timeLimit: { kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' },
    });
    await ok('POST', '/admin/workflow/publish', admin, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
    });
    await ok('POST', '/committees', admin, {
      name: 'Internal Committee',
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [
        { userId: presiding.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
        { userId: member1.id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
        { userId: member2.id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
        { userId: external.id, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
      ],
    });
    // A missed clock escalates to the employer (not on the committee) the day after, and again 5 days after.
    await ok('POST', '/admin/escalation-setting', admin, {
      escalationType: 'STATUTORY_CLOCK',
      firstThresholdDate: 1,
      secondThresholdDate: 5,
      targetId: employer.id,
    });
    // A step past its time limit escalates to the presiding officer (who may read the case) on the day.
    await ok('POST', '/admin/escalation-setting', admin, {
      escalationType: 'STEP_OVERDUE',
      firstThresholdDate: 0,
      targetId: presiding.id,
    });
    ({ complaintId: caseId, caseNumber } = await file());
    await ok('POST', `/complaints/${caseId}/recuse`, member2.token, { note: 'I know the parties' });
  }, 300_000);
  afterAll(async () => server?.close());

  it('stores the due dates of the open cases, and reminds the members not recused 3 working days before, once however often it runs', async () => {
    // POSH Rule 7: 7 working days from Tuesday 1 December, Sundays off: Wednesday 9 December.
    await runDay('2026-12-04');
    const stored = await server.db.query<{ clock_id: string; due_on: string; state: string }>(
      `SELECT clock_id, due_on::text AS due_on, state FROM complaint_clock_due WHERE workspace_id = $1 AND complaint_id = $2 ORDER BY clock_id`,
      [acmeId, caseId],
    );
    expect(stored).toEqual([
      { clock_id: 'IN_INQUIRY', due_on: '2027-03-01', state: 'RUNNING' },
      { clock_id: 'IN_RESPONDENT_COPY', due_on: '2026-12-09', state: 'DUE_SOON' },
    ]);
    expect(await mailsTo(member1.email, /Deadline approaching/)).toHaveLength(0);

    await runDay('2026-12-05');
    await runDay('2026-12-05');
    // The hourly tick queues the day's run once more: still nothing twice.
    await server.jobs!.send(JOB_CASE_TICK, {});
    await server.jobs!.runPending();
    for (const m of [presiding, member1, external]) {
      const mails = await mailsTo(m.email, /Deadline approaching/);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(`Deadline approaching on case ${caseNumber}`);
      expect(mails[0].body).toContain('Send a copy of the complaint to the respondent');
      expect(mails[0].body).toContain('9 Dec 2026');
    }
    expect(await mailsTo(member2.email, /Deadline/)).toHaveLength(0);

    await runDay('2026-12-08');
    await runDay('2026-12-08');
    expect(await mailsTo(member1.email, /Deadline approaching/)).toHaveLength(2);
  });

  it('tells the members once when the clock is missed, escalates to the employer once without the case, and shows both on the case', async () => {
    await runDay('2026-12-10');
    await runDay('2026-12-10');
    await runDay('2026-12-11');
    for (const m of [presiding, member1, external]) expect(await mailsTo(m.email, /Missed deadline/)).toHaveLength(1);
    expect(await mailsTo(member2.email, /Missed deadline/)).toHaveLength(0);

    const escalated = await mailsTo(employer.email, /Escalation/);
    expect(escalated).toHaveLength(1);
    expect(escalated[0].subject).toBe(`Escalation (level 1): case ${caseNumber}`);
    // The employer may not read the case: its number, that it is late, and the figures, nothing of its contents.
    expect(escalated[0].body).toContain('a statutory deadline is 1 day(s) late');
    expect(escalated[0].body).not.toMatch(/Esha|Rahul|appearance|respondent/i);
    expect(escalated[0].body).not.toContain(caseId);
    expect((await call('GET', `/complaints/${caseId}`, employer.token)).statusCode).toBe(404);

    const view = await ok('GET', `/complaints/${caseId}`, presiding.token);
    expect(view.clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_COPY')).toMatchObject({
      state: 'MISSED',
      dueOn: '2026-12-09',
    });
    expect(view.escalations).toContainEqual({
      type: 'STATUTORY_CLOCK',
      label: 'Send a copy of the complaint to the respondent',
      level: 1,
      dueOn: '2026-12-09',
      escalatedOn: '2026-12-10',
      targetName: expect.any(String),
    });
    // The step whose limit is that clock escalated to the presiding officer on its due day, with the case's link.
    expect(view.escalations.filter((e: { type: string }) => e.type === 'STEP_OVERDUE')).toHaveLength(1);
    const toPresiding = await mailsTo(presiding.email, /Escalation/);
    expect(toPresiding).toHaveLength(1);
    expect(toPresiding[0].body).toContain(`/complaints/${caseId}`);

    const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
    expect(log.items.filter((e: { action: string }) => e.action === 'complaint.escalated')).toHaveLength(2);
    expect(log.items.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['clock.reminder', 'clock.missed.notice']),
    );

    // Five days late: the second level, once.
    await runDay('2026-12-14');
    await runDay('2026-12-14');
    expect((await mailsTo(employer.email, /Escalation \(level 2\)/)).length).toBe(1);

    // The admin's figures: counts only.
    const counts = await ok('GET', '/complaint-counts', admin);
    expect(counts).toMatchObject({ casesWithMissedClock: 1, escalatedCases: 1, escalatedCasesLevel2: 1 });
    expect(JSON.stringify(counts)).not.toContain(caseId);
    expect(JSON.stringify(counts)).not.toContain(caseNumber);
  });

  it('Canada (CA-08): a status update to the principal party each month from the month after the notice, and to the responding party after first contact', async () => {
    await ok('PUT', '/complaint-settings', admin, { compliance: 'CA_FEDERAL' });
    const canada = await file();
    const updates = async (to: string) => mailsTo(to, new RegExp(`Monthly status update: case ${canada.caseNumber}`));
    await runDay('2026-12-20');
    expect(await updates(complainant.email)).toHaveLength(0);
    await runDay('2027-01-04');
    await runDay('2027-01-04');
    await runDay('2027-01-20');
    const january = await updates(complainant.email);
    expect(january).toHaveLength(1);
    expect(january[0].body).toContain('The case is open; the committee is at the step "Copy to respondent"');
    expect(january[0].body).not.toMatch(/Rahul|appearance/);
    expect(await updates('rahul.outside@example.test')).toHaveLength(0);

    // The respondent was first contacted (the copy) on 10 January: their updates start in February.
    await server.db.query(
      `UPDATE complaints SET respondent_copy_sent_on = '2027-01-10' WHERE workspace_id = $1 AND id = $2`,
      [acmeId, canada.complaintId],
    );
    await runDay('2027-01-28');
    expect(await updates('rahul.outside@example.test')).toHaveLength(0);
    await runDay('2027-02-01');
    await runDay('2027-02-02');
    expect(await updates(complainant.email)).toHaveLength(2);
    expect(await updates('rahul.outside@example.test')).toHaveLength(1);
    // The POSH case gets none.
    expect(await mailsTo(complainant.email, new RegExp(`Monthly status update: case ${caseNumber}`))).toHaveLength(0);
  });

  it('holidays an admin edits: the clocks follow, the stored due dates too; only a default holiday can be removed', async () => {
    const bad = await call('PUT', '/complaint-settings', admin, {
      compliance: 'IN_POSH',
      removedHolidays: ['2026-10-02', '2026-10-03'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['removedHolidays.1']);

    // The list's nearest clock (kept between reads by what it is computed from) is the case page's soonest running one.
    type ClockShown = { id: string; state: string; daysLeft: number | null; dueOn: string | null };
    const soonest = (clocks: ClockShown[]) =>
      clocks
        .filter(
          (c) => c.daysLeft !== null && c.id !== 'IN_APPEAL_WINDOW' && c.state !== 'MET' && c.state !== 'MET_LATE',
        )
        .sort((a, b) => a.daysLeft! - b.daysLeft!)[0] ?? null;
    const listed = async () =>
      (await ok('GET', '/complaints', presiding.token)).items.find(
        (i: { complaintId: string }) => i.complaintId === caseId,
      ).nearestClock;
    const shownBefore = await listed();
    expect(shownBefore).toEqual(soonest((await ok('GET', `/complaints/${caseId}/deadlines`, presiding.token)).clocks));
    expect(shownBefore.id).toBe('IN_RESPONDENT_COPY');
    expect(shownBefore.dueOn).toBe('2026-12-09');

    // 8 December becomes a holiday: the copy to the respondent falls due a working day later.
    const saved = await ok('PUT', '/complaint-settings', admin, {
      compliance: 'IN_POSH',
      extraHolidays: ['2026-12-08'],
      removedHolidays: ['2026-10-02'],
    });
    expect(saved).toMatchObject({ extraHolidays: ['2026-12-08'], removedHolidays: ['2026-10-02'] });
    expect((await ok('GET', '/complaint-settings', admin)).defaultHolidays).toEqual(
      expect.arrayContaining(['2026-01-26', '2026-10-02', '2027-08-15']),
    );
    const deadlines = await ok('GET', `/complaints/${caseId}/deadlines`, presiding.token);
    expect(deadlines.clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_COPY').dueOn).toBe('2026-12-10');
    // And the list follows at once.
    expect(await listed()).toEqual({ ...soonest(deadlines.clocks), dueOn: '2026-12-10' });
    await server.jobs!.runPending();
    const [stored] = await server.db.query<{ due_on: string }>(
      `SELECT due_on::text AS due_on FROM complaint_clock_due WHERE workspace_id = $1 AND complaint_id = $2 AND clock_id = 'IN_RESPONDENT_COPY'`,
      [acmeId, caseId],
    );
    expect(stored.due_on).toBe('2026-12-10');
    expect((await call('PUT', '/complaint-settings', complainant.token, { compliance: 'IN_POSH' })).statusCode).toBe(
      403,
    );
  });
});
