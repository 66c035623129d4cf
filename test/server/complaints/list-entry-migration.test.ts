import { describe, expect, it } from 'vitest';
import { migrate } from '../../../server/platform/db/migrate';
import { seedDemo } from '../../../server/seed/demo.seed';
import { DATABASES, openEmptyDatabase, testPasswords } from '../support/test-app';

describe.each(DATABASES)('migration 0049 (the case list entry) on %s', (kind) => {
  it('gives the cases filed before it their list entry: summary text with the next step, and the clocks’ inputs', async () => {
    const db = await openEmptyDatabase(kind);
    try {
      await migrate(db, { until: '0048_complaint_list_sets.sql' });
      await seedDemo(db, testPasswords, 'localhost', [], { learning: false, caseStory: false });
      const [{ ws, filer }] = await db.query<{ ws: string; filer: string }>(
        `SELECT w.id AS ws, u.id AS filer FROM workspaces w JOIN users u ON u.workspace_id = w.id AND u.email = 'employee@acme.test' WHERE w.slug = 'acme'`,
      );
      const [version] = await db.query<{ id: string; workflow_id: string }>(
        `SELECT id, workflow_id FROM workflow_versions WHERE workspace_id = $1 ORDER BY created_at LIMIT 1`,
        [ws],
      );
      const steps = await db.query<{ id: string; name: string }>(
        `SELECT id, name FROM workflow_steps WHERE workspace_id = $1 AND version_id = $2 ORDER BY position`,
        [ws, version.id],
      );
      expect(steps.length).toBeGreaterThanOrEqual(2);
      const cases = await db.system(async (tx) => {
        const [committee] = await tx.query<{ id: string }>(
          `INSERT INTO committees (workspace_id, name, term_start, term_end) VALUES ($1, 'Internal Committee', '2026-01-01', '2028-12-31') RETURNING id`,
          [ws],
        );
        const file = (caseNumber: number, copySent: string | null) =>
          tx.query<{ id: string }>(
            `INSERT INTO complaints (workspace_id, case_number, compliance, committee_id, workflow_id, version_id, filed_by, complainant_name, complainant_email,
                                     respondent_name, incident_details, incident_on, received_on, timeliness, respondent_copy_sent_on)
             VALUES ($1, $2, 'IN_POSH', $3, $4, $5, $6, 'Esha', 'employee@acme.test', 'R', 'What happened', '2026-10-25', '2026-11-02', 'ON_TIME', $7) RETURNING id`,
            [ws, caseNumber, committee.id, version.workflow_id, version.id, filer, copySent],
          );
        const [open] = await file(7, '2026-11-05');
        const [closed] = await file(1200, null);
        await tx.query(
          `INSERT INTO complaint_step_completions (workspace_id, complaint_id, step_id, completed_by) VALUES ($1, $2, $3, $4)`,
          [ws, open.id, steps[0].id, filer],
        );
        await tx.query(
          `UPDATE complaints SET status = 'CLOSED', outcome = 'UPHELD', outcome_summary = 'Upheld', closed_at = now() WHERE workspace_id = $1 AND id = $2`,
          [ws, closed.id],
        );
        return { open: open.id, closed: closed.id };
      });

      await migrate(db);

      const rows = await db.query<{ id: string; list_head: string; list_clock: string }>(
        `SELECT id, list_head, list_clock FROM complaints WHERE workspace_id = $1`,
        [ws],
      );
      const entry = (id: string) => rows.find((r) => r.id === id)!;
      expect(JSON.parse(`${entry(cases.open).list_head}}`)).toEqual({
        complaintId: cases.open,
        caseNumber: 'C-0007',
        status: 'OPEN',
        receivedOn: '2026-11-02',
        timeliness: 'ON_TIME',
        nextStep: steps[1].name,
        outcome: null,
      });
      // Migration 0062 ends it with the status and whether a respondent is identified.
      expect(entry(cases.open).list_clock).toBe('IN_POSH|2026-11-02|2026-11-05|||||||||OPEN|1');
      expect(JSON.parse(`${entry(cases.closed).list_head}}`)).toMatchObject({
        caseNumber: 'C-1200',
        status: 'CLOSED',
        nextStep: null,
        outcome: 'UPHELD',
      });
      expect(entry(cases.closed).list_clock).toBe('IN_POSH|2026-11-02||||||||||CLOSED|1');
    } finally {
      await db.close();
    }
  });
});
