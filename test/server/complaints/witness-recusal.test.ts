import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

/**
 * A named witness who sits on (or joins) the committee of a case is recused from it where the process says so
 * (docs/case.md "Committee membership": witnesses). Each test is the attack: a witness reading the case whose facts
 * they testify to, by every path that seats them or names them.
 */
const CASE = '/case-api/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
}

describe.each(DATABASES)('witness recusal on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let admin: Person;
  let complainant: Person;
  let filer2: Person;
  let presiding: Person;
  let member1: Person;
  let member2: Person;
  let external: Person;
  let witness: Person;
  let committeeId: string;

  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ws.host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const person = (u: BuiltUser): Person => ({
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
  const sound = () => [
    seat(presiding, 'PRESIDING_OFFICER', 'WOMAN', true),
    seat(member1, 'EMPLOYEE_MEMBER'),
    seat(member2, 'EMPLOYEE_MEMBER', 'MAN'),
    seat(external, 'EXTERNAL_MEMBER', 'MAN'),
  ];
  const file = async (by: Person, witnesses: string[]): Promise<string> => {
    const filed = await ok('POST', '/complaints', by.token, {
      complainant: { name: by.name, email: by.email, gender: 'WOMAN' },
      respondent: { name: 'A respondent outside the committee', email: null, gender: 'MAN' },
      incident: {
        details: 'Remarks in the team meeting.',
        date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
        witnesses,
      },
    });
    return filed.complaintId;
  };
  const changeSeats = async (members: object[]) => {
    await ok('PUT', `/committees/${committeeId}`, admin.token, committee(members));
    const { changes } = await ok('GET', '/committee-changes', admin.token);
    const pending = changes.find((c: { status: string }) => c.status === 'PENDING');
    const res = await call('POST', `/committee-changes/${pending.changeId}/decision`, presiding.token, {
      decision: 'APPROVE',
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const listed = async (p: Person): Promise<string[]> =>
    (await ok('GET', '/complaints', p.token)).items.map((c: { complaintId: string }) => c.complaintId);
  const recusal = async (complaintId: string, userId: string) =>
    (
      await server.db.query<{ reason: string; note: string }>(
        `SELECT reason, note FROM complaint_recusals WHERE complaint_id = $1 AND user_id = $2`,
        [complaintId, userId],
      )
    )[0] ?? null;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    admin = person(ws.admin);
    complainant = person(await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' }));
    const names = ['Farah Filer', 'Priya Presiding', 'Mira Member', 'Manoj Member', 'Eric External', 'Wasim Witness'];
    const built: Person[] = [];
    for (const name of names) {
      const [firstName, lastName] = name.split(' ');
      built.push(person(await buildUser(server, ws, { firstName, lastName })));
    }
    [filer2, presiding, member1, member2, external, witness] = built;
    const wf = await ok('POST', '/admin/workflow', admin.token, {
      workflowName: 'Witness test',
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
    committeeId = (await ok('POST', '/committees', admin.token, { ...committee(sound()), branchId: null })).committeeId;
  });
  afterAll(async () => server?.close());

  it('recuses at filing a seated member named as a witness by address; a name alone names nobody', async () => {
    expect((await ok('GET', '/complaint-settings', admin.token)).recuseWitnesses).toBe(true);
    const byAddress = await file(complainant, [`${member1.name} <${member1.email.toUpperCase()}>`]);
    expect(await recusal(byAddress, member1.id)).toEqual({ reason: 'AUTO_PARTY', note: expect.any(String) });
    expect((await call('GET', `/complaints/${byAddress}`, member1.token)).statusCode).toBe(404);
    expect((await call('GET', `/complaints/${byAddress}/deadlines`, member1.token)).statusCode).toBe(404);
    expect(await listed(member1)).not.toContain(byAddress);
    // Defence in depth: without the recusal row, the case access still refuses the seated witness.
    await server.db.query(`DELETE FROM complaint_recusals WHERE complaint_id = $1 AND user_id = $2`, [
      byAddress,
      member1.id,
    ]);
    expect((await call('GET', `/complaints/${byAddress}`, member1.token)).statusCode).toBe(404);
    // An anonymous report that names the member as a witness: recused the same way.
    const report = await server.request(ws.host, {
      method: 'POST',
      url: `${CASE}/intake`,
      payload: {
        respondent: { name: 'A visitor' },
        incident: {
          details: 'At the front desk.',
          date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
          witnesses: [`seen by ${member1.email}`],
        },
      },
    });
    expect(report.statusCode, report.body).toBe(200);
    const [anonymous] = await server.db.query<{ id: string }>(
      `SELECT id FROM complaints WHERE workspace_id = $1 AND intake ORDER BY case_number DESC LIMIT 1`,
      [ws.id],
    );
    expect(await recusal(anonymous.id, member1.id)).toEqual({ reason: 'AUTO_PARTY', note: expect.any(String) });
    expect((await call('GET', `/complaints/${anonymous.id}`, member1.token)).statusCode).toBe(404);
    expect((await ok('GET', `/complaints/${anonymous.id}`, member2.token)).role).toBe('COMMITTEE');
    // Named by name only, the member is not matched (the committee confirms who a name is).
    const byName = await file(complainant, [member2.name]);
    expect((await ok('GET', `/complaints/${byName}`, member2.token)).role).toBe('COMMITTEE');
  });

  it('recuses a witness who joins the committee at the moment they join, and the one presiding cannot admit them', async () => {
    const named = await file(filer2, [`Seen by ${witness.email}`]);
    expect((await call('GET', `/complaints/${named}`, witness.token)).statusCode).toBe(404);
    await changeSeats([...sound(), seat(witness, 'EMPLOYEE_MEMBER')]);
    expect(await recusal(named, witness.id)).toEqual({ reason: 'AUTO_PARTY', note: 'A named witness' });
    expect((await call('GET', `/complaints/${named}`, witness.token)).statusCode).toBe(404);
    expect(await listed(witness)).not.toContain(named);
    // The one presiding sees the witness as recused, not as awaiting admission; the witness is not told of the case.
    const seats = (await ok('GET', `/complaints/${named}`, presiding.token)).committee.members as {
      userId: string;
      recused: boolean;
      awaitingAdmission: boolean;
    }[];
    expect(seats.find((m) => m.userId === witness.id)).toMatchObject({ recused: true, awaitingAdmission: false });
    const caseNumber = (await ok('GET', `/complaints/${named}`, presiding.token)).caseNumber;
    expect((await ok('GET', '/committee-seat', witness.token)).awaitingAdmission).not.toContain(caseNumber);
    const { admissions } = await ok('GET', '/committee-changes', presiding.token);
    expect(admissions.filter((a: { complaintId: string }) => a.complaintId === named)).toEqual([]);
    const admit = await call('POST', `/complaints/${named}/admissions`, presiding.token, { userId: witness.id });
    expect(admit.statusCode).toBe(400);
    // A case filed later that names them as witness: recused at filing too.
    const later = await file(filer2, [witness.email]);
    expect((await call('GET', `/complaints/${later}`, witness.token)).statusCode).toBe(404);
    // Seated by the admission path after a NOT_ADMITTED row: still refused as a witness.
    await server.db.query(
      `UPDATE complaint_recusals SET reason = 'NOT_ADMITTED' WHERE complaint_id = $1 AND user_id = $2`,
      [named, witness.id],
    );
    const again = await call('POST', `/complaints/${named}/admissions`, presiding.token, { userId: witness.id });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/witness/);
    await changeSeats(sound());
  });

  it('follows the workspace setting: off, a seated witness reads the case; turned on, they are recused at once and the case log says so', async () => {
    const holidays = await ok('GET', '/complaint-settings', admin.token);
    const base = {
      compliance: holidays.compliance,
      extraHolidays: holidays.extraHolidays,
      saturdayOff: holidays.saturdayOff,
      removedHolidays: holidays.removedHolidays,
    };
    expect(
      (await ok('PUT', '/complaint-settings', admin.token, { ...base, recuseWitnesses: false })).recuseWitnesses,
    ).toBe(false);
    // Saving the holidays without the setting keeps it.
    expect((await ok('PUT', '/complaint-settings', admin.token, base)).recuseWitnesses).toBe(false);
    const named = await file(complainant, [member2.email]);
    expect((await ok('GET', `/complaints/${named}`, member2.token)).role).toBe('COMMITTEE');
    expect(
      (await ok('PUT', '/complaint-settings', admin.token, { ...base, recuseWitnesses: true })).recuseWitnesses,
    ).toBe(true);
    expect(await recusal(named, member2.id)).toEqual({ reason: 'AUTO_PARTY', note: 'A named witness' });
    expect((await call('GET', `/complaints/${named}`, member2.token)).statusCode).toBe(404);
    const log = (await ok('GET', `/complaints/${named}/audit`, presiding.token)).items as {
      action: string;
      details: { userId?: string };
    }[];
    expect(log.some((e) => e.action === 'member.recuse.witness')).toBe(true);
    // A party, not a committee member, may not change it.
    expect(
      (await call('PUT', '/complaint-settings', member2.token, { ...base, recuseWitnesses: false })).statusCode,
    ).toBe(403);
  });

  it('recuses a committee member named as a witness by name only once the one presiding confirms the match, and logs it', async () => {
    const byName = await file(complainant, [`${member2.name} was at the next desk`]);
    // A name alone names nobody: the member reads the case until the committee confirms who the name is.
    expect((await ok('GET', `/complaints/${byName}`, member2.token)).role).toBe('COMMITTEE');
    // Only the one presiding confirms: another member, the witness, the complainant and an admin are refused.
    for (const p of [member1, member2, complainant, admin]) {
      const res = await call('POST', `/complaints/${byName}/witness-accounts`, p.token, { userId: member2.id });
      expect([403, 404], `${p.email}: ${res.body}`).toContain(res.statusCode);
    }
    const anonymous = await server.request(ws.host, {
      method: 'POST',
      url: `${CASE}/complaints/${byName}/witness-accounts`,
      payload: { userId: member2.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await ok('GET', `/complaints/${byName}`, member2.token)).role).toBe('COMMITTEE');
    // The one presiding cannot name themselves, nor someone of no account here.
    expect(
      (await call('POST', `/complaints/${byName}/witness-accounts`, presiding.token, { userId: presiding.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/complaints/${byName}/witness-accounts`, presiding.token, {
          userId: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(400);

    expect(await ok('POST', `/complaints/${byName}/witness-accounts`, presiding.token, { userId: member2.id })).toEqual(
      { recused: true },
    );
    expect(await recusal(byName, member2.id)).toEqual({ reason: 'AUTO_PARTY', note: 'A named witness' });
    expect((await call('GET', `/complaints/${byName}`, member2.token)).statusCode).toBe(404);
    expect(await listed(member2)).not.toContain(byName);
    // Defence in depth: the confirmed witness is a named witness of the case, so even without the row they are refused.
    await server.db.query(`DELETE FROM complaint_recusals WHERE complaint_id = $1 AND user_id = $2`, [
      byName,
      member2.id,
    ]);
    expect((await call('GET', `/complaints/${byName}`, member2.token)).statusCode).toBe(404);
    // The presiding officer sees who confirmed whom in the case log.
    const log = (await ok('GET', `/complaints/${byName}/audit`, presiding.token)).items as {
      action: string;
      actorUserId?: string;
      details: { userId?: string; recused?: boolean };
    }[];
    expect(log.find((e) => e.action === 'witness.confirm')?.details).toEqual({ userId: member2.id, recused: true });
  });
});
