import type {
  WorkflowDetail,
  WorkflowStep,
  WorkflowSummary,
  WorkflowVersionDetail,
  WorkflowVersionSummary,
} from '../../../src/contracts/case/workflows.contract';
import type {
  ActionType,
  MeetingFieldKey,
  Party,
  StepKind,
  VersionStatus,
} from '../../../src/domain/workflows/workflow-rules';
import { meetingForm } from '../../../src/domain/workflows/workflow-rules';
import type { StepOwnerRole, TimeLimit } from '../../../src/domain/workflows/builder-rules';
import type { CustomMeetingField } from '../../../src/contracts/case/builder-schemas';
import type { Sql } from '../../platform/db/database';
import { instantText } from '../../../src/domain/shared/date-time';

/** SQL of the workflow builder. Every function takes the workspace and every query carries `workspace_id = $1`. */

interface WorkflowRow {
  id: string;
  name: string;
  description: string;
  default_to_workspace: boolean;
  created_at: Date;
  updated_at: Date;
  branch_ids: string[];
  published_id: string | null;
  published_number: number | null;
  published_name: string | null;
  draft_count: number;
  version_count: number;
}

export interface VersionRow {
  id: string;
  workflow_id: string;
  version_number: number;
  name: string;
  description: string;
  status: VersionStatus;
  branch_ids: string[];
  default_to_workspace: boolean;
  copied_from_version_id: string | null;
  created_at: Date;
  published_at: Date | null;
  published_by: string | null;
  step_count: number;
}

export interface StepRow {
  id: string;
  version_id: string;
  position: number;
  kind: StepKind;
  name: string;
  description: string;
  settings: StepSettings;
  owner_role: StepOwnerRole | null;
  time_limit: TimeLimit | null;
  stage_id: string | null;
}

export interface StepSettings {
  meetingFields?: { key: MeetingFieldKey; label: string; required: boolean }[];
  actionTypes?: ActionType[];
  party?: Party | null;
  /** MEETING: fields the admin added (server/case/builder). */
  customMeetingFields?: CustomMeetingField[];
}

export const STEP_COLUMNS =
  'id, version_id, position, kind, name, description, settings, owner_role, time_limit, stage_id';

const WORKFLOW_SELECT = `
  SELECT w.id, w.name, w.description, w.default_to_workspace, w.created_at, w.updated_at,
         COALESCE((SELECT array_agg(b.branch_id ORDER BY b.branch_id) FROM workflow_branches b
                    WHERE b.workspace_id = w.workspace_id AND b.workflow_id = w.id), '{}') AS branch_ids,
         p.id AS published_id, p.version_number AS published_number, p.name AS published_name,
         (SELECT count(*)::int FROM workflow_versions d WHERE d.workspace_id = w.workspace_id AND d.workflow_id = w.id AND d.status = 'DRAFT') AS draft_count,
         (SELECT count(*)::int FROM workflow_versions d WHERE d.workspace_id = w.workspace_id AND d.workflow_id = w.id) AS version_count
    FROM workflows w
    LEFT JOIN workflow_versions p ON p.workspace_id = w.workspace_id AND p.workflow_id = w.id AND p.status = 'PUBLISHED'`;

const VERSION_SELECT = `
  SELECT v.id, v.workflow_id, v.version_number, v.name, v.description, v.status, v.branch_ids, v.default_to_workspace,
         v.copied_from_version_id, v.created_at, v.published_at, v.published_by,
         (SELECT count(*)::int FROM workflow_steps s WHERE s.workspace_id = v.workspace_id AND s.version_id = v.id) AS step_count
    FROM workflow_versions v`;

function toSummary(r: WorkflowRow): WorkflowSummary {
  return {
    workflowId: r.id,
    workflowName: r.name,
    workflowDescription: r.description,
    branchIdList: r.branch_ids ?? [],
    defaultToWorkspace: r.default_to_workspace,
    publishedVersion: r.published_id
      ? { workflowVersionId: r.published_id, versionNumber: r.published_number!, name: r.published_name! }
      : null,
    draftCount: r.draft_count,
    versionCount: r.version_count,
    createdAt: instantText(r.created_at),
    updatedAt: instantText(r.updated_at),
  };
}

export function toVersionSummary(r: VersionRow): WorkflowVersionSummary {
  return {
    workflowVersionId: r.id,
    workflowId: r.workflow_id,
    versionNumber: r.version_number,
    name: r.name,
    description: r.description,
    status: r.status,
    branchIdList: r.branch_ids ?? [],
    defaultToWorkspace: r.default_to_workspace,
    copiedFromVersionId: r.copied_from_version_id,
    stepCount: r.step_count,
    createdAt: instantText(r.created_at),
    publishedAt: r.published_at ? instantText(r.published_at) : null,
    publishedBy: r.published_by,
  };
}

