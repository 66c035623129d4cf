import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildUser,
  buildWorkspace,
  type BuiltCommittee,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

/**
 * The eight findings of the insider review (docs/case.md "Threat model: who may do what"), each replayed as the request
 * sequence that leaked, once per role of the workspace that could try it: the admin, the employer, the business-unit
 * admin, a committee member, the presiding officer, the external member, the complainant, the respondent and a
 * stranger with no session. Each asserts the refusal, and that the presiding officer sees the attempt (a row of the
 * case's access log, or a change waiting for her) wherever the attempt reaches the case.
 */
const CASE = '/case-api/api';
const MAIN = '/main-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type RoleName =
  | 'admin'
  | 'employer'
  | 'business-unit admin'
  | 'committee member'
  | 'presiding officer'
  | 'external member'
  | 'complainant'
  | 'respondent'
  | 'stranger';

describe.each(DATABASES)('insider attacks, as every role, on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let committee: BuiltCommittee;
  let employer: BuiltUser;
  let buAdmin: BuiltUser;
  let complainant: BuiltUser;
  let respondent: BuiltUser;
  let presiding: BuiltUser;
  let member: BuiltUser;
  let external: BuiltUser;
  let caseId: string;
  let versionId: string;
  let poOnlyField: string;
  /** Each role's person (none for the stranger). */
  let people: Record<RoleName, BuiltUser | null>;
  const ROLES: RoleName[] = [
    'admin',
    'employer',
    'business-unit admin',
    'committee member',
    'presiding officer',
    'external member',
    'complainant',
    'respondent',
    'stranger',
  ];

  const call = (method: Method, url: string, who: BuiltUser | null, payload?: object) =>
    server.request(ws.host, {
      method,
      url,
      ...(who ? { token: who.token } : {}),
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: Method, url: string, who: BuiltUser, payload?: object) => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const nameOf = (p: BuiltUser) => `${p.firstName} ${p.lastName}`;
  /** The case's access log as the presiding officer reads it. */
  const seenByPresiding = async () =>
    (await ok('GET', `${CASE}/complaints/${caseId}/audit`, presiding)).items as {
      action: string;
      actorName: string;
      details: Record<string, unknown>;
    }[];
  const seats = () => [
    { userId: presiding.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
    { userId: committee.members[0].id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
    { userId: committee.members[1].id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
    { userId: external.id, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
  ];
  const committeeBody = (members: object[]) => ({
    name: 'Internal Committee',
    termStart: '2026-01-01',
    termEnd: '2028-12-31',
    members,
  });
  const pendingChange = async () =>
    ((await ok('GET', `${CASE}/committee-changes`, presiding)).changes as { changeId: string; status: string }[]).find(
      (c) => c.status === 'PENDING',
    );
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    employer = await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emil', lastName: 'Employer' });
    buAdmin = await buildUser(server, ws, { role: 'BRANCH_ADMIN', firstName: 'Bina', lastName: 'Unitadmin' });
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Complainant' });
    respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
    committee = await buildCommittee(server, ws);
    presiding = committee.presiding;
    member = committee.members[0];
    external = committee.members[2];
    people = {
      admin: ws.admin,
      employer,
      'business-unit admin': buAdmin,
      'committee member': member,
      'presiding officer': presiding,
      'external member': external,
      complainant,
      respondent,
      stranger: null,
    };

    // The workspace's process: one field the presiding officer alone sees (finding 4).
    const post = (url: string, payload: object) => ok('POST', `${CASE}${url}`, ws.admin, payload);
    const wf = await post('/admin/workflow', { workflowName: 'Insider review', defaultToWorkspace: true });
    versionId = (await post(`/admin/workflow/${wf.workflowId}/version`, { name: 'v1' })).workflowVersionId;
    await post(`/admin/step/workflow/${versionId}`, { kind: 'MEETING', name: 'Preliminary hearing' });
    const design = await ok('GET', `${CASE}/admin/workflow/version/${versionId}`, ws.admin);
    const incident = design.components.find((c: { systemKey: string | null }) => c.systemKey === 'INCIDENT');
    poOnlyField = (
      await post('/admin/attribute', {
        workflowVersionId: versionId,
        componentId: incident.componentId,
        label: 'For the presiding officer',
        fieldType: 'TEXT',
      })
    ).attributeId;
    await post('/admin/attribute-setting', {
      workflowVersionId: versionId,
      complianceId: 'IN_POSH',
      attributeId: poOnlyField,
      roles: ['PRESIDING_OFFICER'],
    });
    await post('/admin/workflow/publish', { workflowId: wf.workflowId, workflowVersionId: versionId });

    // The case: filed by the complainant against the respondent by address.
    caseId = (
      await ok('POST', `${CASE}/complaints`, complainant, {
        complainant: { name: nameOf(complainant), email: complainant.email, gender: 'WOMAN', phone: '+91 98000 00077' },
        respondent: { name: nameOf(respondent), email: respondent.email, gender: 'MAN' },
        incident: { details: 'Insider review: remarks at the offsite.', date: day(4), witnesses: ['Wanda Witness'] },
        answers: { [poOnlyField]: 'presiding-only-answer' },
      })
    ).complaintId;
  });
  afterAll(async () => server?.close());

  it('1. a party added to the committee does not read the case against them; every request waits for the presiding officer', async () => {
    const withRespondent = committeeBody([
      ...seats(),
      { userId: respondent.id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
    ]);
    for (const role of ROLES) {
      const who = people[role];
      const res = await call('PUT', `${CASE}/committees/${committee.id}`, who, withRespondent);
      if (role === 'admin' || role === 'employer') {
        // Accepted as a request only: nothing changes until the presiding officer decides, and she sees it.
        expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
        expect((await call('GET', `${CASE}/complaints/${caseId}`, respondent)).statusCode).toBe(404);
        const pending = await pendingChange();
        expect(pending, role).toBeTruthy();
        expect(
          (await seenByPresiding()).some(
            (e) => e.action === 'committee.change.requested' && e.actorName === nameOf(who!),
          ),
          role,
        ).toBe(true);
        await ok('POST', `${CASE}/committee-changes/${pending!.changeId}/decision`, presiding, { decision: 'REJECT' });
      } else {
        expect([401, 403, 404], `${role}: ${res.body}`).toContain(res.statusCode);
        expect(await pendingChange(), role).toBeUndefined();
      }
    }
    // Approved, the respondent joins recused: the case stays closed to them, and the log says who approved what.
    await ok('PUT', `${CASE}/committees/${committee.id}`, ws.admin, withRespondent);
    await ok('POST', `${CASE}/committee-changes/${(await pendingChange())!.changeId}/decision`, presiding, {
      decision: 'APPROVE',
    });
    expect((await call('GET', `${CASE}/complaints/${caseId}`, respondent)).statusCode).toBe(404);
    const listed = (await ok('GET', `${CASE}/complaints`, respondent)).items.map(
      (c: { complaintId: string }) => c.complaintId,
    );
    expect(listed).not.toContain(caseId);
    expect((await seenByPresiding()).map((e) => e.action)).toContain('committee.change.approved');
    await ok('PUT', `${CASE}/committees/${committee.id}`, ws.admin, committeeBody(seats()));
    await ok('POST', `${CASE}/committee-changes/${(await pendingChange())!.changeId}/decision`, presiding, {
      decision: 'APPROVE',
    });
  });

  it('2. nobody seats themselves on the committee; an admin’s or employer’s attempt is in the case log', async () => {
    for (const role of ROLES) {
      const who = people[role];
      if (!who) {
        expect((await call('PUT', `${CASE}/committees/${committee.id}`, null, committeeBody(seats()))).statusCode).toBe(
          401,
        );
        continue;
      }
      const self = committeeBody([...seats(), { userId: who.id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' }]);
      const res = await call('PUT', `${CASE}/committees/${committee.id}`, who, self);
      expect([403, 404], `${role}: ${res.body}`).toContain(res.statusCode);
      const constitute = await call('POST', `${CASE}/committees`, who, { ...self, branchId: null });
      expect([403, 404], `${role}: ${constitute.body}`).toContain(constitute.statusCode);
      expect(await pendingChange(), role).toBeUndefined();
      if (role === 'admin' || role === 'employer') {
        expect(
          (await seenByPresiding()).some(
            (e) =>
              e.action === 'committee.change.refused' &&
              e.actorName === nameOf(who) &&
              (e.details.added as string[]).includes(who.id),
          ),
          role,
        ).toBe(true);
      }
      // Whatever the answer, they do not read the case.
      if (!['committee member', 'presiding officer', 'external member', 'complainant'].includes(role))
        expect((await call('GET', `${CASE}/complaints/${caseId}`, who)).statusCode, role).toBe(404);
    }
  });

  it('3. no workflow designer can have a complaint mailed to an address of their choosing', async () => {
    for (const role of ROLES) {
      const res = await call('POST', `${CASE}/admin/workflow-action-setting`, people[role], {
        workflowVersionId: versionId,
        actionType: 'INFORM_EMPLOYER',
        mailSubject: 'Case {{caseNumber}}',
        mailBody: 'For your information.',
        ccEmailList: ['collector@example.net'],
        includeComplaintCopy: true,
      });
      if (role === 'admin' || role === 'employer') {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(400);
        expect(res.json().fields).toHaveProperty('ccEmailList');
      } else {
        expect([401, 403], `${role}: ${res.body}`).toContain(res.statusCode);
      }
    }
    const [stored] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM workflow_action_settings WHERE workspace_id = $1 AND cardinality(cc_emails) > 0`,
      [ws.id],
    );
    expect(stored.n).toBe(0);
    const [mailed] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = 'collector@example.net'`,
    );
    expect(mailed.n).toBe(0);
  });

  it('4. a field set to the presiding officer reaches nobody else, and every read, answered or refused, is in the log', async () => {
    for (const role of ROLES) {
      const who = people[role];
      const before = (await seenByPresiding()).length;
      const res = await call('GET', `${CASE}/complaints/${caseId}`, who);
      if (role === 'presiding officer') {
        expect(res.json().answers[poOnlyField]).toBe('presiding-only-answer');
      } else {
        expect(res.body, role).not.toContain('presiding-only-answer');
      }
      if (res.statusCode === 200) {
        // The presiding officer's own log read adds an entry too: the read is the one before it.
        const log = await seenByPresiding();
        expect(
          log.slice(before).some((e) => e.action === 'complaint.read' && e.actorName === nameOf(who!)),
          role,
        ).toBe(true);
      } else {
        expect([401, 404], role).toContain(res.statusCode);
        // A signed-in person refused the case (the respondent before their copy, an admin, an employer) is recorded:
        // the answer is the 404 anyone gets, the attempt is the presiding officer's to see.
        if (who)
          expect(
            (await seenByPresiding()).some((e) => e.action === 'complaint.read.refused' && e.actorName === nameOf(who)),
            role,
          ).toBe(true);
      }
    }
  });

  it('5. the retention panel is a logged read, and no answer of a case is kept by a cache', async () => {
    for (const role of ROLES) {
      const who = people[role];
      for (const url of [`${CASE}/complaints/${caseId}/retention`, `${CASE}/complaints/${caseId}`]) {
        const res = await call('GET', url, who);
        expect(res.headers['cache-control'], `${role} ${url}`).toMatch(/no-store/);
        if (res.statusCode !== 200) expect([401, 403, 404], role).toContain(res.statusCode);
      }
      const retention = await call('GET', `${CASE}/complaints/${caseId}/retention`, who);
      if (retention.statusCode === 200) {
        expect(
          (await seenByPresiding()).some(
            (e) => e.action === 'complaint.retention.read' && e.actorName === nameOf(who!),
          ),
          role,
        ).toBe(true);
      }
    }
    expect(
      (await call('GET', `${CASE}/complaints/${caseId}/retention`, presiding)).statusCode,
      'the presiding officer reads it',
    ).toBe(200);
  });

  it('6. an evidence file’s name is in no storage key, no upload address and no log entry', async () => {
    const name = `photo of ${nameOf(respondent)} at the offsite.jpg`;
    for (const role of ROLES) {
      const who = people[role];
      const res = await call('POST', `${CASE}/complaint-evidence/upload-url`, who, { fileName: name, size: 4 });
      if (!who) {
        expect(res.statusCode).toBe(401);
        continue;
      }
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      const ticket = res.json() as { fileId: string; uploadUrl: string };
      for (const word of ['offsite', 'photo', respondent.lastName])
        expect(decodeURIComponent(ticket.uploadUrl), role).not.toContain(word);
      const [row] = await server.db.tenant(ws.id, (tx) =>
        tx.query<{ storage_key: string }>(`SELECT storage_key FROM files WHERE workspace_id = $1 AND id = $2`, [
          ws.id,
          ticket.fileId,
        ]),
      );
      expect(row.storage_key, role).toMatch(new RegExp(`^${ws.id}/`));
      for (const word of ['offsite', 'photo', respondent.lastName]) expect(row.storage_key, role).not.toContain(word);
    }
    expect(JSON.stringify(await seenByPresiding())).not.toContain('offsite');
  });

  it('7. nobody deletes or deactivates a complainant or the presiding officer mid-case unseen', async () => {
    for (const role of ROLES) {
      const who = people[role];
      for (const target of [complainant, presiding]) {
        const del = await call('DELETE', `${MAIN}/user/${target.id}`, who);
        const off = await call('POST', `${MAIN}/user/update/${target.id}`, who, { status: 'INACTIVE' });
        // Whoever manages people (the admin, the employer, the business-unit admin of the person's unit) is refused
        // with the count of cases; anyone else is refused at the door.
        if (role === 'admin' || role === 'employer' || del.statusCode === 409) {
          expect(del.statusCode, `${role}: ${del.body}`).toBe(409);
          expect(del.json().message).not.toMatch(/C-\d{4}/);
        } else {
          expect([401, 403, 404], `${role} deletes: ${del.body}`).toContain(del.statusCode);
        }
        if (role === 'admin' || role === 'employer' || off.statusCode === 409) {
          expect(off.statusCode, `${role}: ${off.body}`).toBe(409);
        } else {
          expect([400, 401, 403, 404], `${role} deactivates: ${off.body}`).toContain(off.statusCode);
        }
        if (del.statusCode === 409 || off.statusCode === 409) {
          const actions = (await seenByPresiding()).filter((e) => e.actorName === nameOf(who!)).map((e) => e.action);
          if (del.statusCode === 409) expect(actions, role).toContain('stake.delete.refused');
          if (off.statusCode === 409) expect(actions, role).toContain('stake.deactivate.refused');
        }
      }
    }
    const still = await server.db.query<{ status: string }>(
      `SELECT status FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
      [ws.id, [complainant.id, presiding.id]],
    );
    expect(still.map((u) => u.status)).not.toContain('INACTIVE');
    expect(still).toHaveLength(2);
  });

  it('8. nobody files in another person’s name to mail them, nor floods the committee', async () => {
    const victim = 'someone.outside@example.net';
    for (const role of ROLES) {
      const who = people[role];
      const res = await call('POST', `${CASE}/complaints`, who, {
        complainant: { name: 'Someone Else', email: victim, gender: 'WOMAN' },
        respondent: { name: 'A person', gender: 'MAN' },
        incident: { details: 'A complaint in another person’s name.', date: day(2), witnesses: [] },
      });
      if (who) {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(400);
        expect(res.json().fields).toHaveProperty(['complainant.email']);
      } else {
        expect(res.statusCode).toBe(401);
      }
    }
    const [mailed] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1`,
      [victim],
    );
    expect(mailed.n).toBe(0);
    // A flood: the sixth complaint of the day is refused, and the committee is told of five.
    const flooder = await buildUser(server, ws, { firstName: 'Fiona', lastName: 'Flooder' });
    const file = () =>
      call('POST', `${CASE}/complaints`, flooder, {
        complainant: { name: nameOf(flooder), email: flooder.email, gender: 'WOMAN' },
        respondent: { name: 'A person', gender: 'MAN' },
        incident: { details: 'One more complaint.', date: day(2), witnesses: [] },
      });
    for (let i = 0; i < 5; i += 1) expect((await file()).statusCode).toBe(200);
    const sixth = await file();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('TOO_MANY_COMPLAINTS');
    const [cases] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM complaints WHERE workspace_id = $1 AND filed_by = $2`,
      [ws.id, flooder.id],
    );
    expect(cases.n).toBe(5);
  });
});
