import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildComplaint,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const HOUR = 3_600_000;
interface Rule {
  ruleId: string;
  status: string;
  computed: { text: string; figures: Record<string, unknown> };
  penalty: string | null;
}

/**
 * IN-06 and IN-17 judged from the hearings as held (docs/law.md): `GET /api/legal-rules` is met on IN-06 only when every
 * hearing held had its quorum of 3 including the presiding officer, and IN-17 flags an ex parte order that the recorded
 * hearings do not bear out (3 consecutive absences, 15 days' notice), e.g. once an absence was rewritten after it.
 */
describe.each(DATABASES)('hearings judged by the legal rules on %s', (kind) => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let ws: BuiltWorkspace;
  let complainant: BuiltUser;
  let presiding: BuiltUser;
  let member1: BuiltUser;
  let member2: BuiltUser;
  let external: BuiltUser;
  let hearingStep: string;

  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ws.host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const hearing = async (caseId: string, hoursAgo: number): Promise<string> => {
    const start = clock.now().getTime() - hoursAgo * HOUR;
    return (
      await ok('POST', `/complaints/${caseId}/meetings`, presiding.token, {
        title: 'Inquiry hearing',
        agenda: 'Hear both parties',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + HOUR).toISOString(),
        location: 'Room 4',
        guests: [complainant.email],
        stepId: hearingStep,
      })
    ).meetingId;
  };
  const attend = (caseId: string, meetingId: string, present: BuiltUser[], respondent = 'PRESENT') =>
    ok('PUT', `/complaints/${caseId}/meetings/${meetingId}/attendance`, presiding.token, {
      members: [presiding, member1, member2, external].map((m) => ({
        userId: m.id,
        status: present.includes(m) ? 'PRESENT' : 'ABSENT',
      })),
      complainant: 'PRESENT',
      respondent,
    });
  const rule = async (id: string): Promise<Rule> =>
    (await ok('GET', '/legal-rules', ws.admin.token)).rules.find((r: Rule) => r.ruleId === id);

  beforeAll(async () => {
    server = await startTestServer(kind, { complaintsPerDay: 100 }, { clock });
    ws = await buildWorkspace(server);
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    ({
      presiding,
      members: [member1, member2, external],
    } = await buildCommittee(server, ws));
    const admin = ws.admin.token;
    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Hearings', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    hearingStep = (
      await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, { kind: 'MEETING', name: 'Inquiry' })
    ).stepId;
    await ok('POST', '/admin/workflow/publish', admin, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
    });
  }, 300_000);
  afterAll(async () => server?.close());

  it('IN-06 is at risk while a hearing held has no attendance, and not met once it shows no quorum', async () => {
    const caseId = await buildComplaint(server, ws, complainant);
    expect((await rule('IN-06')).status).toBe('MET');
    const m = await hearing(caseId, 2);
    expect(await rule('IN-06')).toMatchObject({
      status: 'AT_RISK',
      computed: { figures: { hearingsHeld: 1, attendanceNotRecorded: 1 } },
    });
    // Two members present: the committee can seat a quorum, but this hearing did not.
    await attend(caseId, m, [presiding, member1]);
    const in06 = await rule('IN-06');
    expect(in06).toMatchObject({ status: 'NOT_MET', computed: { figures: { hearingsWithoutQuorum: 1 } } });
    expect(in06.computed.text).toMatch(/without a quorum of 3/);
    expect(await rule('IN-17')).toMatchObject({
      status: 'NOT_MET',
      computed: { figures: { hearingsWithoutQuorum: 1 } },
    });
    // Three present but not the presiding officer: still no quorum.
    await attend(caseId, m, [member1, member2, external]);
    expect((await rule('IN-06')).status).toBe('NOT_MET');
    await attend(caseId, m, [presiding, member1, member2]);
    expect(await rule('IN-06')).toMatchObject({
      status: 'MET',
      computed: { figures: { hearingsHeld: 1, hearingsWithoutQuorum: 0 } },
    });
    expect((await rule('IN-17')).status).toBe('MET');
  });

  it('IN-17 flags an ex parte order once the absences it rested on are rewritten', async () => {
    const caseId = await buildComplaint(server, ws, complainant);
    const held = [];
    for (const hoursAgo of [6, 5, 4]) {
      const m = await hearing(caseId, hoursAgo);
      await attend(caseId, m, [presiding, member1, member2], 'ABSENT');
      held.push(m);
    }
    clock.advanceDays(16);
    const order = await call('POST', `/complaints/${caseId}/ex-parte`, presiding.token, {
      party: 'RESPONDENT',
      reasons: 'The respondent did not come to three hearings after notice.',
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(await rule('IN-17')).toMatchObject({
      status: 'MET',
      computed: { figures: { exParteOrders: 1, exParteWithoutBasis: 0 } },
    });
    // The second absence is rewritten as attended: the order no longer rests on 3 consecutive absences.
    await attend(caseId, held[1], [presiding, member1, member2], 'PRESENT');
    const in17 = await rule('IN-17');
    expect(in17).toMatchObject({ status: 'NOT_MET', computed: { figures: { exParteWithoutBasis: 1 } } });
    expect(in17.computed.text).toMatch(/ex parte order made without 3 recorded consecutive absences/);
    expect(in17.penalty).toMatch(/50,000/);
  });
});
