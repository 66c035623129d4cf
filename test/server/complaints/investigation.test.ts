import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const DAY = 86_400_000;

/**
 * Canada's investigation (docs/case.md "Canada's investigation"; CA-05, CA-06), each call as the person who makes it
 * or the one who attacks it: the roster is the managers'; the committee proposes an investigator (never one with a
 * stake, never on an anonymous notice); the parties agree, or after 60 days the roster's next is appointed; the
 * investigator reads what the process gives and writes a report that may name nobody; the employer records the
 * recommendations chosen and implemented. Everyone else, and any other case, gets 404.
 */
describe.each(DATABASES)("Canada's investigation on %s", (kind) => {
  const clock = new ManualClock(new Date().toISOString());
  let server: TestServer;
  let ws: BuiltWorkspace;
  let complainant: BuiltUser;
  let respondent: BuiltUser;
  let recipient: BuiltUser;
  let ivy: BuiltUser;
  let bystander: BuiltUser;
  let employer: BuiltUser;
  let caseId: string;
  const roster: Record<string, string> = {};

  const call = (method: Method, url: string, token: string | undefined, payload?: object) =>
    server.request(ws.host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const file = async (by: BuiltUser, respondentEmail: string | null, details: string) =>
    (
      await ok('POST', '/complaints', by.token, {
        complainant: { name: `${by.firstName} ${by.lastName}`, email: by.email, gender: 'WOMAN' },
        respondent: { name: 'Rahul Respondent', gender: 'MAN', ...(respondentEmail ? { email: respondentEmail } : {}) },
        incident: {
          details,
          date: new Date(clock.now().getTime() - 5 * DAY).toISOString().slice(0, 10),
          witnesses: ['Wendy Witness'],
        },
      })
    ).complaintId as string;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock });
    ws = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Complainant' });
    respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
    recipient = await buildUser(server, ws, { firstName: 'Dana', lastName: 'Recipient' });
    ivy = await buildUser(server, ws, { firstName: 'Ivy', lastName: 'Investigator' });
    bystander = await buildUser(server, ws, { firstName: 'Bea', lastName: 'Bystander' });
    employer = await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emil', lastName: 'Employer' });
    await ok('POST', '/committees', ws.admin.token, {
      name: 'Designated recipients',
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [{ userId: recipient.id, role: 'DESIGNATED_RECIPIENT', gender: 'WOMAN' }],
    });
    caseId = await file(complainant, respondent.email, 'Remarks at every stand-up about my accent.');
  }, 300_000);
  afterAll(async () => server?.close());

  it('keeps a roster the managers build; nobody else reads or writes it, and an address is on it once', async () => {
    for (const [key, body] of [
      [
        'ivy',
        { name: 'Ivy Investigator', email: ivy.email, qualifications: 'HR investigations, 8 years', kind: 'INTERNAL' },
      ],
      ['stake', { name: 'Rahul as investigator', email: respondent.email, kind: 'INTERNAL' }],
      [
        'olga',
        { name: 'Olga Outside', email: 'olga@investigators.example', qualifications: 'Lawyer', kind: 'EXTERNAL' },
      ],
    ] as const) {
      roster[key] = (await ok('POST', '/investigators', ws.admin.token, body)).id;
    }
    const list = await ok('GET', '/investigators', employer.token);
    expect(list.investigators.map((i: { id: string; position: number }) => [i.id, i.position])).toEqual([
      [roster.ivy, 1],
      [roster.stake, 2],
      [roster.olga, 3],
    ]);
    const again = await call('POST', '/investigators', ws.admin.token, {
      name: 'Ivy again',
      email: ivy.email.toUpperCase(),
      kind: 'INTERNAL',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toHaveProperty('email');
    expect((await call('GET', '/investigators', complainant.token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/investigators', recipient.token, { name: 'Me', email: 'me@x.example', kind: 'EXTERNAL' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/investigators', ws.admin.token, { name: '', email: 'bad', kind: 'X' })).statusCode,
    ).toBe(400);
  });

  it("shows the case's investigation to its committee only: the parties, an admin and a stranger get 404", async () => {
    const seen = await ok('GET', `/complaints/${caseId}/investigation`, recipient.token);
    expect(seen).toMatchObject({ role: 'COMMITTEE', notInvestigable: null, investigator: null, report: null });
    // The roster without the one who has a stake (the respondent), to propose from.
    expect(seen.candidates.map((c: { id: string }) => c.id)).toEqual([roster.ivy, roster.olga]);
    for (const who of [complainant, respondent, bystander, ivy, employer, ws.admin])
      expect((await call('GET', `/complaints/${caseId}/investigation`, who.token)).statusCode).toBe(404);
    const other = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
    expect([401, 404]).toContain(
      (
        await server.request(ws.host, {
          method: 'GET',
          url: `${CASE}/complaints/${caseId}/investigation`,
          token: other.admin.token,
        })
      ).statusCode,
    );
  });

  it('refuses an investigator with a stake in the case, and a proposal by anyone but the committee', async () => {
    const stake = await call('POST', `/complaints/${caseId}/investigation`, recipient.token, {
      investigatorId: roster.stake,
    });
    expect(stake.statusCode).toBe(400);
    expect(stake.json()).toMatchObject({
      code: 'INVESTIGATOR_HAS_STAKE',
      fields: { investigatorId: expect.any(String) },
    });
    const unknown = await call('POST', `/complaints/${caseId}/investigation`, recipient.token, {
      investigatorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    for (const who of [complainant, ws.admin, ivy])
      expect(
        (await call('POST', `/complaints/${caseId}/investigation`, who.token, { investigatorId: roster.ivy }))
          .statusCode,
      ).toBe(404);
  });

  it('appoints the investigator both parties agreed to, and not the roster before 60 days', async () => {
    const proposed = await ok('POST', `/complaints/${caseId}/investigation`, recipient.token, {
      investigatorId: roster.ivy,
    });
    expect(proposed).toMatchObject({
      investigator: { id: roster.ivy },
      appointedOn: null,
      rosterFrom: expect.any(String),
    });
    const early = await call('POST', `/complaints/${caseId}/investigation/roster`, recipient.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ROSTER_TOO_EARLY');
    // Proposed, not appointed: the investigator sees nothing yet.
    expect((await call('GET', `/complaints/${caseId}/investigation`, ivy.token)).statusCode).toBe(404);
    await ok('POST', `/complaints/${caseId}/investigation/agreement`, recipient.token, { party: 'COMPLAINANT' });
    const both = await ok('POST', `/complaints/${caseId}/investigation/agreement`, recipient.token, {
      party: 'RESPONDENT',
    });
    expect(both).toMatchObject({ appointedBy: 'AGREEMENT', appointedOn: expect.any(String), rosterFrom: null });
  });

  it('lets the investigator read the incident and evidence, never the case itself or another case', async () => {
    await ok('POST', `/complaints/${caseId}/messages`, recipient.token, {
      audience: 'COMMITTEE',
      body: 'Committee only: our view of the parties',
    });
    const res = await call('GET', `/complaints/${caseId}/investigation`, ivy.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'INVESTIGATOR',
      incident: { details: 'Remarks at every stand-up about my accent.' },
    });
    expect(res.body).not.toContain('Committee only');
    expect((await ok('GET', '/investigations', ivy.token)).investigations).toEqual([
      {
        complaintId: caseId,
        caseNumber: expect.stringMatching(/^C-\d{4}$/),
        appointedOn: expect.any(String),
        reportWritten: false,
      },
    ]);
    expect((await ok('GET', '/investigations', bystander.token)).investigations).toEqual([]);
    expect((await call('GET', `/complaints/${caseId}`, ivy.token)).statusCode).toBe(404);
    const otherCase = await file(bystander, null, 'Another matter entirely.');
    expect((await call('GET', `/complaints/${otherCase}/investigation`, ivy.token)).statusCode).toBe(404);
    const [log] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2
          AND action = 'investigation.read' AND actor_user_id = $3`,
      [ws.id, caseId, ivy.id],
    );
    expect(log.n).toBeGreaterThan(0);
  });

  it("lets the appointed investigator download the case's evidence, logged, and nobody else through it; not once removed", async () => {
    // Bea joins the roster for this case; an evidence file is filed with a new notice.
    const bea = (
      await ok('POST', '/investigators', ws.admin.token, {
        name: 'Bea Bystander',
        email: bystander.email,
        kind: 'INTERNAL',
      })
    ).id;
    const ticket = await ok('POST', '/complaint-evidence/upload-url', complainant.token, {
      fileName: 'messages.txt',
      size: 11,
    });
    const put = await server.request(ws.host, {
      method: 'PUT',
      url: ticket.uploadUrl,
      payload: Buffer.from('hello there'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    await ok('POST', `/complaint-evidence/${ticket.fileId}/confirm`, complainant.token);
    const withEvidence = (
      await ok('POST', '/complaints', complainant.token, {
        complainant: { name: 'Esha Complainant', email: complainant.email, gender: 'WOMAN' },
        respondent: { name: 'Rahul Respondent', gender: 'MAN', email: respondent.email },
        incident: {
          details: 'Messages after work.',
          date: new Date(clock.now().getTime() - 2 * DAY).toISOString().slice(0, 10),
          witnesses: [],
          evidenceFileIds: [ticket.fileId],
        },
      })
    ).complaintId as string;
    const url = `/complaints/${withEvidence}/investigation/evidence/${ticket.fileId}`;
    // Proposed, not appointed: no download.
    await ok('POST', `/complaints/${withEvidence}/investigation`, recipient.token, { investigatorId: bea });
    expect((await call('GET', url, bystander.token)).statusCode).toBe(404);
    await ok('POST', `/complaints/${withEvidence}/investigation/agreement`, recipient.token, { party: 'COMPLAINANT' });
    const appointed = await ok('POST', `/complaints/${withEvidence}/investigation/agreement`, recipient.token, {
      party: 'RESPONDENT',
    });
    expect(appointed.mandateActive).toBe(true);
    const link = await ok('GET', url, bystander.token);
    expect(link).toMatchObject({ downloadUrl: expect.any(String), fileName: 'messages.txt' });
    // The investigator of another case, the committee, the parties and an admin: 404 on this route.
    for (const who of [ivy, recipient, complainant, respondent, ws.admin])
      expect((await call('GET', url, who.token)).statusCode).toBe(404);
    // Her own case's file only.
    expect(
      (await call('GET', `/complaints/${caseId}/investigation/evidence/${ticket.fileId}`, ivy.token)).statusCode,
    ).toBe(404);
    const [logged] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2
          AND action = 'investigation.evidence.download' AND actor_user_id = $3 AND details->>'fileId' = $4`,
      [ws.id, withEvidence, bystander.id, ticket.fileId],
    );
    expect(logged.n).toBe(1);
    // The committee removes her, with its reasons: she no longer reaches the case.
    expect(
      (await call('POST', `/complaints/${withEvidence}/investigation/removal`, complainant.token, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/complaints/${withEvidence}/investigation/removal`, recipient.token, { reason: ' ' }))
        .statusCode,
    ).toBe(400);
    const removed = await ok('POST', `/complaints/${withEvidence}/investigation/removal`, recipient.token, {
      reason: 'A conflict of interest came to light',
    });
    expect(removed).toMatchObject({ investigator: null, appointedOn: null, mandateActive: false });
    expect((await call('GET', url, bystander.token)).statusCode).toBe(404);
    expect((await call('GET', `/complaints/${withEvidence}/investigation`, bystander.token)).statusCode).toBe(404);
    const [log] = await server.db.query<{ details: { reason: string; appointed: boolean } }>(
      `SELECT details FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 AND action = 'investigation.remove'`,
      [ws.id, withEvidence],
    );
    expect(log.details).toMatchObject({ reason: 'A conflict of interest came to light', appointed: true });
    await ok('PUT', `/investigators/${bea}`, ws.admin.token, { active: false });
  });

  it('refuses a report that names a party, naming the field, and takes one that does not; the committee reads it', async () => {
    const report = {
      description: 'Interviews with the principal party, the responding party and two colleagues.',
      conclusions: 'The occurrence is founded.',
      recommendations: ['Training for the team', 'A change of seating'],
    };
    for (const [field, bad] of [
      ['conclusions', { ...report, conclusions: 'Rahul made the remarks.' }],
      ['recommendations.1', { ...report, recommendations: ['Training', `Write to ${complainant.email}`] }],
      ['description', { ...report, description: 'Wendy Witness confirmed it.' }],
    ] as const) {
      const res = await call('PUT', `/complaints/${caseId}/investigation/report`, ivy.token, bad);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ code: 'IDENTIFIER_IN_REPORT' });
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect((await call('PUT', `/complaints/${caseId}/investigation/report`, recipient.token, report)).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', `/complaints/${caseId}/investigation/report`, complainant.token, report)).statusCode,
    ).toBe(404);
    await ok('PUT', `/complaints/${caseId}/investigation/report`, ivy.token, report);
    const seen = await ok('GET', `/complaints/${caseId}/investigation`, recipient.token);
    expect(seen.report).toMatchObject({
      conclusions: 'The occurrence is founded.',
      recommendations: [
        { position: 1, body: 'Training for the team', chosen: false },
        { position: 2, body: 'A change of seating', chosen: false },
      ],
    });
  });

  it('sends the final report to each party, the responding party without the principal party’s details; not before', async () => {
    const reportUrl = `/complaints/${caseId}/investigation/report`;
    // Before it is final: no party and no employer reads it.
    expect((await call('GET', reportUrl, complainant.token)).statusCode).toBe(404);
    expect((await call('GET', `/complaints/${caseId}/investigation`, employer.token)).statusCode).toBe(404);
    expect((await call('POST', `${reportUrl}/final`, recipient.token)).statusCode).toBe(403);
    expect((await call('POST', `${reportUrl}/final`, complainant.token)).statusCode).toBe(404);
    const final = await ok('POST', `${reportUrl}/final`, ivy.token);
    expect(final).toMatchObject({ mandateActive: false, report: { finalAt: expect.any(String) } });
    expect(await ok('GET', reportUrl, complainant.token)).toMatchObject({
      conclusions: 'The occurrence is founded.',
      recommendations: ['Training for the team', 'A change of seating'],
    });
    for (const who of [bystander, ws.admin, ivy])
      expect((await call('GET', reportUrl, who.token)).statusCode).toBe(404);
    const outbox = async (to: string) =>
      (
        await server.request('localhost', {
          method: 'GET',
          url: `/dev/outbox?to=${encodeURIComponent(to)}&format=json`,
          remoteAddress: '127.0.0.1',
        })
      ).json() as { subject: string; body: string }[];
    const toRespondent = (await outbox(respondent.email)).filter((m) => m.subject.includes("investigator's report"));
    expect(toRespondent).toHaveLength(1);
    expect(toRespondent[0].body).toContain('The occurrence is founded.');
    for (const secret of [complainant.email, 'Esha', 'Complainant']) expect(toRespondent[0].body).not.toContain(secret);
    expect((await outbox(complainant.email)).filter((m) => m.subject.includes("investigator's report"))).toHaveLength(
      1,
    );
    const [delivered] = await server.db.query<{ details: { sentTo: string[] } }>(
      `SELECT details FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2
          AND action = 'investigation.report.delivered'`,
      [ws.id, caseId],
    );
    expect(delivered.details.sentTo).toEqual(['COMPLAINANT', 'RESPONDENT']);
    // The mandate has ended: the report stands, the evidence is no longer the investigator's, nobody removes them.
    const rewrite = await call('PUT', `/complaints/${caseId}/investigation/report`, ivy.token, {
      description: 'New',
      conclusions: 'New',
      recommendations: [],
    });
    expect(rewrite.json().code).toBe('REPORT_FINAL');
    expect((await call('POST', `${reportUrl}/final`, ivy.token)).statusCode).toBe(409);
    const download = await call(
      'GET',
      `/complaints/${caseId}/investigation/evidence/00000000-0000-4000-8000-000000000000`,
      ivy.token,
    );
    expect(download.statusCode).toBe(403);
    expect(download.json().code).toBe('MANDATE_ENDED');
    expect(
      (await call('POST', `/complaints/${caseId}/investigation/removal`, recipient.token, { reason: 'Late' })).json()
        .code,
    ).toBe('REPORT_FINAL');
  });

  it('lets the employer read the report (not the incident) and record what it chose and implemented', async () => {
    const read = await ok('GET', `/complaints/${caseId}/investigation`, employer.token);
    expect(read).toMatchObject({ role: 'EMPLOYER', incident: null, evidence: [] });
    const future = new Date(clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10);
    const late = await call('PUT', `/complaints/${caseId}/investigation/recommendations/1`, employer.token, {
      chosen: true,
      implementedOn: future,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().fields).toHaveProperty('implementedOn');
    const unchosen = await call('PUT', `/complaints/${caseId}/investigation/recommendations/2`, employer.token, {
      chosen: false,
      implementedOn: '2026-01-05',
    });
    expect(unchosen.statusCode).toBe(400);
    expect(
      (await call('PUT', `/complaints/${caseId}/investigation/recommendations/9`, employer.token, { chosen: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/complaints/${caseId}/investigation/recommendations/1`, complainant.token, { chosen: true }))
        .statusCode,
    ).toBe(403);
    const chosen = await ok('PUT', `/complaints/${caseId}/investigation/recommendations/1`, employer.token, {
      chosen: true,
    });
    expect(chosen.report.recommendations[0]).toMatchObject({
      chosen: true,
      chosenOn: expect.any(String),
      implementedOn: null,
    });
    const rules = await ok('GET', '/legal-rules', ws.admin.token);
    const ca06 = rules.rules.find((r: { ruleId: string }) => r.ruleId === 'CA-06');
    expect(ca06).toMatchObject({ status: 'AT_RISK', computed: { figures: { reports: 1, outstanding: 1 } } });
    const today = new Date(clock.now().getTime() - DAY).toISOString().slice(0, 10);
    await ok('PUT', `/complaints/${caseId}/investigation/recommendations/1`, employer.token, {
      chosen: true,
      implementedOn: today,
    });
    const after = (await ok('GET', '/legal-rules', ws.admin.token)).rules.find(
      (r: { ruleId: string }) => r.ruleId === 'CA-06',
    );
    expect(after).toMatchObject({ status: 'MET' });
    // Once acted on, the report stands.
    const rewrite = await call('PUT', `/complaints/${caseId}/investigation/report`, ivy.token, {
      description: 'New',
      conclusions: 'New',
      recommendations: [],
    });
    expect(rewrite.statusCode).toBe(409);
  });

  it("chooses the roster's next investigator after 60 days without agreement, skipping the one with a stake", async () => {
    const second = await file(complainant, respondent.email, 'Comments in the lunch room.');
    await ok('POST', `/complaints/${second}/investigation`, recipient.token, { investigatorId: roster.olga });
    await ok('POST', `/complaints/${second}/investigation/agreement`, recipient.token, { party: 'COMPLAINANT' });
    const ca05 = async () =>
      (await ok('GET', '/legal-rules', ws.admin.token)).rules.find((r: { ruleId: string }) => r.ruleId === 'CA-05');
    expect(await ca05()).toMatchObject({ status: 'MET', computed: { figures: { roster: 3, awaitingRoster: 0 } } });
    clock.set(new Date(clock.now().getTime() + 61 * DAY).toISOString());
    expect(await ca05()).toMatchObject({ status: 'AT_RISK', computed: { figures: { awaitingRoster: 1 } } });
    const chosen = await ok('POST', `/complaints/${second}/investigation/roster`, recipient.token);
    // The round robin starts at the first; the respondent (second on the roster) has a stake; so the first.
    expect(chosen).toMatchObject({ appointedBy: 'ROSTER', investigator: { id: roster.ivy } });
    const third = await file(complainant, respondent.email, 'A third occurrence.');
    await ok('POST', `/complaints/${third}/investigation`, recipient.token, { investigatorId: roster.olga });
    clock.set(new Date(clock.now().getTime() + 61 * DAY).toISOString());
    const next = await ok('POST', `/complaints/${third}/investigation/roster`, recipient.token);
    // After the first comes the second, who has a stake, so the third.
    expect(next).toMatchObject({ appointedBy: 'ROSTER', investigator: { id: roster.olga } });
    const again = await call('POST', `/complaints/${third}/investigation/roster`, recipient.token);
    expect(again.statusCode).toBe(409);
  });

  it('does not investigate an anonymous notice: the case says so and the server refuses to appoint', async () => {
    const res = await server.request(ws.host, {
      method: 'POST',
      url: `${CASE}/intake`,
      payload: {
        respondent: { name: 'Someone', gender: 'MAN' },
        incident: {
          details: 'Anonymous notice of remarks.',
          date: new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10),
          witnesses: [],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await server.db.query<{ id: string }>(
      `SELECT id FROM complaints WHERE workspace_id = $1 AND intake ORDER BY case_number DESC LIMIT 1`,
      [ws.id],
    );
    const seen = await ok('GET', `/complaints/${row.id}/investigation`, recipient.token);
    expect(seen.notInvestigable).toMatch(/anonymous/i);
    const refused = await call('POST', `/complaints/${row.id}/investigation`, recipient.token, {
      investigatorId: roster.olga,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ANONYMOUS_NOTICE');
  });

  it("records a case's CA-10 categories by its committee only, and the annual report counts them", async () => {
    const body = {
      nature: 'SEXUAL',
      grounds: ['SEX', 'NATIONAL_OR_ETHNIC_ORIGIN'],
      location: 'WORKPLACE',
      relationship: 'BETWEEN_COLLEAGUES',
      resolution: null,
    };
    const url = `/complaints/${caseId}/occurrence-categories`;
    expect((await call('PUT', url, complainant.token, body)).statusCode).toBe(403);
    expect((await call('PUT', url, ws.admin.token, body)).statusCode).toBe(404);
    expect((await call('PUT', url, ivy.token, body)).statusCode).toBe(404);
    const bad = await call('PUT', url, recipient.token, { ...body, grounds: ['HAIR_COLOUR'] });
    expect(bad.statusCode).toBe(400);
    await ok('PUT', url, recipient.token, body);
    const { receivedOn } = await ok('GET', `/complaints/${caseId}`, recipient.token);
    const year = Number(receivedOn.slice(0, 4));
    const report = await ok('GET', `/returns/canada-annual?year=${year}`, ws.admin.token);
    const cases = (list: { value: string; cases: number }[], value: string) =>
      list.find((c) => c.value === value)?.cases;
    expect(cases(report.categories.nature, 'SEXUAL')).toBe(1);
    expect(cases(report.categories.grounds, 'NATIONAL_OR_ETHNIC_ORIGIN')).toBe(1);
    expect(cases(report.categories.locations, 'WORKPLACE')).toBe(1);
    expect(cases(report.categories.relationships, 'BETWEEN_COLLEAGUES')).toBe(1);
    expect(report.categories.nature.reduce((n: number, c: { cases: number }) => n + c.cases, 0)).toBe(
      report.occurrences,
    );
    expect(report.notRecorded).toEqual(['Occurrences that resulted in death']);
  });

  it('shows the categories to the committee to change and to the principal party to read; nobody else reads them', async () => {
    const url = `/complaints/${caseId}/occurrence-categories`;
    expect(await ok('GET', url, recipient.token)).toEqual({
      categories: {
        nature: 'SEXUAL',
        grounds: ['SEX', 'NATIONAL_OR_ETHNIC_ORIGIN'],
        location: 'WORKPLACE',
        relationship: 'BETWEEN_COLLEAGUES',
        resolution: null,
      },
      mayChange: true,
    });
    expect(await ok('GET', url, complainant.token)).toMatchObject({
      mayChange: false,
      categories: { nature: 'SEXUAL' },
    });
    // The responding party, the investigator, an admin, an employer and a bystander: 404, as for a case they cannot read.
    for (const who of [respondent, ivy, ws.admin, employer, bystander])
      expect((await call('GET', url, who.token)).statusCode).toBe(404);
    const other = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
    expect([401, 404]).toContain(
      (await server.request(ws.host, { method: 'GET', url: `${CASE}${url}`, token: other.admin.token })).statusCode,
    );
    const [log] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2
          AND action = 'occurrence.categories.read'`,
      [ws.id, caseId],
    );
    expect(log.n).toBe(2);
  });
});
