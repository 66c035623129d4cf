import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCaseLog, readCaseLogFile } from '../../../server/case/complaints/case-log-file';
import { caseAudit } from '../../../server/case/complaints/complaints.repository';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildComplaint,
  buildPublishedWorkflow,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const CASE = '/case-api/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const pdfText = async (bytes: Buffer) =>
  (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, ' ');

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
  /** The workspace the cases are filed in, and another one. */
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let wsId: string;
  let admin: string;
  let complainant: BuiltUser;
  let presiding: BuiltUser;
  let member: BuiltUser;
  let n = 0;

  const call = (method: Method, url: string, token: string, payload?: object, host = ws.host) =>
    server.request(host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const fileCase = async (): Promise<string> => {
    n += 1;
    return buildComplaint(server, ws, complainant, { details: `Remarks in meetings, case ${n}.` });
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
        [wsId, caseId],
      ),
    );

  beforeAll(async () => {
    // This file files more than a member's daily limit as one complainant (docs/case.md "Filing limits").
    server = await startTestServer(kind, { complaintsPerDay: 100 });
    // Its own workspace, people, committee and published process (test/server/support/factories.ts).
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    wsId = ws.id;
    admin = ws.admin.token;
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    const committee = await buildCommittee(server, ws);
    presiding = committee.presiding;
    member = committee.members[0];
    await buildPublishedWorkflow(server, ws, { name: 'Chain test' });
  });
  afterAll(async () => server?.close());

  it('chains the events every path writes into one unbroken chain, which the export carries and the command verifies', async () => {
    const caseId = await fileCase();
    await ok('GET', `/complaints/${caseId}`, presiding.token);
    await ok('POST', `/complaints/${caseId}/messages`, presiding.token, {
      audience: 'COMPLAINANT',
      body: 'We have received your complaint.',
    });
    const secret = (
      await ok('POST', `/complaints/${caseId}/messages`, presiding.token, {
        audience: 'COMMITTEE',
        body: 'Internal: the witness lives at Lotus Lane 12.',
      })
    ).messageId;
    await ok('GET', `/complaints/${caseId}/deadlines`, member.token);
    await ok('GET', '/complaints', member.token);
    await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
    // A path of its own (the jobs' and the reporter's write through the same table): straight through the repository.
    await server.db.tenant(wsId, (tx) =>
      caseAudit(tx, {
        ws: wsId,
        complaintId: caseId,
        actorUserId: null,
        action: 'complaint.status-update',
        ip: null,
        details: { note: 'ünïcødé ✓' },
      }),
    );

    const chain = await chainOf(caseId);
    expect(chain.map((e) => e.action)).toEqual([
      'complaint.file',
      'complaint.read',
      'message.post',
      'message.post',
      'complaint.deadlines',
      'complaint.audit.read',
      'complaint.status-update',
    ]);
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
    const res = await call('POST', `/complaints/${caseId}/export`, presiding.token, {
      purpose: 'APPEAL',
      redactItems: [secret],
    });
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
    const noParties = await pdfText(
      (
        await call('POST', `/complaints/${caseId}/export`, presiding.token, {
          purpose: 'APPEAL',
          redactSections: ['PARTIES'],
        })
      ).rawPayload,
    );
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
    await asInsider(
      `UPDATE complaint_audit_events SET actor_user_id = $3 WHERE workspace_id = $1 AND complaint_id = $2 AND seq = 2`,
      [wsId, changed, member.id],
    );
    const verdict = await ok('GET', `/complaints/${changed}/audit/verify`, presiding.token);
    expect(verdict).toMatchObject({ ok: false, brokenAt: { seq: 2, action: 'complaint.read', problem: 'CHANGED' } });
    const pdf = (await call('POST', `/complaints/${changed}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' }))
      .rawPayload;
    expect(checkCaseLog(await readCaseLogFile(pdf))).toMatchObject({
      ok: false,
      message: expect.stringContaining('entry 2 (complaint.read'),
    });

    const details = await fileCase();
    await ok('POST', `/complaints/${details}/messages`, presiding.token, { audience: 'COMPLAINANT', body: 'Noted.' });
    await asInsider(
      `UPDATE complaint_audit_events SET details = '{"audience":"RESPONDENT"}' WHERE workspace_id = $1 AND complaint_id = $2 AND seq = 2`,
      [wsId, details],
    );
    expect(await ok('GET', `/complaints/${details}/audit/verify`, presiding.token)).toMatchObject({
      ok: false,
      brokenAt: { seq: 2, problem: 'CHANGED' },
    });

    const removed = await fileCase();
    await ok('GET', `/complaints/${removed}`, presiding.token);
    await ok('GET', `/complaints/${removed}/deadlines`, presiding.token);
    await asInsider(`DELETE FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 AND seq = 2`, [
      wsId,
      removed,
    ]);
    expect(await ok('GET', `/complaints/${removed}/audit/verify`, presiding.token)).toMatchObject({
      ok: false,
      brokenAt: { seq: 3, action: 'complaint.deadlines', problem: 'OUT_OF_PLACE' },
    });
    const removedPdf = (
      await call('POST', `/complaints/${removed}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' })
    ).rawPayload;
    expect(checkCaseLog(await readCaseLogFile(removedPdf)).ok).toBe(false);

    // The head of an earlier export anchors the chain: cutting its last entries off shows against it.
    const cut = await fileCase();
    await ok('GET', `/complaints/${cut}`, presiding.token);
    const earlier = await readCaseLogFile(
      (await call('POST', `/complaints/${cut}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' })).rawPayload,
    );
    await asInsider(`DELETE FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 AND seq >= 2`, [
      wsId,
      cut,
    ]);
    const later = await readCaseLogFile(
      (await call('POST', `/complaints/${cut}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' })).rawPayload,
    );
    expect(later.entries.some((e) => e.hash === earlier.head)).toBe(false);
  });

  it('does not fork the chain when many events of one case are written at once', async () => {
    const caseId = await fileCase();
    await Promise.all([
      ...Array.from({ length: 8 }, () => ok('GET', `/complaints/${caseId}`, presiding.token)),
      ...Array.from({ length: 8 }, (_, i) =>
        server.db.tenant(wsId, (tx) =>
          caseAudit(tx, {
            ws: wsId,
            complaintId: caseId,
            actorUserId: null,
            action: 'complaint.status-update',
            ip: null,
            details: { i },
          }),
        ),
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
    expect(
      (await call('GET', `/complaints/${caseId}/audit/verify`, other.admin.token, undefined, other.host)).statusCode,
    ).toBe(404);
    expect(
      (await server.request(ws.host, { method: 'GET', url: `${CASE}/complaints/${caseId}/audit/verify` })).statusCode,
    ).toBe(401);
    // Each refusal on this workspace's case is in its chain, for the presiding officer to see; another workspace's
    // call reaches no case of it (docs/case.md "Attempts refused at the door").
    expect((await chainOf(caseId)).map((e) => e.action)).toEqual([
      'complaint.file',
      'complaint.access.refused',
      'complaint.access.refused',
      'complaint.access.refused',
    ]);
  });
  // Last: the workspace's chain of list reads stays broken for every case after it.
  it('detects a list read or the set of cases it names changed in the database', async () => {
    const caseId = await fileCase();
    await ok('GET', '/complaints', member.token);
    expect((await ok('GET', `/complaints/${caseId}/audit/verify`, presiding.token)).listReads.ok).toBe(true);
    await asInsider(
      `UPDATE complaint_list_sets SET complaint_ids = array_remove(complaint_ids, $2::uuid) WHERE workspace_id = $1 AND $2::uuid = ANY(complaint_ids)`,
      [wsId, caseId],
    );
    const verdict = await ok('GET', `/complaints/${caseId}/audit/verify`, presiding.token);
    expect(verdict).toMatchObject({ ok: false, brokenAt: null, listReads: { ok: false } });
    expect(verdict.listReads.brokenAt).toBeGreaterThan(0);
  });
});
