import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../server/case/complaints/case-log.service';
import { caseLogChain, verifyListReadChain } from '../../../server/case/complaints/case-log.repository';
import { migrate } from '../../../server/platform/db/migrate';
import { seedDemo } from '../../../server/seed/demo.seed';
import { verifyChain } from '../../../src/domain/complaints/audit-chain';
import { DATABASES, openEmptyDatabase, testPasswords } from '../support/test-app';

describe.each(DATABASES)('migration 0071 (the access log hash chain) on %s', (kind) => {
  it('chains the events and list reads written before it, in the order they were written', async () => {
    const db = await openEmptyDatabase(kind);
    try {
      // Every migration before this one (whatever their numbers), then rows as the app wrote them.
      await migrate(db, { until: '0071' });
      await seedDemo(db, testPasswords, 'localhost', [], { learning: false, caseStory: false });
      const [{ ws, filer }] = await db.query<{ ws: string; filer: string }>(
        `SELECT w.id AS ws, u.id AS filer FROM workspaces w JOIN users u ON u.workspace_id = w.id AND u.email = 'employee@acme.test' WHERE w.slug = 'acme'`,
      );
      const [version] = await db.query<{ id: string; workflow_id: string }>(
        `SELECT id, workflow_id FROM workflow_versions WHERE workspace_id = $1 ORDER BY created_at LIMIT 1`,
        [ws],
      );
      const cases = await db.system(async (tx) => {
        const [committee] = await tx.query<{ id: string }>(
          `INSERT INTO committees (workspace_id, name, term_start, term_end) VALUES ($1, 'Internal Committee', '2026-01-01', '2028-12-31') RETURNING id`,
          [ws],
        );
        const file = async (caseNumber: number) =>
          (
            await tx.query<{ id: string }>(
              `INSERT INTO complaints (workspace_id, case_number, compliance, committee_id, workflow_id, version_id, filed_by, complainant_name, complainant_email,
                                       respondent_name, incident_details, incident_on, received_on, timeliness)
               VALUES ($1, $2, 'IN_POSH', $3, $4, $5, $6, 'Esha', 'employee@acme.test', 'R', 'What happened', '2026-10-25', '2026-11-02', 'ON_TIME') RETURNING id`,
              [ws, caseNumber, committee.id, version.workflow_id, version.id, filer],
            )
          )[0].id;
        const first = await file(1);
        const second = await file(2);
        // Written out of id order: the chain follows the time they were written (at), then the id.
        const event = (complaintId: string, action: string, at: string) =>
          tx.query(
            `INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action, ip, details, at) VALUES ($1, $2, $3, $4, '198.51.100.4', '{"k": "v"}', $5)`,
            [ws, complaintId, filer, action, at],
          );
        await event(first, 'complaint.read', '2026-11-03T10:00:00Z');
        await event(first, 'complaint.file', '2026-11-02T09:00:00Z');
        await event(second, 'complaint.file', '2026-11-02T09:30:00Z');
        await event(first, 'message.post', '2026-11-04T10:00:00Z');
        const [set] = await tx.query<{ id: string }>(
          `INSERT INTO complaint_list_sets (workspace_id, digest, complaint_ids) VALUES ($1, 1, $2::uuid[]) RETURNING id`,
          [ws, [first, second]],
        );
        await tx.query(
          `INSERT INTO complaint_list_reads (workspace_id, actor_user_id, set_id, at) VALUES ($1, $2, $3, '2026-11-05T10:00:00Z')`,
          [ws, filer, set.id],
        );
        await tx.query(
          `INSERT INTO complaint_list_reads (workspace_id, actor_user_id, complaint_ids, at) VALUES ($1, $2, $3::uuid[], '2026-11-04T10:00:00Z')`,
          [ws, filer, [first]],
        );
        return { first, second };
      });

      await migrate(db);

      await db.tenant(ws, async (tx) => {
        const first = await caseLogChain(tx, ws, cases.first);
        expect(first.map((e) => [e.seq, e.action])).toEqual([
          [1, 'complaint.file'],
          [2, 'complaint.read'],
          [3, 'message.post'],
        ]);
        expect(verifyChain(first, sha256Hex, { complaintId: cases.first })).toMatchObject({
          ok: true,
          entries: 3,
          head: first[2].hash,
        });
        const second = await caseLogChain(tx, ws, cases.second);
        expect(second.map((e) => [e.seq, e.prevHash])).toEqual([[1, null]]);
        expect(verifyChain(second, sha256Hex, { complaintId: cases.second })).toMatchObject({ ok: true, entries: 1 });
        expect(await verifyListReadChain(tx, ws)).toMatchObject({ entries: 2, brokenAt: null });
        const reads = await tx.query<{ seq: number; set_id: string | null }>(
          `SELECT seq, set_id FROM complaint_list_reads WHERE workspace_id = $1 ORDER BY seq`,
          [ws],
        );
        expect(reads.map((r) => [Number(r.seq), r.set_id === null])).toEqual([
          [1, true],
          [2, false],
        ]);
        // The events written after the migration continue each chain.
        await tx.query(
          `INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action) VALUES ($1, $2, NULL, 'complaint.read')`,
          [ws, cases.first],
        );
        const after = await caseLogChain(tx, ws, cases.first);
        expect(after[3]).toMatchObject({ seq: 4, prevHash: first[2].hash });
        expect(verifyChain(after, sha256Hex)).toMatchObject({ ok: true, entries: 4 });
      });
    } finally {
      await db.close();
    }
  });
});