export function toStep(r: StepRow, position: number): WorkflowStep {
  const s = r.settings ?? {};
  return {
    stepId: r.id,
    workflowVersionId: r.version_id,
    position,
    kind: r.kind,
    name: r.name,
    description: r.description,
    meetingFieldList: r.kind === 'MEETING' ? (s.meetingFields ?? meetingForm()) : [],
    actionTypes: r.kind === 'ACTION' ? (s.actionTypes ?? []) : [],
    party: r.kind === 'ACTION' ? (s.party ?? null) : null,
    ownerRole: r.owner_role ?? null,
    timeLimit: r.time_limit ?? null,
    stageId: r.stage_id ?? null,
    customMeetingFields: r.kind === 'MEETING' ? (s.customMeetingFields ?? []) : [],
  };
}

export async function listWorkflows(
  tx: Sql,
  workspaceId: string,
  page: number,
  pageSize: number,
): Promise<{ items: WorkflowSummary[]; total: number }> {
  const rows = await tx.query<WorkflowRow>(
    `${WORKFLOW_SELECT} WHERE w.workspace_id = $1 ORDER BY lower(w.name), w.created_at LIMIT $2 OFFSET $3`,
    [workspaceId, pageSize, page * pageSize],
  );
  const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM workflows WHERE workspace_id = $1`, [
    workspaceId,
  ]);
  return { items: rows.map(toSummary), total: n };
}

export async function findWorkflow(tx: Sql, workspaceId: string, workflowId: string): Promise<WorkflowDetail | null> {
  const [row] = await tx.query<WorkflowRow>(`${WORKFLOW_SELECT} WHERE w.workspace_id = $1 AND w.id = $2`, [
    workspaceId,
    workflowId,
  ]);
  if (!row) return null;
  const versions = await tx.query<VersionRow>(
    `${VERSION_SELECT} WHERE v.workspace_id = $1 AND v.workflow_id = $2 ORDER BY v.version_number DESC`,
    [workspaceId, workflowId],
  );
  return { ...toSummary(row), versions: versions.map(toVersionSummary) };
}

/** Locks the workflow row: version creation and publishing of one workflow run one at a time. */
export async function lockWorkflow(tx: Sql, workspaceId: string, workflowId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT id FROM workflows WHERE workspace_id = $1 AND id = $2 FOR UPDATE`, [
    workspaceId,
    workflowId,
  ]);
  return rows.length === 1;
}

export async function insertWorkflow(
  tx: Sql,
  workspaceId: string,
  w: { name: string; description: string; defaultToWorkspace: boolean; createdBy: string | null },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO workflows (workspace_id, name, description, default_to_workspace, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [workspaceId, w.name, w.description, w.defaultToWorkspace, w.createdBy],
  );
  return row.id;
}

export async function updateWorkflow(
  tx: Sql,
  workspaceId: string,
  workflowId: string,
  w: { name?: string; description?: string; defaultToWorkspace?: boolean },
): Promise<void> {
  await tx.query(
    `UPDATE workflows SET name = COALESCE($3, name), description = COALESCE($4, description),
            default_to_workspace = COALESCE($5, default_to_workspace), updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, workflowId, w.name ?? null, w.description ?? null, w.defaultToWorkspace ?? null],
  );
}

export async function replaceWorkflowBranches(
  tx: Sql,
  workspaceId: string,
  workflowId: string,
  branchIds: readonly string[],
): Promise<void> {
  await tx.query(`DELETE FROM workflow_branches WHERE workspace_id = $1 AND workflow_id = $2`, [
    workspaceId,
    workflowId,
  ]);
  if (branchIds.length === 0) return;
  await tx.query(
    `INSERT INTO workflow_branches (workspace_id, workflow_id, branch_id)
     SELECT $1, $2, b FROM unnest($3::uuid[]) AS b ON CONFLICT DO NOTHING`,
    [workspaceId, workflowId, [...new Set(branchIds)]],
  );
}

/** The given business units that are not this workspace's. */
export async function unknownBranches(tx: Sql, workspaceId: string, branchIds: readonly string[]): Promise<string[]> {
  if (branchIds.length === 0) return [];
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM branches WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [workspaceId, [...new Set(branchIds)]],
  );
  const known = new Set(rows.map((r) => r.id));
  return branchIds.filter((id) => !known.has(id));
}

export async function findVersion(
  tx: Sql,
  workspaceId: string,
  versionId: string,
  options: { lock?: boolean } = {},
): Promise<VersionRow | null> {
  if (options.lock) {
    // Lock the row first (FOR UPDATE cannot sit beside the aggregate), then read it whole.
    const locked = await tx.query(`SELECT id FROM workflow_versions WHERE workspace_id = $1 AND id = $2 FOR UPDATE`, [
      workspaceId,
      versionId,
    ]);
    if (locked.length === 0) return null;
  }
  const [row] = await tx.query<VersionRow>(`${VERSION_SELECT} WHERE v.workspace_id = $1 AND v.id = $2`, [
    workspaceId,
    versionId,
  ]);
  return row ?? null;
}

/** A version with its steps; server/case/builder adds its stages, form and mails (versionDesign). */
export async function findVersionDetail(
  tx: Sql,
  workspaceId: string,
  versionId: string,
): Promise<Omit<WorkflowVersionDetail, 'stages' | 'components' | 'actionSettings'> | null> {
  const row = await findVersion(tx, workspaceId, versionId);
  if (!row) return null;
  const [wf] = await tx.query<{ name: string }>(`SELECT name FROM workflows WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    row.workflow_id,
  ]);
  const steps = await listSteps(tx, workspaceId, versionId);
  return { ...toVersionSummary(row), workflowName: wf.name, steps };
}

