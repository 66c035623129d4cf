import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { localDay } from '../../../src/domain/shared/date-time';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildComplaint,
  buildUser,
  buildWorkspace,
  type BuiltCommittee,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const URL = '/case-api/api/complaint-stage-counts';
const DAY = 86_400_000;

interface StageCounts {
  open: number;
  smallestShown: number;
  stages: { name: string; kind: string; open: number | null; dueSoon: number | null; missed: number | null }[];
}

/**
 * Open complaints by stage (docs/case.md "Counts by stage"): counts only, to workspace admins and employers only,
 * small counts hidden, each read in the workspace's log. Written as the attacks: an employee, a business-unit admin,
 * a committee member of the workspace and one of another workspace learn nothing.
 */
describe.each(DATABASES)('complaint counts by stage on %s', (kind) => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let committee: BuiltCommittee;
  let otherCommittee: BuiltCommittee;
  let employer: BuiltUser;
  let unitAdmin: BuiltUser;
  let employee: BuiltUser;
  const cases: string[] = [];

  const get = (token: string, host = ws.host) => server.request(host, { method: 'GET', url: URL, token });
  const counts = async (token: string): Promise<StageCounts> => {
    const res = await get(token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { complaintsPerDay: 100 }, { clock });
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    committee = await buildCommittee(server, ws);
    otherCommittee = await buildCommittee(server, other);
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    unitAdmin = await buildUser(server, ws, { role: 'BRANCH_ADMIN' });
    employee = await buildUser(server, ws);
    // The first names the respondent's address, so the committee can send them the copy and move the case on.
    const filer = await buildUser(server, ws);
    const respondent = await buildUser(server, ws);
    const filed = await server.request(ws.host, {
      method: 'POST',
      url: '/case-api/api/complaints',
      token: filer.token,
      payload: {
        complainant: { name: `${filer.firstName} ${filer.lastName}`, email: filer.email, gender: 'WOMAN' },
        respondent: { name: 'Rahul Respondent', email: respondent.email, gender: 'MAN' },
        incident: {
          details: 'Remarks in meetings.',
          date: localDay(new Date(Date.now() - 5 * DAY), 'UTC'),
          witnesses: [],
        },
      },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    cases.push(filed.json().complaintId);
    for (let i = 0; i < 3; i++) cases.push(await buildComplaint(server, ws, await buildUser(server, ws)));
  }, 300_000);
  afterAll(async () => server?.close());

  it('gives no counts to an employee, a business-unit admin or a member of the committee', async () => {
    for (const token of [employee.token, unitAdmin.token, committee.presiding.token, committee.members[0].token]) {
      const res = await get(token);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('"stages"');
    }
  });

  it('gives a committee member of another workspace nothing of this one, and their own workspace none of its cases', async () => {
    const here = await get(otherCommittee.presiding.token);
    expect([401, 403, 404]).toContain(here.statusCode);
    expect(here.body).not.toContain('"stages"');
    const own = await get(other.admin.token, other.host);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ open: 0, stages: [] });
  });

  it('counts the open cases at the stage of their next step, for the admin and the employer alike', async () => {
    const [first] = await server.db.query<{ name: string }>(
      `SELECT st.name FROM complaints c
         JOIN workflow_steps s ON s.workspace_id = c.workspace_id AND s.version_id = c.version_id
         JOIN workflow_stages st ON st.workspace_id = s.workspace_id AND st.id = s.stage_id
        WHERE c.id = $1 ORDER BY s.position LIMIT 1`,
      [cases[0]],
    );
    expect(first, 'the statutory process has stages').toBeTruthy();
    const admin = await counts(ws.admin.token);
    expect(admin.open).toBe(4);
    expect(admin.smallestShown).toBe(3);
    expect(admin.stages).toEqual([{ name: first.name, kind: 'STAGE', open: 4, dueSoon: null, missed: null }]);
    expect(await counts(employer.token)).toEqual(admin);
  });

  it('sends no case id, number or name, and records each read in the workspace log without a case', async () => {
    const res = await get(ws.admin.token);
    for (const id of cases) expect(res.body).not.toContain(id);
    expect(res.body).not.toMatch(/C-\d{4}/);
    expect(res.body).not.toContain('Respondent');
    const log = await server.db.query<{ actor_user_id: string; target: string; details: object }>(
      `SELECT actor_user_id, target, details FROM audit_events WHERE workspace_id = $1 AND action = 'complaint.counts.read'`,
      [ws.id],
    );
    expect(log.map((e) => e.actor_user_id)).toEqual(expect.arrayContaining([ws.admin.id, employer.id]));
    for (const e of log) expect(JSON.stringify(e)).not.toMatch(new RegExp(cases.join('|')));
  });

  it('counts the cases whose clocks are missed once their days have run', async () => {
    clock.set(new Date(clock.now().getTime() + 60 * DAY));
    const later = await counts(ws.admin.token);
    expect(later.stages).toEqual([expect.objectContaining({ kind: 'STAGE', open: 4, dueSoon: null, missed: 4 })]);
  });

  it('hides a stage of one, and the stage that would give it away, once a case moves on', async () => {
    const presiding = committee.presiding.token;
    const caseCall = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await server.request(ws.host, {
        method,
        url: `/case-api/api/complaints/${cases[0]}${url}`,
        token: presiding,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // The committee completes the steps of the first stage, through its own calls.
    const steps = (await caseCall('GET', '')).steps as { stepId: string }[];
    const firstStage = (await counts(ws.admin.token)).stages[0].name;
    for (const step of steps) {
      if ((await counts(ws.admin.token)).stages.length > 1) break;
      const shown = await caseCall('GET', `/steps/${step.stepId}/recipients`);
      const recipients = (shown.mails as { recipients: { email: string }[] }[]).flatMap((m) =>
        m.recipients.map((r) => r.email),
      );
      await caseCall('POST', `/steps/${step.stepId}/complete`, { confirmedRecipients: recipients });
    }
    const after = await counts(ws.admin.token);
    expect(after.open).toBe(4);
    // 3 at the first stage, 1 at the second: the 1 is hidden, and so is the 3 (else 4 - 3 would tell it).
    expect(after.stages.map((st) => [st.kind, st.open])).toEqual([
      ['STAGE', null],
      ['STAGE', null],
    ]);
    expect(after.stages[0].name).toBe(firstStage);
    expect(after.stages[1].name).not.toBe(firstStage);
  });
});
