import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyListReadChain } from '../../../server/case/complaints/case-log.repository';
import { recordListRead } from '../../../server/case/complaints/case-jobs';
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

/** What a tampered workspace's check answers; thrown to roll the insider's change back. */
class Verdict {
  constructor(readonly value: { entries: number; brokenAt: number | null }) {}
}

// The list reads' chain with lines naming the cases by the digest of their ids (migration 0183, docs/case.md "The
// access log's hash chain"): an insider with the owner's rights, past the append-only triggers, deletes, edits or
// reorders reads, and the check finds it.
describe.each(DATABASES)('the list reads chain (cases named by digest) on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let presiding: BuiltUser;
  let member: BuiltUser;
  let cases: string[];

  const list = async (user: BuiltUser) => {
    const res = await server.request(ws.host, { method: 'GET', url: `${CASE}/complaints`, token: user.token });
    expect(res.statusCode, res.body).toBe(200);
  };
  const reads = () =>
    server.db.system((tx) =>
      tx.query<{ seq: string; set_id: string | null; line_format: number; own: boolean }>(
        `SELECT seq, set_id, line_format, complaint_ids IS NOT NULL AS own FROM complaint_list_reads WHERE workspace_id = $1 ORDER BY seq`,
        [ws.id],
      ),
    );
  /** The check after an insider's change, made in a transaction rolled back after it (each attack on the intact chain). */
  const checkAfter = async (...statements: string[]) => {
    try {
      await server.db.system(async (tx) => {
        await tx.query(`ALTER TABLE complaint_list_reads DISABLE TRIGGER complaint_list_reads_append_only`);
        await tx.query(`ALTER TABLE complaint_list_sets DISABLE TRIGGER complaint_list_sets_append_only`);
        for (const statement of statements) await tx.query(statement, [ws.id]);
        throw new Verdict(await verifyListReadChain(tx, ws.id));
      });
    } catch (error) {
      if (error instanceof Verdict) return error.value;
      throw error;
    }
    throw new Error('not rolled back');
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    const complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    const committee = await buildCommittee(server, ws);
    presiding = committee.presiding;
    member = committee.members[0];
    await buildPublishedWorkflow(server, ws, { name: 'List chain test' });
    cases = [await buildComplaint(server, ws, complainant), await buildComplaint(server, ws, complainant)];
    // Reads 1-2 of one set, 3 with its own ids (the service's own record: recordListRead), 4-6 of the set again.
    await list(member);
    await list(presiding);
    await server.db.tenant(ws.id, (tx) =>
      recordListRead(tx, { ws: ws.id, complaintIds: cases, actorUserId: member.id, ip: '198.51.100.7' }),
    );
    await list(member);
    await list(presiding);
    await list(member);
  });
  afterAll(async () => server?.close());

  it('writes every read in the new format, one chain the check passes', async () => {
    const rows = await reads();
    expect(rows.map((r) => [Number(r.seq), r.line_format, r.own])).toEqual([
      [1, 2, false],
      [2, 2, false],
      [3, 2, true],
      [4, 2, false],
      [5, 2, false],
      [6, 2, false],
    ]);
    expect(new Set(rows.filter((r) => !r.own).map((r) => r.set_id)).size).toBe(1);
    expect(await server.db.tenant(ws.id, (tx) => verifyListReadChain(tx, ws.id))).toEqual({
      entries: 6,
      head: expect.stringMatching(/^[0-9a-f]{64}$/),
      brokenAt: null,
    });
    // The set keeps the digest of its ids, computed by the database whatever the insert gave.
    const [set] = await server.db.system((tx) =>
      tx.query<{ same: boolean }>(
        `SELECT ids_sha256 = sha256(convert_to(array_to_string(complaint_ids, ','), 'UTF8')) AS same FROM complaint_list_sets WHERE workspace_id = $1`,
        [ws.id],
      ),
    );
    expect(set?.same).toBe(true);
  });

  it('finds a read deleted from the middle of the chain', async () => {
    expect(await checkAfter(`DELETE FROM complaint_list_reads WHERE workspace_id = $1 AND seq = 4`)).toMatchObject({
      entries: 5,
      brokenAt: 5,
    });
  });

  it("finds a read's own ids edited", async () => {
    expect(
      await checkAfter(
        `UPDATE complaint_list_reads SET complaint_ids = complaint_ids[1:1] WHERE workspace_id = $1 AND seq = 3`,
      ),
    ).toMatchObject({ entries: 6, brokenAt: 3 });
  });

  it("finds a set's ids edited, even with the digest it keeps recomputed to match", async () => {
    expect(
      await checkAfter(
        `UPDATE complaint_list_sets SET complaint_ids = complaint_ids[1:1] WHERE workspace_id = $1`,
        `UPDATE complaint_list_sets SET ids_sha256 = sha256(convert_to(array_to_string(complaint_ids, ','), 'UTF8')) WHERE workspace_id = $1`,
      ),
    ).toMatchObject({ entries: 6, brokenAt: 1 });
  });

  it('finds two reads swapped in the chain', async () => {
    expect(
      await checkAfter(
        `UPDATE complaint_list_reads SET seq = -5 WHERE workspace_id = $1 AND seq = 5`,
        `UPDATE complaint_list_reads SET seq = 5 WHERE workspace_id = $1 AND seq = 2`,
        `UPDATE complaint_list_reads SET seq = 2 WHERE workspace_id = $1 AND seq = -5`,
      ),
    ).toMatchObject({ entries: 6, brokenAt: 2 });
  });

  it("finds a read's reader changed, or its line turned back into the old format", async () => {
    expect(
      await checkAfter(`UPDATE complaint_list_reads SET actor_user_id = NULL WHERE workspace_id = $1 AND seq = 4`),
    ).toMatchObject({ brokenAt: 4 });
    expect(
      await checkAfter(`UPDATE complaint_list_reads SET line_format = 1 WHERE workspace_id = $1 AND seq = 6`),
    ).toMatchObject({ brokenAt: 6 });
  });

  it('chains reads made at the same moment one after another, without a fork', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => list(i % 2 ? member : presiding)));
    const rows = await reads();
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(await server.db.tenant(ws.id, (tx) => verifyListReadChain(tx, ws.id))).toMatchObject({
      entries: 18,
      brokenAt: null,
    });
  });

  // Last: the workspace's chain stays broken after it.
  it('answers a deleted read in the verify call of a case the read listed', async () => {
    await server.db.system(async (tx) => {
      await tx.query(`ALTER TABLE complaint_list_reads DISABLE TRIGGER complaint_list_reads_append_only`);
      await tx.query(`DELETE FROM complaint_list_reads WHERE workspace_id = $1 AND seq = 7`, [ws.id]);
      await tx.query(`ALTER TABLE complaint_list_reads ENABLE TRIGGER complaint_list_reads_append_only`);
    });
    const res = await server.request(ws.host, {
      method: 'GET',
      url: `${CASE}/complaints/${cases[0]}/audit/verify`,
      token: presiding.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, listReads: { ok: false, brokenAt: 8 } });
  });
});
