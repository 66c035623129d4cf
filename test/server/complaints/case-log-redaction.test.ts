import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../server/case/complaints/case-log.service';
import { checkCaseLog } from '../../../server/case/complaints/case-log-file';
import { caseLogChain } from '../../../server/case/complaints/case-log.repository';
import { migrate } from '../../../server/platform/db/migrate';
import { seedDemo } from '../../../server/seed/demo.seed';
import { CASE_LOG_FORMAT, verifyChain, type CaseLogFile } from '../../../src/domain/complaints/audit-chain';
import { DATABASES, openEmptyDatabase, testPasswords } from '../support/test-app';

/**
 * Migration 0076 (docs/case.md "The access log's hash chain": redaction): entries written before evidence names were
 * sealed carry a file's name in clear. The attack is reading them in the access log or the exported case file; the
 * removal must not break the chain, and must itself be recorded.
 */
describe.each(DATABASES)('migration 0076 (evidence names out of the access log) on %s', (kind) => {
  it('removes the names, keeps every hash and link, and records the redaction as a chained entry', async () => {
    const db = await openEmptyDatabase(kind);
    try {
      await migrate(db, { until: '0076' });
      await seedDemo(db, testPasswords, 'localhost', [], { learning: false, caseStory: false });
      const [{ ws, filer }] = await db.query<{ ws: string; filer: string }>(
        `SELECT w.id AS ws, u.id AS filer FROM workspaces w JOIN users u ON u.workspace_id = w.id AND u.email = 'employee@acme.test' WHERE w.slug = 'acme'`,
      );
      const [version] = await db.query<{ id: string; workflow_id: string }>(
        `SELECT id, workflow_id FROM workflow_versions WHERE workspace_id = $1 ORDER BY created_at LIMIT 1`,
        [ws],
      );
      const complaintId = await db.system(async (tx) => {
        const [committee] = await tx.query<{ id: string }>(
          `INSERT INTO committees (workspace_id, name, term_start, term_end) VALUES ($1, 'Internal Committee', '2026-01-01', '2028-12-31') RETURNING id`,
          [ws],
        );
        const [c] = await tx.query<{ id: string }>(
          `INSERT INTO complaints (workspace_id, case_number, compliance, committee_id, workflow_id, version_id, filed_by, complainant_name, complainant_email,
                                   respondent_name, incident_details, incident_on, received_on, timeliness)
           VALUES ($1, 1, 'IN_POSH', $2, $3, $4, $5, 'Esha', 'employee@acme.test', 'R', 'What happened', '2026-10-25', '2026-11-02', 'ON_TIME') RETURNING id`,
          [ws, committee.id, version.workflow_id, version.id, filer],
        );
        const event = (action: string, details: object) =>
          tx.query(
            `INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action, ip, details) VALUES ($1, $2, $3, $4, '198.51.100.4', $5)`,
            [ws, c.id, action === 'evidence.add' ? null : filer, action, JSON.stringify(details)],
          );
        // The shapes the app wrote before names were sealed.
        await event('complaint.file', { caseNumber: 'C-0001' });
        await event('evidence.add', { fileId: 'f-1', fileName: 'photo of Ravi at the offsite.jpg', by: 'RECEIPT' });
        await event('evidence.download', { fileId: 'f-1', fileName: 'photo of Ravi at the offsite.jpg' });
        await event('evidence.download', { fileId: 'f-2' });
        return c.id;
      });
      // The log as the schema before 0076 reads it.
      const before = await db.query<{ details: string; hash: string; line: string }>(
        `SELECT a.details::text AS details, encode(a.hash, 'hex') AS hash, complaint_audit_line(a) AS line FROM complaint_audit_events a WHERE a.complaint_id = $1 ORDER BY a.seq`,
        [complaintId],
      );
      expect(before.map((e) => e.details).join()).toContain('photo of Ravi');

      await migrate(db);

      await db.tenant(ws, async (tx) => {
        const rows = await tx.query<{ seq: number; action: string; details: Record<string, unknown>; hash: string }>(
          `SELECT seq, action, details, encode(hash, 'hex') AS hash FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 ORDER BY seq`,
          [ws, complaintId],
        );
        // No name is left anywhere in the log.
        expect(JSON.stringify(rows)).not.toContain('photo of Ravi');
        expect(rows[1].details).toEqual({ fileId: 'f-1', by: 'RECEIPT', redacted: ['fileName'] });
        expect(rows[2].details).toEqual({ fileId: 'f-1', redacted: ['fileName'] });
        expect(rows[3].details).toEqual({ fileId: 'f-2' });
        // Every hash and link as it was, and the redaction chained after them, naming the entries and their kept hashes.
        expect(rows.slice(0, 4).map((r) => r.hash)).toEqual(before.map((e) => e.hash));
        expect(rows[4]).toMatchObject({ seq: 5, action: 'log.redact' });
        expect(rows[4].details).toMatchObject({
          fields: ['fileName'],
          entries: [
            { seq: 2, detailsSha256: sha256Hex(new TextEncoder().encode(before[1].details)) },
            { seq: 3, detailsSha256: sha256Hex(new TextEncoder().encode(before[2].details)) },
          ],
        });
        const after = await caseLogChain(tx, ws, complaintId);
        expect(after.map((e) => e.details === null)).toEqual([false, true, true, false, false]);
        expect(verifyChain(after, sha256Hex, { complaintId })).toMatchObject({
          ok: true,
          entries: 5,
          head: after[4].hash,
        });
        // The app cannot pass new details off as hashed ones: a kept hash given on insert is dropped.
        await tx.query(
          `INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action, details, details_sha256) VALUES ($1, $2, NULL, 'complaint.read', '{}', $3)`,
          [ws, complaintId, Buffer.from(before[1].line)],
        );
        const [last] = await tx.query<{ kept: boolean }>(
          `SELECT details_sha256 IS NOT NULL AS kept FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 AND seq = 6`,
          [ws, complaintId],
        );
        expect(last.kept).toBe(false);
        expect(verifyChain(await caseLogChain(tx, ws, complaintId), sha256Hex)).toMatchObject({ ok: true, entries: 6 });
      });

      // The case file's log, as an export writes it: the listed redactions pass the command's check.
      const file = async (): Promise<CaseLogFile> => {
        const entries = await db.tenant(ws, (tx) => caseLogChain(tx, ws, complaintId));
        return {
          format: CASE_LOG_FORMAT,
          workspaceId: ws,
          complaintId,
          caseNumber: 'C-0001',
          exportedAt: new Date().toISOString(),
          head: entries[entries.length - 1].hash,
          entries: entries.map((e) => ({ ...e })),
        };
      };
      const listed = await file();
      expect(listed.entries.map((e) => e.redacted === true)).toEqual([false, true, true, false, false, false]);
      expect(checkCaseLog(listed)).toMatchObject({ ok: true });

      // The attack: the database's owner rewrites an entry's details and keeps their old hash, as a redaction does,
      // but no log.redact lists it. The verify call's check and the command both name the entry.
      await db.system(async (tx) => {
        await tx.query(`ALTER TABLE complaint_audit_events DISABLE TRIGGER complaint_audit_events_append_only`);
        await tx.query(
          `UPDATE complaint_audit_events SET details_sha256 = sha256(convert_to(details::text, 'UTF8')), details = '{"fileId": "f-9"}'
            WHERE workspace_id = $1 AND complaint_id = $2 AND seq = 4`,
          [ws, complaintId],
        );
        await tx.query(`ALTER TABLE complaint_audit_events ENABLE TRIGGER complaint_audit_events_append_only`);
      });
      const rewritten = await db.tenant(ws, (tx) => caseLogChain(tx, ws, complaintId));
      expect(verifyChain(rewritten, sha256Hex, { complaintId })).toMatchObject({
        ok: false,
        brokenAt: { seq: 4, action: 'evidence.download', problem: 'REDACTION_UNLISTED' },
      });
      const unlisted = checkCaseLog(await file());
      expect(unlisted.ok).toBe(false);
      expect(unlisted.message).toMatch(
        /entry 4 \(evidence\.download at .*\) was redacted, and no later log\.redact entry lists it/,
      );
    } finally {
      await db.close();
    }
  });
});
