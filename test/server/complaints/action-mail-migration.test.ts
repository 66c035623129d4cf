import { describe, expect, it } from 'vitest';
import { migrate } from '../../../server/platform/db/migrate';
import { seedDemo } from '../../../server/seed/demo.seed';
import { DATABASES, openEmptyDatabase, testPasswords } from '../support/test-app';

describe.each(DATABASES)('migration 0053 (action mails to the case’s people only) on %s', (kind) => {
  it('drops the cc addresses a workflow designer stored, counts them for the builder, and refuses new ones', async () => {
    const db = await openEmptyDatabase(kind);
    try {
      await migrate(db, { until: '0049_complaint_list_entry.sql' });
      await seedDemo(db, testPasswords, 'localhost', [], { learning: false, caseStory: false });
      const [version] = await db.query<{ ws: string; id: string }>(
        `SELECT v.workspace_id AS ws, v.id FROM workflow_versions v JOIN workspaces w ON w.id = v.workspace_id WHERE w.slug = 'acme' ORDER BY v.created_at LIMIT 1`,
      );
      await db.system((tx) =>
        tx.query(
          `INSERT INTO workflow_action_settings (workspace_id, version_id, action_type, mail_subject, mail_body, cc_emails, include_complaint_copy)
           VALUES ($1, $2, 'INFORM_EMPLOYER', 'Case {{caseNumber}}', 'x', ARRAY['collector@outside.example', 'hr@acme.test'], true),
                  ($1, $2, 'NOTIFY', 'Case {{caseNumber}}', 'y', '{}', false)`,
          [version.ws, version.id],
        ),
      );

      await migrate(db);

      const rows = await db.query<{ action_type: string; cc_emails: string[]; cc_removed_count: number }>(
        `SELECT action_type, cc_emails, cc_removed_count FROM workflow_action_settings WHERE workspace_id = $1 AND version_id = $2 ORDER BY action_type`,
        [version.ws, version.id],
      );
      expect(rows).toEqual([
        { action_type: 'INFORM_EMPLOYER', cc_emails: [], cc_removed_count: 2 },
        { action_type: 'NOTIFY', cc_emails: [], cc_removed_count: 0 },
      ]);
      await expect(
        db.system((tx) =>
          tx.query(
            `UPDATE workflow_action_settings SET cc_emails = ARRAY['collector@outside.example'] WHERE workspace_id = $1 AND version_id = $2`,
            [version.ws, version.id],
          ),
        ),
      ).rejects.toThrow(/workflow_action_settings_no_cc/);
    } finally {
      await db.close();
    }
    // Migrating and seeding an empty database: slow on a loaded machine.
  }, 240_000);
});
