import { meetingForm } from '../../src/domain/workflows/workflow-rules';
import type { Database } from '../platform/db/database';
import type { DemoWorkspace } from './demo.seed';

/** Demo workflow for the case API: "POSH redressal" with a draft version 1 (a meeting, then an action). */
export async function seedCase(db: Database, ws: DemoWorkspace): Promise<void> {
  await db.tenant(ws.id, async (tx) => {
    const [workflow] = await tx.query<{ id: string }>(
      `INSERT INTO workflows (workspace_id, name, description, default_to_workspace, created_by)
       VALUES ($1, 'POSH redressal', $2, true, $3) RETURNING id`,
      [
        ws.id,
        'Inquiry into a complaint of sexual harassment by the Internal Committee under the POSH Act 2013 and its Rules: ' +
          'the respondent gets a copy within 7 working days, and the inquiry completes within 90 days.',
        ws.adminId || null,
      ],
    );
    await tx.query(`INSERT INTO workflow_branches (workspace_id, workflow_id, branch_id) VALUES ($1, $2, $3), ($1, $2, $4)`, [
      ws.id,
      workflow.id,
      ws.branches.hq,
      ws.branches.second,
    ]);
    const [version] = await tx.query<{ id: string }>(
      `INSERT INTO workflow_versions (workspace_id, workflow_id, version_number, name, description, branch_ids, default_to_workspace, created_by)
       VALUES ($1, $2, 1, 'Inquiry under the POSH Act', 'First draft of the inquiry process', $3::uuid[], true, $4) RETURNING id`,
      [ws.id, workflow.id, [ws.branches.hq, ws.branches.second], ws.adminId || null],
    );
    await tx.query(
      `INSERT INTO workflow_steps (workspace_id, version_id, position, kind, name, description, settings) VALUES
         ($1, $2, 1, 'MEETING', 'Preliminary hearing', 'The Internal Committee meets the complainant (quorum: 3 members including the presiding officer).', $3::jsonb),
         ($1, $2, 2, 'ACTION', 'Inform respondent', 'Send the respondent a copy of the complaint within 7 working days.', $4::jsonb)`,
      [
        ws.id,
        version.id,
        JSON.stringify({ meetingFields: meetingForm(['MINUTES', 'OUTCOME']) }),
        JSON.stringify({ actionTypes: ['INFORM_RESPONDENT'], party: null }),
      ],
    );
  });
}
