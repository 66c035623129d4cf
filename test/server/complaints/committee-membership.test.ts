import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildBusinessUnit, buildUser, buildWorkspace, type BuiltUser } from '../support/factories';

/**
 * Committee membership is the key to every case (docs/case.md "Committee membership"): the attacks of an outside
 * penetration test, each as the insider would try it.
 */
const CASE = '/case-api/api';
const MAIN = '/main-api/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
}

describe.each(DATABASES)('committee membership on %s', (kind) => {
  let server: TestServer;
  let acmeId: string;
  /** The host of this file's workspace, built for it, and its second business unit. */
  let ACME: string;
  let puneId: string;
  let admin: Person;
  let employer: Person;
  let complainant: Person;
  let respondent: Person;
  let presiding: Person;
  let member1: Person;
  let member2: Person;
  let external: Person;
  let newcomer: Person;
  let leaver: Person;
  let committeeId: string;
  let againstRespondent: string;

  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ACME, {
      method,
      url: url.startsWith('/main-api') ? url : `${CASE}${url}`,
      token,
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const outbox = async (to: string): Promise<{ subject: string; body: string }[]> => {
    const res = await server.request('localhost', {
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent(to)}&format=json`,
      remoteAddress: '127.0.0.1',
    });
    const body = res.json();
    return Array.isArray(body) ? body : body.items;
  };
  const named = (u: BuiltUser): Person => ({
    id: u.id,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`,
    token: u.token,
  });
  const seat = (p: Person, role: string, gender = 'WOMAN', senior = false) => ({ userId: p.id, role, gender, senior });
  const committee = (members: object[]) => ({
    name: 'Internal Committee',
    termStart: '2026-01-01',
    termEnd: '2028-12-31',
    members,
  });
  let sound: object[] = [];
  const soundOf = () => [
    seat(presiding, 'PRESIDING_OFFICER', 'WOMAN', true),
    seat(member1, 'EMPLOYEE_MEMBER'),
    seat(member2, 'EMPLOYEE_MEMBER', 'MAN'),
    seat(external, 'EXTERNAL_MEMBER', 'MAN'),
  ];
  const file = async (by: Person, respondentOf: { name: string; email: string | null }): Promise<string> => {
    const filed = await ok('POST', '/complaints', by.token, {
      complainant: { name: by.name, email: by.email, gender: 'WOMAN', phone: '+91 98000 00040' },
      respondent: { name: respondentOf.name, email: respondentOf.email, gender: 'MAN' },
      incident: {
        details: 'Remarks about my appearance in team meetings.',
        date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    return filed.complaintId;
  };
  /** Asks for a change of members as an admin, and answers the change waiting. */
  const ask = async (members: object[]) => {
    await ok('PUT', `/committees/${committeeId}`, admin.token, committee(members));
    const { changes } = await ok('GET', '/committee-changes', admin.token);
    const pending = changes.find(
      (c: { status: string; committeeId: string }) => c.status === 'PENDING' && c.committeeId === committeeId,
    );
    expect(pending).toBeTruthy();
    return pending as { changeId: string; approver: string; added: { userId: string }[] };
  };
  const decide = (changeId: string, who: Person, decision: 'APPROVE' | 'REJECT') =>
    call('POST', `/committee-changes/${changeId}/decision`, who.token, { decision });
  const logOf = async (complaintId: string, reader: Person): Promise<{ action: string }[]> =>
    (await ok('GET', `/complaints/${complaintId}/audit`, reader.token)).items;
  const listed = async (p: Person): Promise<string[]> =>
    (await ok('GET', '/complaints', p.token)).items.map((c: { complaintId: string }) => c.complaintId);

  beforeAll(async () => {
    server = await startTestServer(kind);
    const ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    [ACME, acmeId] = [ws.host, ws.id];
    admin = named(ws.admin);
    employer = named(await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emma', lastName: 'Employer' }));
    puneId = (await buildBusinessUnit(server, ws, { name: 'Acme Pune' })).id;
    complainant = named(await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' }));
    const names = [
      'Rahul Respondent',
      'Priya Presiding',
      'Manoj Member',
      'Meera Member',
      'Eric External',
      'Nina Newcomer',
      'Leo Leaver',
    ];
    [respondent, presiding, member1, member2, external, newcomer, leaver] = await Promise.all(
      names.map(async (name) => {
        const [firstName, lastName] = name.split(' ');
        return named(await buildUser(server, ws, { firstName, lastName }));
      }),
    );
    sound = soundOf();
    const wf = await ok('POST', '/admin/workflow', admin.token, {
      workflowName: 'Membership test',
      defaultToWorkspace: true,
    });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin.token, { name: 'v1' });
    await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin.token, {
      kind: 'MEETING',
      name: 'Preliminary hearing',
    });
    await ok('POST', '/admin/workflow/publish', admin.token, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
    });
    // The first constitution seats its members at once: no case can be before a committee that did not exist.
    committeeId = (await ok('POST', '/committees', admin.token, { ...committee(sound), branchId: null })).committeeId;
    againstRespondent = await file(complainant, { name: respondent.name, email: respondent.email });
  });
  afterAll(async () => server?.close());

  it('refuses an admin or an employer who seats themselves, whatever the path', async () => {
    const self = await call(
      'PUT',
      `/committees/${committeeId}`,
      admin.token,
      committee([...sound, seat(admin, 'EMPLOYEE_MEMBER')]),
    );
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ code: 'FORBIDDEN', message: expect.stringMatching(/cannot seat yourself/) });
    const employerSelf = await call(
      'PUT',
      `/committees/${committeeId}`,
      employer.token,
      committee([...sound, seat(employer, 'EMPLOYEE_MEMBER')]),
    );
    expect(employerSelf.statusCode).toBe(403);
    const pune = { id: puneId };
    const constituted = await call('POST', '/committees', admin.token, {
      ...committee([seat(admin, 'PRESIDING_OFFICER')]),
      branchId: pune.id,
    });
    expect(constituted.statusCode).toBe(403);
    expect((await ok('GET', '/committee-seat', admin.token)).member).toBe(false);
    expect((await call('GET', `/complaints/${againstRespondent}`, admin.token)).statusCode).toBe(404);
    expect(await ok('GET', '/committee-changes', admin.token)).toMatchObject({ changes: [] });
  });

  it('gives a change no effect until the presiding officer approves it; nobody else can approve it', async () => {
    const change = await ask([...sound, seat(newcomer, 'EMPLOYEE_MEMBER')]);
    expect(change.approver).toBe('PRESIDING_OFFICER');
    expect((await ok('GET', `/committees/${committeeId}`, admin.token)).members).toHaveLength(4);
    expect((await ok('GET', '/committee-seat', newcomer.token)).member).toBe(false);
    expect(await listed(newcomer)).toEqual([]);
    // The admin who asked, the employer, a member and the newcomer cannot approve it; a stranger to it is not told it exists.
    expect((await decide(change.changeId, admin, 'APPROVE')).statusCode).toBe(403);
    expect((await decide(change.changeId, employer, 'APPROVE')).statusCode).toBe(403);
    expect((await decide(change.changeId, member1, 'APPROVE')).statusCode).toBe(404);
    expect((await decide(change.changeId, newcomer, 'APPROVE')).statusCode).toBe(404);
    // A second change waits its turn.
    expect(
      (await call('PUT', `/committees/${committeeId}`, admin.token, committee(sound.slice(0, 3)))).statusCode,
    ).toBe(409);
    // Rejected: nothing changed, and the open case's log and the committee's mail say so.
    const rejected = await decide(change.changeId, presiding, 'REJECT');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', decidedBy: { userId: presiding.id } });
    expect((await ok('GET', `/committees/${committeeId}`, admin.token)).members).toHaveLength(4);
    const actions = (await logOf(againstRespondent, presiding)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['committee.change.requested', 'committee.change.rejected']));
    const mails = await outbox(member1.email);
    expect(mails.some((m) => /waiting for approval/.test(m.subject))).toBe(true);
    expect(mails.some((m) => /was rejected/.test(m.subject))).toBe(true);
  });

  it('recuses the respondent added through PUT /committees at the moment they join: they see nothing of the case', async () => {
    const change = await ask([...sound, seat(respondent, 'EMPLOYEE_MEMBER', 'MAN')]);
    const approved = await decide(change.changeId, presiding, 'APPROVE');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(
      (await ok('GET', `/committees/${committeeId}`, admin.token)).members.map((m: { userId: string }) => m.userId),
    ).toContain(respondent.id);
    expect((await call('GET', `/complaints/${againstRespondent}`, respondent.token)).statusCode).toBe(404);
    expect((await call('GET', `/complaints/${againstRespondent}/deadlines`, respondent.token)).statusCode).toBe(404);
    expect(await listed(respondent)).not.toContain(againstRespondent);
    const [recusal] = await server.db.query<{ reason: string }>(
      `SELECT reason FROM complaint_recusals WHERE complaint_id = $1 AND user_id = $2`,
      [againstRespondent, respondent.id],
    );
    expect(recusal.reason).toBe('AUTO_PARTY');
    // Defence in depth: without the recusal row the role check still refuses the respondent before their seat.
    await server.db.query(`DELETE FROM complaint_recusals WHERE complaint_id = $1 AND user_id = $2`, [
      againstRespondent,
      respondent.id,
    ]);
    expect((await call('GET', `/complaints/${againstRespondent}`, respondent.token)).statusCode).toBe(404);
    expect(await listed(respondent)).not.toContain(againstRespondent);
    // The change is in the case's log, and the committee was told.
    expect((await logOf(againstRespondent, presiding)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['committee.change.approved']),
    );
    expect((await outbox(presiding.email)).some((m) => /was approved/.test(m.subject))).toBe(true);
    // Taken off again (approved), for the next attacks.
    const off = await ask(sound);
    expect((await decide(off.changeId, presiding, 'APPROVE')).statusCode).toBe(200);
  });

  it('shows an approved member no case filed before they joined until the one presiding admits them to it', async () => {
    const change = await ask([...sound, seat(newcomer, 'EMPLOYEE_MEMBER')]);
    expect((await decide(change.changeId, presiding, 'APPROVE')).statusCode).toBe(200);
    expect((await ok('GET', '/committee-seat', newcomer.token)).member).toBe(true);
    expect((await call('GET', `/complaints/${againstRespondent}`, newcomer.token)).statusCode).toBe(404);
    expect(await listed(newcomer)).toEqual([]);
    // The member is told which case numbers wait for their admission (nothing more of them); the one presiding sees them
    // as awaiting admission on the case, not as recused.
    const caseNumber = (await ok('GET', `/complaints/${againstRespondent}`, presiding.token)).caseNumber;
    expect((await ok('GET', '/committee-seat', newcomer.token)).awaitingAdmission).toEqual([caseNumber]);
    expect((await ok('GET', '/committee-seat', member1.token)).awaitingAdmission).toEqual([]);
    const seats = (await ok('GET', `/complaints/${againstRespondent}`, presiding.token)).committee.members as {
      userId: string;
      recused: boolean;
      awaitingAdmission: boolean;
    }[];
    expect(seats.find((m) => m.userId === newcomer.id)).toMatchObject({ recused: true, awaitingAdmission: true });
    expect(seats.find((m) => m.userId === member1.id)).toMatchObject({ recused: false, awaitingAdmission: false });
    // The presiding officer sees who waits; a member may not admit; the presiding officer admits.
    const { admissions } = await ok('GET', '/committee-changes', presiding.token);
    expect(admissions).toContainEqual({
      complaintId: againstRespondent,
      caseNumber: expect.stringMatching(/^C-\d{4}$/),
      member: { userId: newcomer.id, name: newcomer.name },
    });
    expect((await ok('GET', '/committee-changes', member1.token)).admissions).toEqual([]);
    expect(
      (await call('POST', `/complaints/${againstRespondent}/admissions`, member1.token, { userId: newcomer.id }))
        .statusCode,
    ).toBe(403);
    const stranger = await call('POST', `/complaints/${againstRespondent}/admissions`, newcomer.token, {
      userId: newcomer.id,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ code: 'NOT_FOUND', message: 'Complaint not found' });
    // A party is answered 403 by the case's access, before the admission's own rules.
    const party = await call('POST', `/complaints/${againstRespondent}/admissions`, complainant.token, {
      userId: newcomer.id,
    });
    expect(party.statusCode).toBe(403);
    expect(party.json()).toEqual({ code: 'FORBIDDEN', message: 'Only the committee assigned to the case may do this' });
    const notWaiting = await call('POST', `/complaints/${againstRespondent}/admissions`, presiding.token, {
      userId: member1.id,
    });
    expect(notWaiting.statusCode).toBe(400);
    expect(notWaiting.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'This person is not a member waiting to be admitted to this case',
      fields: { userId: 'Not waiting' },
    });
    await ok('POST', `/complaints/${againstRespondent}/admissions`, presiding.token, { userId: newcomer.id });
    expect((await ok('GET', `/complaints/${againstRespondent}`, newcomer.token)).role).toBe('COMMITTEE');
    expect((await ok('GET', '/committee-seat', newcomer.token)).awaitingAdmission).toEqual([]);
    expect(await listed(newcomer)).toContain(againstRespondent);
    expect((await logOf(againstRespondent, presiding)).map((e) => e.action)).toContain('member.admit');
    expect((await outbox(newcomer.email)).some((m) => /admitted to case/.test(m.subject))).toBe(true);
    // A case filed after they joined is theirs at once.
    const later = await file(complainant, { name: 'Someone else', email: null });
    expect((await ok('GET', `/complaints/${later}`, newcomer.token)).role).toBe('COMMITTEE');
  });

  it('recuses a member named as the respondent by name only once the one presiding confirms it is them', async () => {
    const byName = await file(complainant, { name: member2.name, email: null });
    // Named by name only, the member reads the case until it is confirmed as theirs.
    expect((await ok('GET', `/complaints/${byName}`, member2.token)).role).toBe('COMMITTEE');
    expect(
      (await call('POST', `/complaints/${byName}/respondent-account`, member1.token, { userId: member2.id }))
        .statusCode,
    ).toBe(403);
    expect(
      await ok('POST', `/complaints/${byName}/respondent-account`, presiding.token, { userId: member2.id }),
    ).toEqual({ recused: true });
    expect((await call('GET', `/complaints/${byName}`, member2.token)).statusCode).toBe(404);
    expect(await listed(member2)).not.toContain(byName);
    expect((await logOf(byName, presiding)).map((e) => e.action)).toContain('respondent.confirm');
  });

  it('refuses to delete or deactivate a party or presiding officer of an open case, with the count of cases, until acknowledged', async () => {
    const mine = await ok('GET', '/complaints', complainant.token);
    const open = mine.items.length;
    const single = await call('DELETE', `${MAIN}/user/${complainant.id}`, admin.token);
    expect(single.statusCode).toBe(409);
    expect(single.json().message).toContain(`${open} open case`);
    expect(single.json().message).not.toMatch(/C-\d{4}/);
    // The refusal comes from the service as a domain refusal; the wire body is the error contract's, unchanged.
    expect(single.json()).toEqual({
      code: 'CONFLICT',
      message: single.json().message,
      fields: { stake: single.json().message },
    });
    expect(
      (await call('POST', `${MAIN}/user/delete/bulk`, admin.token, { ids: [complainant.id, leaver.id] })).statusCode,
    ).toBe(409);
    const deactivate = await call('POST', `${MAIN}/user/update/${presiding.id}`, admin.token, { status: 'INACTIVE' });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toMatch(/presides over \d+ open case/);
    // Still there, still signed in; every refusal is in the case's log, and the committee was told.
    const [still] = await server.db.query<{ status: string }>(`SELECT status FROM users WHERE id = $1`, [
      complainant.id,
    ]);
    expect(still.status).not.toBe('INACTIVE');
    const actions = (await logOf(againstRespondent, presiding)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['stake.delete.refused', 'stake.deactivate.refused']));
    expect((await outbox(member1.email)).some((m) => /refused/.test(m.body) && /stake in case/.test(m.subject))).toBe(
      true,
    );

    // A party the presiding officer acknowledged goes, and the case records it.
    const theirs = await file(leaver, { name: 'A contractor', email: null });
    expect((await call('DELETE', `${MAIN}/user/${leaver.id}`, admin.token)).statusCode).toBe(409);
    expect((await call('POST', '/case-departures', member1.token, { userId: leaver.id })).statusCode).toBe(403);
    expect(await ok('POST', '/case-departures', presiding.token, { userId: leaver.id })).toEqual({ openCases: 1 });
    expect(await ok('DELETE', `${MAIN}/user/${leaver.id}`, admin.token)).toEqual({ deleted: 1 });
    expect((await logOf(theirs, presiding)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['stake.acknowledge', 'stake.delete']),
    );
  });

  it("waits for a second admin or employer, not the presiding officer, for the presiding officer's own seat", async () => {
    const change = await ask([
      seat(member1, 'PRESIDING_OFFICER', 'WOMAN', true),
      seat(presiding, 'EMPLOYEE_MEMBER'),
      seat(member2, 'EMPLOYEE_MEMBER', 'MAN'),
      seat(external, 'EXTERNAL_MEMBER', 'MAN'),
      seat(newcomer, 'EMPLOYEE_MEMBER'),
    ]);
    expect(change.approver).toBe('SECOND_ADMIN');
    expect((await decide(change.changeId, presiding, 'APPROVE')).statusCode).toBe(403);
    expect((await decide(change.changeId, admin, 'APPROVE')).statusCode).toBe(403);
    expect((await decide(change.changeId, employer, 'APPROVE')).statusCode).toBe(200);
    const now = await ok('GET', `/committees/${committeeId}`, admin.token);
    expect(now.members.find((m: { role: string }) => m.role === 'PRESIDING_OFFICER').userId).toBe(member1.id);
  });

  it('answers each refusal of the committee setup with its status and body', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    const answerOf = async (method: Method, url: string, payload?: object) => {
      const res = await call(method, url, admin.token, payload);
      return { status: res.statusCode, body: res.json() };
    };
    const noCommittee = { status: 404, body: { code: 'NOT_FOUND', message: 'Committee not found' } };
    expect(await answerOf('GET', `/committees/${none}`)).toEqual(noCommittee);
    expect(await answerOf('PUT', `/committees/${none}`, committee(sound))).toEqual(noCommittee);
    expect(await answerOf('POST', '/committees', { ...committee(sound), branchId: null })).toEqual({
      status: 409,
      body: {
        code: 'CONFLICT',
        message: 'The workspace already has a committee: change it instead',
        fields: { branchId: 'Already has a committee' },
      },
    });
    expect(await answerOf('PUT', `/committees/${committeeId}`, { ...committee(sound), termEnd: '2025-12-31' })).toEqual(
      {
        status: 400,
        body: {
          code: 'VALIDATION',
          message: 'Invalid committee: termEnd',
          fields: { termEnd: 'The term ends after it starts' },
        },
      },
    );
    expect(
      await answerOf('PUT', '/complaint-settings', { compliance: 'IN_POSH', removedHolidays: ['2026-10-03'] }),
    ).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: 'Only a default public holiday can be removed',
        fields: { 'removedHolidays.0': '2026-10-03 is not a default public holiday of this jurisdiction or region' },
      },
    });
  });
});
