import {
  STATUTORY_PROCESSES,
  statutoryProcessKind,
  type StatutoryProcessKind,
} from '../../../src/domain/workflows/statutory-processes';
import type { Database, Sql } from '../../platform/db/database';
import { answer } from '../../platform/refusal';
import { BuilderService } from '../builder/builder.service';
import { WorkflowService, type Actor } from './workflows.service';

/** The ISO codes of the jurisdictions the workspace declares (`workspace_jurisdictions`). */
export async function declaredJurisdictions(tx: Sql, workspaceId: string): Promise<string[]> {
  const rows = await tx.query<{ code: string }>(
    `SELECT j.code FROM workspace_jurisdictions wj JOIN jurisdictions j ON j.id = wj.jurisdiction_id WHERE wj.workspace_id = $1 ORDER BY j.code`,
    [workspaceId],
  );
  return rows.map((r) => r.code);
}

export interface ProvisionedProcess {
  kind: StatutoryProcessKind;
  workflowId: string;
  workflowVersionId: string;
}

/**
 * Gives a workspace its jurisdiction's statutory complaint process, published as version 1 (docs/case.md "Statutory
 * processes"), through the builder's own services: the same checks, the same audit events (actor: none, the product).
 * Runs after the transaction that created the workspace committed (each service call is its own tenant transaction).
 * A workspace that already has a workflow is left as it is (null), so running it twice gives one process.
 */
export async function provisionStatutoryProcess(
  db: Database,
  workspaceId: string,
  options: { ip?: string | null; kind?: StatutoryProcessKind } = {},
): Promise<ProvisionedProcess | null> {
  const { kind, existing } = await db.tenant(workspaceId, async (tx) => {
    const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM workflows WHERE workspace_id = $1`, [
      workspaceId,
    ]);
    const found = options.kind ?? statutoryProcessKind(await declaredJurisdictions(tx, workspaceId));
    const process = STATUTORY_PROCESSES[found];
    if (row.n === 0 && process.compliance) {
      // The case regime follows the process (its clocks are the regime's); holidays are left as set.
      await tx.query(
        `INSERT INTO complaint_settings (workspace_id, compliance) VALUES ($1, $2)
         ON CONFLICT (workspace_id) DO UPDATE SET compliance = EXCLUDED.compliance`,
        [workspaceId, process.compliance],
      );
    }
    return { kind: found, existing: row.n };
  });
  if (existing > 0) return null;
  const process = STATUTORY_PROCESSES[kind];
  const actor: Actor = { workspaceId, userId: null, ip: options.ip ?? null };
  const workflows = new WorkflowService(db);
  const builder = new BuilderService(db);
  const workflow = answer(
    await workflows.createWorkflow(actor, {
      workflowName: process.workflowName,
      workflowDescription: process.workflowDescription,
      branchIdList: [],
      defaultToWorkspace: true,
    }),
  );
  const version = answer(
    await workflows.createVersion(actor, workflow.workflowId, {
      name: process.versionName,
      description: process.versionDescription,
    }),
  );
  for (const stage of process.stages) {
    const added = answer(
      await builder.addStage(actor, version.workflowVersionId, {
        name: stage.name,
        description: stage.description,
      }),
    );
    for (const step of stage.steps) {
      const made = answer(
        await workflows.addStep(
          actor,
          version.workflowVersionId,
          step.kind === 'MEETING'
            ? {
                kind: 'MEETING',
                name: step.name,
                description: step.description,
                meetingFieldList: step.meetingFieldList,
              }
            : {
                kind: 'ACTION',
                name: step.name,
                description: step.description,
                actionTypes: step.actionTypes,
                party: step.party,
              },
        ),
      );
      answer(
        await builder.saveStepSetting(actor, {
          stepId: made.stepId,
          ownerRole: step.ownerRole,
          timeLimit: step.timeLimit,
          stageId: added.stageId,
        }),
      );
    }
  }
  answer(await workflows.publish(actor, workflow.workflowId, version.workflowVersionId));
  return { kind, workflowId: workflow.workflowId, workflowVersionId: version.workflowVersionId };
}
