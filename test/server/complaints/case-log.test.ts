import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCaseLog, readCaseLogFile } from '../../../server/case/complaints/case-log-file';
import { caseAudit } from '../../../server/case/complaints/complaints.repository';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { withoutSeededCaseStory } from '../support/case-seed';

const ACME = 'acme.localhost';
const GLOBEX = 'globex.localhost';
const CASE = '/case-api/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Person {
  id: string;
  email: string;
  token: string;
}

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, ' ');

/** One byte of the entry's line changed in the PDF's own bytes (same length, so the PDF still reads). */
function changeOneByte(pdf: Buffer, needle: string): Buffer {
  const at = pdf.indexOf(Buffer.from(needle, 'latin1'));
  expect(at, `${needle} in the PDF's bytes`).toBeGreaterThan(0);
  const copy = Buffer.from(pdf);
  copy[at + needle.length - 1] = copy[at + needle.length - 1] === 0x65 ? 0x66 : 0x65;
  return copy;
}

describe.each(DATABASES)('the case access log hash chain on %s', (kind) => {
  let server: TestServer;
  let acmeId: string;
  let admin: string;
  let globexAdmin: string;
  let complainant: Person;
  let presiding: Person;
  let member: Person;
  let n = 0;

  const call = (method: Method, url: string, token: string, payload?: object, host = ACME) =>
    server.request(host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const person = async (email: string): Promise<Person> => {
    const [row] = await server.db.query<{ id: string }>(`SELECT id FROM users WHERE lower(email) = lower($1) AND workspace_id = $2`, [email, acmeId]);
    return { id: row.id, email, token: await server.signIn(ACME, email) };
  };
  const fileCase = async (): Promise<string> => {
    n += 1;
    const filed = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: 'employee@acme.test', gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', gender: 'MAN' },
      incident: { details: `Remarks in meetings, case ${n}.`, date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10), witnesses: [] },
    });
    return filed.complaintId;
  };
  /** As the database's owner, past the append-only trigger: an insider with access to the database. */
  const asInsider = (statement: string, params: unknown[]) =>
    server.db.system(async (tx) => {
      await tx.query(`ALTER TABLE complaint_audit_events DISABLE TRIGGER complaint_audit_events_append_only`);
      await tx.query(`ALTER TABLE complaint_list_sets DISABLE TRIGGER complaint_list_sets_append_only`);
      await tx.query(statement, params);
      await tx.query(`ALTER TABLE complaint_audit_events ENABLE TRIGGER complaint_audit_events_append_only`);
      await tx.query(`ALTER TABLE complaint_list_sets ENABLE TRIGGER complaint_list_sets_append_only`);
    });
  const chainOf = (caseId: string) =>
    server.db.system((tx) =>
      tx.query<{ seq: number; action: string; prev: string | null; hash: string }>(
        `SELECT seq, action, encode(prev_hash, 'hex') AS prev, encode(hash, 'hex') AS hash FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 ORDER BY seq`,
        [acmeId, caseId],
      ),
    );

  beforeAll(async () => {
    // This file files more than a member's daily limit as one complainant (docs/case.md "Filing limits").
    server = await startTestServer(kind, { complaintsPerDay: 100 });
    // This file constitutes its own committees: it starts without the demo's (server/seed/case.seed.ts).
    await withoutSeededCaseStory(server.db);
    [{ id: acmeId }] = await server.db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
    admin = await server.signIn(ACME, 'admin@acme.test');
    globexAdmin = await server.signIn(GLOBEX, 'admin@globex.test');
    const hq = await server.db.query<{ email: string }>(
      `SELECT u.email FROM users u JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
        WHERE u.workspace_id = $1 AND u.role = 'EMPLOYEE' AND u.email <> 'employee@acme.test' AND b.name = 'Acme Headquarters' ORDER BY u.email LIMIT 4`,
      [acmeId],
    );
    complainant = await person('employee@acme.test');
    presiding = await person(hq[0].email);
    member = await person(hq[1].email);
    const external = await person(hq[2].email);
    const member2 = await person(hq[3].email);
    await ok('POST', '/committees', admin, {
      name: 'Internal Committee',
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [
        { userId: presiding.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
        { userId: member.id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
        { userId: member2.id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
        { userId: external.id, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
      ],
    });
    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Chain test', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, { kind: 'MEETING', name: 'Preliminary hearing' });
    await ok('POST', '/admin/workflow/publish', admin, { workflowId: wf.workflowId, workflowVersionId: v.workflowVersionId });
  });
  afterAll(async () => server?.close());

  it('chains the events every path writes into one unbroken chain, which the export carries and the command verifies', async () => {
    const caseId = await fileCase();
    await ok('GET', `/complaints/${caseId}`, presiding.token);
    await ok('POST', `/complaints/${caseId}/messages`, presiding.token, { audience: 'COMPLAINANT', body: 'We have received your complaint.' });
    const secret = (await ok('POST', `/complaints/${caseId}/messages`, presiding.token, { audience: 'COMMITTEE', body: 'Internal: the witness lives at Lotus Lane 12.' })).messageId;
    await ok('GET', `/complaints/${caseId}/deadlines`, member.token);
    await ok('GET', '/complaints', member.token);
    await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
    // A path of its own (the jobs' and the reporter's write through the same table): straight through the repository.
    await server.db.tenant(acmeId, (tx) => caseAudit(tx, { ws: acmeId, complaintId: caseId, actorUserId: null, action: 'complaint.status-update', ip: null, details: { note: 'ünïcødé ✓' } }));

    const chain = await chainOf(caseId);
    expect(chain.map((e) => e.action)).toEqual(['complaint.file', 'complaint.read', 'message.post', 'message.post', 'complaint.deadlines', 'complaint.audit.read', 'complaint.status-update']);
    expect(chain.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    chain.forEach((e, i) => expect(e.prev).toBe(i === 0 ? null : chain[i - 1].hash));

    // The committee's check from the database: a member of the case, not only the one presiding; logged like a read.
    const verdict = await ok('GET', `/complaints/${caseId}/audit/verify`, member.token);
    expect(verdict).toMatchObject({ ok: true, entries: 8, brokenAt: null, listReads: { ok: true, brokenAt: null } });
    expect(verdict.listReads.entries).toBeGreaterThan(0);
    const afterVerify = await chainOf(caseId);
    expect(afterVerify.at(-1)).toMatchObject({ seq: 8, action: 'complaint.audit.verify' });
    expect(verdict.head).toBe(afterVerify.at(-1)!.hash);

    // The export carries the log, the head and how to check it; the command's check passes on it.
    const res = await call('POST', `/complaints/${caseId}/export`, presiding.token, { purpose: 'APPEAL', redactItems: [secret] });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = res.rawPayload;
    const file = await readCaseLogFile(pdf);
    const exported = await chainOf(caseId);
    expect(file).toMatchObject({ complaintId: caseId, head: exported.at(-1)!.hash });
    expect(file.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(checkCaseLog(file)).toEqual({ ok: true, message: expect.stringContaining(`head ${exported.at(-1)!.hash}`) });
    const text = await pdfText(pdf);
    expect(text).toContain('Access log');
    expect(text).toContain('Verifying this log');
    expect(text).toContain('npm run verify-case-log');
    expect(text).toContain('Complaints listed');
    // The redacted message's entry keeps its line (the chain verifies) but not its details; nothing redacted is in
    // the file's bytes at all, attachment included.
    expect(file.entries[3].details).toBeNull();
    expect(file.entries[2].details).toContain('messageId');
    expect(pdf.includes(Buffer.from('Lotus Lane'))).toBe(false);
    expect(text).toContain('Esha Employee — complaint.file');
    // With the parties redacted, the log does not name them either (the committee's members it still names).
    const noParties = await pdfText((await call('POST', `/complaints/${caseId}/export`, presiding.token, { purpose: 'APPEAL', redactSections: ['PARTIES'] })).rawPayload);
    expect(noParties).not.toContain('Esha Employee');
    expect(noParties).toContain('Someone outside the committee (parties redacted) — complaint.file');

    // One byte of an entry changed in the file: the command names that entry.
    expect(file.entries[4].line).toContain('complaint.deadlines');
    const check = checkCaseLog(await readCaseLogFile(changeOneByte(pdf, 'complaint.deadlines')));
    expect(check.ok).toBe(false);
    expect(check.message).toContain('entry 5 (complaint.deadlinee');
  });

  it('detects an entry changed or removed in the database by an insider, in the verify call and in a fresh export', async () => {
    const changed = await fileCase();
    await ok('GET', `/complaints/${changed}`, presiding.token);
    await ok('POST', `/complaints/${changed}/messages`, presiding.token, { audience: 'COMPLAINANT', body: 'Noted.' });
    await ok('GET', `/complaints/${changed}`, member.token);
    await asInsider(`UPDATE complaint_audit_events SET actor_user_id = $3 WHERE workspace_id = $1 AND complaint_id = $2 AND seq = 2`, [acmeId, changed, member.id]);
    const verdict = await ok('GET', `/complaints/${changed}/audit/verify`, presiding.token);
    expect(verdict).toMatchObject({ ok: false, brokenAt: { seq: 2, action: 'complaint.read', problem: 'CHANGED' } });
    const pdf = (await call('POST', `/complaints/${changed}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' })).rawPayload;
    expect(checkCaseLog(await readCaseLogFile(pdf))).toMatchObject({ ok: false, message: expect.stringContaining('entry 2 (complaint.read') });

    const details = await fileCase();
    await ok('POST', `/complaints/${details}/messages`, presiding.token, { audience: 'COMPLAINANT', body: 'Noted.' });
    await asInsider(`UPDATE complaint_audit_events SET details = '{"audience":"RESPONDENT"}' WHERE workspace_id = $1 AND complaint_id = $2 AND seq = 2`, [acmeId, details]);
    expect(await ok('GET', `/complaints/${details}/audit/verify`, presiding.token)).toMatchObject({ ok: false, brokenAt: { seq: 2, problem: 'CHANGED' } });

    const removed = await fileCase();
    await ok('GET', `/complaints/${removed}`, presiding.token);
    await ok('GET', `/complaints/${removed}/deadlines`, presiding.token);
    await asInsider(`DELETE FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 AND seq = 2`, [acmeId, removed]);
    expect(await ok('GET', `/complaints/${removed}/audit/verify`, presiding.token)).toMatchObject({ ok: false, brokenAt: { seq: 3, action: 'complaint.deadlines', problem: 'OUT_OF_PLACE' } });
    const removedPdf = (await call('POST', `/complaints/${removed}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' })).rawPayload;
    expect(checkCaseLog(await readCaseLogFile(removedPdf)).ok).toBe(false);

    // The head of an earlier export anchors the chain: cutting its last entries off shows against it.
    const cut = await fileCase();
    await ok('GET', `/complaints/${cut}`, presiding.token);
    const earlier = await readCaseLogFile((await call('POST', `/complaints/${cut}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' })).rawPayload);
    await asInsider(`DELETE FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 AND seq >= 2`, [acmeId, cut]);
    const later = await readCaseLogFile((await call('POST', `/complaints/${cut}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' })).rawPayload);
    expect(later.entries.some((e) => e.hash === earlier.head)).toBe(false);
  });

  it('does not fork the chain when many events of one case are written at once', async () => {
    const caseId = await fileCase();
    await Promise.all([
      ...Array.from({ length: 8 }, () => ok('GET', `/complaints/${caseId}`, presiding.token)),
      ...Array.from({ length: 8 }, (_, i) =>
        server.db.tenant(acmeId, (tx) => caseAudit(tx, { ws: acmeId, complaintId: caseId, actorUserId: null, action: 'complaint.status-update', ip: null, details: { i } })),
      ),
      ...Array.from({ length: 4 }, () => ok('GET', `/complaints/${caseId}/deadlines`, member.token)),
    ]);
    const chain = await chainOf(caseId);
    expect(chain.map((e) => e.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    chain.forEach((e, i) => expect(e.prev).toBe(i === 0 ? null : chain[i - 1].hash));
    const verdict = await ok('GET', `/complaints/${caseId}/audit/verify`, presiding.token);
    expect(verdict, JSON.stringify(verdict)).toMatchObject({ ok: true, entries: 22 });
  });

  it('answers the verify call to the committee of the case only', async () => {
    const caseId = await fileCase();
    expect((await call('GET', `/complaints/${caseId}/audit/verify`, complainant.token)).statusCode).toBe(403);
    expect((await call('GET', `/complaints/${caseId}/audit/verify`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/complaints/${caseId}/audit/verify`, globexAdmin, undefined, GLOBEX)).statusCode).toBe(404);
    expect((await server.request(ACME, { method: 'GET', url: `${CASE}/complaints/${caseId}/audit/verify` })).statusCode).toBe(401);
    // The refused calls wrote nothing into the case's chain.
    expect((await chainOf(caseId)).map((e) => e.action)).toEqual(['complaint.file']);
  });
  // Last: the workspace's chain of list reads stays broken for every case after it.
  it('detects a list read or the set of cases it names changed in the database', async () => {
    const caseId = await fileCase();
    await ok('GET', '/complaints', member.token);
    expect((await ok('GET', `/complaints/${caseId}/audit/verify`, presiding.token)).listReads.ok).toBe(true);
    await asInsider(`UPDATE complaint_list_sets SET complaint_ids = array_remove(complaint_ids, $2::uuid) WHERE workspace_id = $1 AND $2::uuid = ANY(complaint_ids)`, [acmeId, caseId]);
    const verdict = await ok('GET', `/complaints/${caseId}/audit/verify`, presiding.token);
    expect(verdict).toMatchObject({ ok: false, brokenAt: null, listReads: { ok: false } });
    expect(verdict.listReads.brokenAt).toBeGreaterThan(0);
  });
});
