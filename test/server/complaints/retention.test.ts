import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CASE_DAILY } from '../../../server/case/complaints/case-jobs';
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
 * Retention of closed cases (docs/case.md "Retention"): the workspace's periods per outcome, the legal hold and the
 * postponement (the one presiding only), and the daily case job with a clock the test moves: the committee warned once,
 * the purge no sooner than the warning's lead after it, never a case on hold, in its appeal window or postponed; a
 * purged case leaves a tombstone, its evidence gone from the store, the purge in the workspace's log; a purge that
 * fails leaves the case whole.
 */
describe.each(DATABASES)('retention of closed cases on %s', (kind) => {
  const clock = new ManualClock('2027-01-02T06:00:00Z');
  let server: TestServer;
  let acmeId: string;
  /** The hosts of this file's workspace and of another one, both built for it. */
  let ACME: string;
  let GLOBEX: string;
  let admin: string;
  let employer: string;
  let globexAdmin: string;
  let complainant: Person;
  let presiding: Person;
  let member1: Person;
  let member2: Person;
  let external: Person;
  let outsider: Person;
  let openCaseId = '';
  const cases: Record<
    'purged' | 'held' | 'appeal' | 'postponed' | 'failing',
    { id: string; number: string; fileKey?: string; fileId?: string }
  > = {} as never;

  const call = (method: Method, url: string, token: string, payload?: object, host = ACME) =>
    server.request(host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
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
  const purgeMails = async (to: string, number: string) =>
    (await outbox(to)).filter((m) => m.subject.startsWith(`Case ${number} will be purged`));
  const runDay = async (day: string, failures = 0) => {
    clock.set(`${day}T06:00:00Z`);
    await server.jobs!.send(JOB_CASE_DAILY, { workspaceId: acmeId, day });
    const ran = await server.jobs!.runPending();
    expect(ran.failed).toBe(failures);
  };
  const uploadEvidence = async () => {
    const bytes = Buffer.from('Screenshot of the chat: "see me after hours" — Rahul\n'.repeat(50));
    const ticket = await ok('POST', '/complaint-evidence/upload-url', complainant.token, {
      fileName: 'chat.txt',
      size: bytes.length,
    });
    const put = await server.request(ACME, {
      method: 'PUT',
      url: ticket.uploadUrl,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.statusCode, put.body).toBe(201);
    await ok('POST', `/complaint-evidence/${ticket.fileId}/confirm`, complainant.token);
    const [row] = await server.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM files WHERE workspace_id = $1 AND id = $2`,
      [acmeId, ticket.fileId],
    );
    return { fileId: ticket.fileId as string, fileKey: row.storage_key };
  };
  /** A case filed, given a message, closed by the committee, then dated back to `closedOn` (the report the same day). */
  const closedCase = async (outcome: string, closedOn: string, withEvidence = false) => {
    const evidence = withEvidence ? await uploadEvidence() : null;
    const filed = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', email: 'rahul.outside@example.test', gender: 'MAN' },
      incident: {
        details: 'Remarks about my appearance in every stand-up.',
        date: '2024-11-20',
        witnesses: [],
        evidenceFileIds: evidence ? [evidence.fileId] : [],
      },
    });
    await ok('POST', `/complaints/${filed.complaintId}/messages`, presiding.token, {
      audience: 'COMPLAINANT',
      body: 'We have received your complaint about the stand-ups.',
    });
    await ok('POST', `/complaints/${filed.complaintId}/close`, presiding.token, {
      outcome,
      summary: 'Decided after the inquiry.',
    });
    await server.db.query(
      `UPDATE complaints SET received_on = '2024-12-01', closed_at = $3::date + time '10:00', report_issued_on = $3::date, inquiry_completed_on = $3::date, resolved_on = $3::date
        WHERE workspace_id = $1 AND id = $2`,
      [acmeId, filed.complaintId, closedOn],
    );
    return { id: filed.complaintId as string, number: filed.caseNumber as string, ...(evidence ?? {}) };
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    const ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    const globex = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
    [ACME, GLOBEX, acmeId] = [ws.host, globex.host, ws.id];
    admin = ws.admin.token;
    employer = (await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emma', lastName: 'Employer' })).token;
    globexAdmin = globex.admin.token;
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    [presiding, member1, member2, external, outsider] = await Promise.all(
      ['Priya Presiding', 'Manoj Member', 'Meera Member', 'Eric External', 'Omar Outsider'].map((name) => {
        const [firstName, lastName] = name.split(' ');
        return buildUser(server, ws, { firstName, lastName });
      }),
    );
    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Retention', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
      kind: 'ACTION',
      name: 'Copy to respondent',
      actionTypes: ['INFORM_RESPONDENT'],
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
    cases.purged = await closedCase('NOT_UPHELD', '2025-06-01', true);
    cases.held = await closedCase('NOT_UPHELD', '2025-06-01');
    cases.postponed = await closedCase('NOT_UPHELD', '2025-06-01');
    cases.failing = await closedCase('NOT_UPHELD', '2025-06-01');
    // Withdrawn on 20 December 2026: a 30-day period ends 19 January, but the appeal window (IN-10) runs to 20 March.
    cases.appeal = await closedCase('WITHDRAWN', '2026-12-20');
    await ok('POST', `/complaints/${cases.purged.id}/recuse`, member2.token, { note: 'I know the parties' });
  }, 300_000);
  afterAll(async () => server?.close());

  it('lets admins, employers and committee members read the settings, only an admin change them, and names a bad field', async () => {
    const initial = await ok('GET', '/retention-settings', admin);
    expect(initial).toEqual({
      periods: { UPHELD: null, NOT_UPHELD: null, SETTLED_BY_CONCILIATION: null, WITHDRAWN: null, REFERRED: null },
      warnDays: 30,
      compliance: 'IN_POSH',
      mayEdit: true,
    });
    expect((await ok('GET', '/retention-settings', member1.token)).mayEdit).toBe(false);
    expect((await ok('GET', '/retention-settings', employer)).mayEdit).toBe(false);
    // How long a case is kept is no secret: anyone in the workspace reads it (a complainant deciding to file), read-only.
    expect(await ok('GET', '/retention-settings', outsider.token)).toMatchObject({ mayEdit: false, warnDays: 30 });

    const body = {
      periods: { UPHELD: null, NOT_UPHELD: 365, SETTLED_BY_CONCILIATION: 730, WITHDRAWN: 30, REFERRED: null },
      warnDays: 14,
    };
    expect((await call('PUT', '/retention-settings', employer, body)).statusCode).toBe(403);
    expect((await call('PUT', '/retention-settings', member1.token, body)).statusCode).toBe(403);
    for (const [bad, field] of [
      [{ ...body, periods: { ...body.periods, NOT_UPHELD: -1 } }, 'periods.NOT_UPHELD'],
      [{ ...body, periods: { ...body.periods, WITHDRAWN: 36_501 } }, 'periods.WITHDRAWN'],
      [{ ...body, warnDays: 0 }, 'warnDays'],
      [{ ...body, periods: { ...body.periods, DISMISSED: 5 } }, 'periods.DISMISSED'],
      [{ periods: body.periods }, 'warnDays'],
    ] as const) {
      const res = await call('PUT', '/retention-settings', admin, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    // Nothing half-written: the settings are still the defaults.
    expect((await ok('GET', '/retention-settings', admin)).warnDays).toBe(30);

    const saved = await ok('PUT', '/retention-settings', admin, body);
    expect(saved).toMatchObject({ periods: body.periods, warnDays: 14, mayEdit: true });
    expect(await ok('GET', '/retention-settings', member1.token)).toMatchObject({
      periods: body.periods,
      warnDays: 14,
    });
    const [logged] = await server.db.query<{ details: { warnDays: number; periods: Record<string, number> } }>(
      `SELECT details FROM audit_events WHERE workspace_id = $1 AND action = 'complaint.retention-settings'`,
      [acmeId],
    );
    expect(logged.details).toMatchObject({ warnDays: 14, periods: { NOT_UPHELD: 365, WITHDRAWN: 30 } });
  });

  it('lets only the one presiding place a hold or postpone; other members 403, outsiders and another workspace 404', async () => {
    const hold = { hold: true, reason: 'Litigation notice received from the respondent’s counsel' };
    const notPresiding = await call('POST', `/complaints/${cases.held.id}/legal-hold`, member1.token, hold);
    expect(notPresiding.statusCode).toBe(403);
    expect(notPresiding.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the member presiding over the case holds or postpones its purge',
    });
    expect((await call('POST', `/complaints/${cases.held.id}/legal-hold`, complainant.token, hold)).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/complaints/${cases.held.id}/legal-hold`, admin, hold)).statusCode).toBe(404);
    expect((await call('POST', `/complaints/${cases.held.id}/legal-hold`, outsider.token, hold)).statusCode).toBe(404);
    expect((await call('POST', `/complaints/${cases.held.id}/legal-hold`, globexAdmin, hold, GLOBEX)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/complaints/${cases.held.id}/retention`, admin)).statusCode).toBe(404);
    const noReason = await call('POST', `/complaints/${cases.held.id}/legal-hold`, presiding.token, {
      hold: true,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fields)).toEqual(['reason']);

    const held = await ok('POST', `/complaints/${cases.held.id}/legal-hold`, presiding.token, hold);
    expect(held).toMatchObject({
      status: 'KEPT',
      keptBecause: 'LEGAL_HOLD',
      purgeOn: null,
      legalHold: { reason: hold.reason },
      mayAct: true,
    });
    const again = await call('POST', `/complaints/${cases.held.id}/legal-hold`, presiding.token, hold);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'The case is already on legal hold' });
    const lift = { hold: false, reason: 'Nothing to lift' };
    const notHeld = await call('POST', `/complaints/${cases.postponed.id}/legal-hold`, presiding.token, lift);
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json()).toEqual({ code: 'CONFLICT', message: 'The case is not on legal hold' });
    // Another member reads it, without the controls.
    expect(await ok('GET', `/complaints/${cases.held.id}/retention`, member1.token)).toMatchObject({
      status: 'KEPT',
      keptBecause: 'LEGAL_HOLD',
      mayAct: false,
    });

    const postpone = { until: '2027-06-01', reason: 'An appeal is pending before the appellate authority' };
    expect(
      (await call('POST', `/complaints/${cases.postponed.id}/retention/postpone`, member1.token, postpone)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/complaints/${cases.postponed.id}/retention/postpone`, globexAdmin, postpone, GLOBEX))
        .statusCode,
    ).toBe(404);
    for (const [bad, field] of [
      [{ ...postpone, until: '2027-01-01' }, 'until'],
      [{ ...postpone, until: '2028-01-03' }, 'until'],
      [{ ...postpone, until: '2027-02-30' }, 'until'],
      [{ ...postpone, reason: '' }, 'reason'],
    ] as const) {
      const res = await call('POST', `/complaints/${cases.postponed.id}/retention/postpone`, presiding.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
      expect(res.json().code).toBe('VALIDATION');
      // The rule's own refusals (a day too early or too late) say what each field says.
      if (bad.until !== '2027-02-30' && bad.reason) expect(res.json().message).toBe(res.json().fields.until);
    }
    const postponed = await ok(
      'POST',
      `/complaints/${cases.postponed.id}/retention/postpone`,
      presiding.token,
      postpone,
    );
    expect(postponed).toMatchObject({
      status: 'SCHEDULED',
      purgeOn: '2027-06-01',
      heldBy: 'POSTPONED',
      postponement: postpone,
    });
    const log = await ok('GET', `/complaints/${cases.postponed.id}/audit`, presiding.token);
    expect(log.items.map((e: { action: string }) => e.action)).toContain('complaint.purge.postpone');
  });

  it('shows the appeal window as what keeps a withdrawn case, and an open case as open', async () => {
    expect(await ok('GET', `/complaints/${cases.appeal.id}/retention`, presiding.token)).toMatchObject({
      status: 'SCHEDULED',
      purgeOn: '2027-03-21',
      heldBy: 'APPEAL_WINDOW',
    });
    const open = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', email: 'rahul.outside@example.test', gender: 'MAN' },
      incident: { details: 'Still going on.', date: '2026-12-20', witnesses: [] },
    });
    openCaseId = open.complaintId;
    expect(await ok('GET', `/complaints/${open.complaintId}/retention`, presiding.token)).toMatchObject({
      status: 'OPEN',
      purgeOn: null,
    });
    const notClosed = await call('POST', `/complaints/${open.complaintId}/retention/postpone`, presiding.token, {
      until: '2027-03-01',
      reason: 'No reason',
    });
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json()).toEqual({ code: 'CONFLICT', message: 'Only a closed case has a purge to postpone' });
  });

  it('warns the members not recused once, purges no sooner than the lead after, and skips hold, appeal window and postponement', async () => {
    await runDay('2027-01-04');
    await runDay('2027-01-04');
    await runDay('2027-01-05');
    for (const m of [presiding, member1, external]) {
      const mails = await purgeMails(m.email, cases.purged.number);
      expect(mails).toHaveLength(1);
      // Past its date already: warned today, purged 14 days later.
      expect(mails[0].subject).toBe(`Case ${cases.purged.number} will be purged on 2027-01-18`);
      expect(mails[0].body).toContain('legal hold');
      expect(mails[0].body).not.toContain('Rahul');
    }
    expect(await purgeMails(member2.email, cases.purged.number)).toHaveLength(0);
    for (const c of [cases.held, cases.appeal, cases.postponed])
      expect(await purgeMails(presiding.email, c.number)).toHaveLength(0);
    expect(await ok('GET', `/complaints/${cases.purged.id}/retention`, presiding.token)).toMatchObject({
      status: 'SCHEDULED',
      purgeOn: '2027-01-18',
      warnedOn: '2027-01-04',
      heldBy: 'PERIOD',
    });

    await runDay('2027-01-17');
    expect((await call('GET', `/complaints/${cases.purged.id}`, presiding.token)).statusCode).toBe(200);

    // The failing case: a tombstone already holds its number, so its purge's insert fails and rolls back.
    await server.db.query(
      `INSERT INTO complaint_tombstones (workspace_id, complaint_id, case_number, compliance, received_on, purge_due_on, purged_on, purged_by)
       SELECT workspace_id, $3, case_number, compliance, received_on, '2027-01-01', '2027-01-01', 'test' FROM complaints WHERE workspace_id = $1 AND id = $2`,
      [acmeId, cases.failing.id, randomUUID()],
    );
    await runDay('2027-01-18', 1);

    // Purged: the committee reads a tombstone, anyone else still a 404.
    const gone = await call('GET', `/complaints/${cases.purged.id}`, presiding.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toContain(`Case ${cases.purged.number} was purged on 2027-01-18`);
    expect((await call('GET', `/complaints/${cases.purged.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/complaints/${cases.purged.id}`, complainant.token)).statusCode).toBe(404);
    expect(await ok('GET', `/complaints/${cases.purged.id}/retention`, member1.token)).toMatchObject({
      status: 'PURGED',
      caseNumber: cases.purged.number,
      purged: {
        purgedOn: '2027-01-18',
        outcome: 'NOT_UPHELD',
        receivedOn: '2024-12-01',
        closedOn: '2025-06-01',
        purgedBy: 'case-daily (retention)',
      },
    });
    // A purged case is held or postponed no more: its committee hears it was purged, anyone else 404.
    const hold = { hold: true, reason: 'Too late' };
    const purgedHold = await call('POST', `/complaints/${cases.purged.id}/legal-hold`, presiding.token, hold);
    expect(purgedHold.statusCode).toBe(409);
    expect(purgedHold.json()).toEqual({ code: 'CONFLICT', message: 'The case was purged' });
    for (const token of [admin, complainant.token]) {
      const res = await call('POST', `/complaints/${cases.purged.id}/legal-hold`, token, hold);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Complaint not found' });
      expect((await call('GET', `/complaints/${cases.purged.id}/retention`, token)).json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Complaint not found',
      });
    }
    // Nothing personal is left in any table, and the evidence is gone from the store with its wrapped key.
    for (const table of [
      'complaints',
      'complaint_messages',
      'complaint_evidence',
      'complaint_audit_events',
      'complaint_retention_notices',
    ]) {
      const [{ n }] = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1 AND ${table === 'complaints' ? 'id' : 'complaint_id'} = $2`,
        [acmeId, cases.purged.id],
      );
      expect(n, table).toBe(0);
    }
    expect(
      await server.db.query(`SELECT 1 FROM files WHERE workspace_id = $1 AND id = $2`, [acmeId, cases.purged.fileId]),
    ).toHaveLength(0);
    expect(await server.fileUrls.stat(acmeId, cases.purged.fileKey!)).toBeNull();
    const [purgeEvent] = await server.db.query<{
      actor_user_id: string | null;
      target: string;
      details: Record<string, unknown>;
    }>(
      `SELECT actor_user_id, target, details FROM audit_events WHERE workspace_id = $1 AND action = 'complaint.purge'`,
      [acmeId],
    );
    expect(purgeEvent).toMatchObject({
      actor_user_id: null,
      target: cases.purged.number,
      details: { complaintId: cases.purged.id, outcome: 'NOT_UPHELD', evidenceFiles: 1, warnedOn: '2027-01-04' },
    });
    expect(JSON.stringify(purgeEvent)).not.toMatch(/Rahul|Esha|stand-up/);

    // The failed purge left its case whole.
    const failing = await ok('GET', `/complaints/${cases.failing.id}`, presiding.token);
    expect(failing.messages).toHaveLength(1);
    expect(failing.status).toBe('CLOSED');

    // Held, in the appeal window, postponed: all still whole.
    for (const c of [cases.held, cases.appeal, cases.postponed])
      expect((await call('GET', `/complaints/${c.id}`, presiding.token)).statusCode).toBe(200);

    // The figures still count the purged case.
    await server.db.query(`DELETE FROM complaint_tombstones WHERE workspace_id = $1 AND purged_by = 'test'`, [acmeId]);
    const counts = await ok('GET', '/complaint-counts', admin);
    expect(counts.purged).toBe(1);
    expect(counts.total).toBe(counts.open + counts.closed);
  });

  it('purges a case once its hold is lifted and the committee was warned again, after the appeal window', async () => {
    await ok('POST', `/complaints/${cases.held.id}/legal-hold`, presiding.token, {
      hold: false,
      reason: 'The litigation settled',
    });
    await runDay('2027-01-19');
    expect(await purgeMails(presiding.email, cases.held.number)).toHaveLength(1);
    await runDay('2027-02-02');
    expect((await call('GET', `/complaints/${cases.held.id}`, presiding.token)).statusCode).toBe(410);
    // The withdrawn case: warned 14 days before the day after its appeal window, purged on that day.
    await runDay('2027-03-07');
    expect(await purgeMails(presiding.email, cases.appeal.number)).toHaveLength(1);
    await runDay('2027-03-20');
    expect((await call('GET', `/complaints/${cases.appeal.id}`, presiding.token)).statusCode).toBe(200);
    await runDay('2027-03-21');
    expect((await call('GET', `/complaints/${cases.appeal.id}`, presiding.token)).statusCode).toBe(410);
    // The failing case went on the next run, its tombstone out of the way.
    expect((await call('GET', `/complaints/${cases.failing.id}`, presiding.token)).statusCode).toBe(410);
    // The postponed case stays until its new day.
    expect((await call('GET', `/complaints/${cases.postponed.id}`, presiding.token)).statusCode).toBe(200);
    expect((await ok('GET', '/complaint-counts', admin)).purged).toBe(4);
    // A purged case's number is never given again: with the newest live case gone, the next number still follows the
    // highest purged one (C-0005), not the highest live one (C-0003).
    await server.db.query(`DELETE FROM complaints WHERE workspace_id = $1 AND id = $2`, [acmeId, openCaseId]);
    const next = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
      incident: { details: 'Another matter.', date: '2027-03-01', witnesses: [] },
    });
    expect(next.caseNumber).toBe('C-0006');
  });
});