export async function nextVersionNumber(tx: Sql, workspaceId: string, workflowId: string): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(
    `SELECT COALESCE(max(version_number), 0)::int + 1 AS n FROM workflow_versions WHERE workspace_id = $1 AND workflow_id = $2`,
    [workspaceId, workflowId],
  );
  return n;
}

export async function insertVersion(
  tx: Sql,
  workspaceId: string,
  v: {
    workflowId: string;
    versionNumber: number;
    name: string;
    description: string;
    branchIds: readonly string[];
    defaultToWorkspace: boolean;
    copiedFrom: string | null;
    createdBy: string | null;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO workflow_versions (workspace_id, workflow_id, version_number, name, description, branch_ids, default_to_workspace,
                                    copied_from_version_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9) RETURNING id`,
    [
      workspaceId,
      v.workflowId,
      v.versionNumber,
      v.name,
      v.description,
      [...v.branchIds],
      v.defaultToWorkspace,
      v.copiedFrom,
      v.createdBy,
    ],
  );
  return row.id;
}

/** Copies the steps of one version into another, in order, under new ids. */
export async function copySteps(
  tx: Sql,
  workspaceId: string,
  fromVersionId: string,
  toVersionId: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO workflow_steps (workspace_id, version_id, position, kind, name, description, settings, owner_role, time_limit)
     SELECT workspace_id, $3, position, kind, name, description, settings, owner_role, time_limit
       FROM workflow_steps WHERE workspace_id = $1 AND version_id = $2 ORDER BY position`,
    [workspaceId, fromVersionId, toVersionId],
  );
}

export async function touchVersion(tx: Sql, workspaceId: string, versionId: string): Promise<void> {
  await tx.query(`UPDATE workflow_versions SET updated_at = now() WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    versionId,
  ]);
}

export async function archivePublished(tx: Sql, workspaceId: string, workflowId: string): Promise<string | null> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE workflow_versions SET status = 'ARCHIVED', updated_at = now()
      WHERE workspace_id = $1 AND workflow_id = $2 AND status = 'PUBLISHED' RETURNING id`,
    [workspaceId, workflowId],
  );
  return rows[0]?.id ?? null;
}

export async function markPublished(
  tx: Sql,
  workspaceId: string,
  versionId: string,
  userId: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE workflow_versions SET status = 'PUBLISHED', published_at = now(), published_by = $3, updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, versionId, userId],
  );
}

export async function listSteps(tx: Sql, workspaceId: string, versionId: string): Promise<WorkflowStep[]> {
  const rows = await tx.query<StepRow>(
    `SELECT ${STEP_COLUMNS} FROM workflow_steps WHERE workspace_id = $1 AND version_id = $2 ORDER BY position`,
    [workspaceId, versionId],
  );
  return rows.map((r, i) => toStep(r, i + 1));
}

export async function findStep(
  tx: Sql,
  workspaceId: string,
  stepId: string,
): Promise<(StepRow & { version_id: string }) | null> {
  const [row] = await tx.query<StepRow>(
    `SELECT ${STEP_COLUMNS} FROM workflow_steps WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, stepId],
  );
  return row ?? null;
}

export async function insertStep(
  tx: Sql,
  workspaceId: string,
  s: { versionId: string; kind: StepKind; name: string; description: string; settings: StepSettings },
): Promise<WorkflowStep> {
  await tx.query(
    `INSERT INTO workflow_steps (workspace_id, version_id, position, kind, name, description, settings)
     SELECT $1, $2, COALESCE(max(position), 0) + 1, $3, $4, $5, $6::jsonb
       FROM workflow_steps WHERE workspace_id = $1 AND version_id = $2`,
    [workspaceId, s.versionId, s.kind, s.name, s.description, JSON.stringify(s.settings)],
  );
  const steps = await listSteps(tx, workspaceId, s.versionId);
  return steps[steps.length - 1];
}

export async function updateStep(
  tx: Sql,
  workspaceId: string,
  stepId: string,
  s: { name: string; description: string; settings: StepSettings },
): Promise<void> {
  await tx.query(
    `UPDATE workflow_steps SET name = $3, description = $4, settings = $5::jsonb, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, stepId, s.name, s.description, JSON.stringify(s.settings)],
  );
}

export async function deleteStep(tx: Sql, workspaceId: string, versionId: string, stepId: string): Promise<boolean> {
  const rows = await tx.query(
    `DELETE FROM workflow_steps WHERE workspace_id = $1 AND version_id = $2 AND id = $3 RETURNING id`,
    [workspaceId, versionId, stepId],
  );
  return rows.length === 1;
}
