import type {
  AddWorkflowStepBody,
  CreateWorkflowVersionBody,
  PublishWorkflowResponse,
  UpdateWorkflowStepBody,
  WorkflowDetail,
  WorkflowSummary,
  WorkflowStep,
  WorkflowVersionDetail,
} from '../../../src/contracts/case/workflows.contract';
import {
  canEdit,
  canPublish,
  FROZEN_VERSION_MESSAGE,
  meetingForm,
  stepProblems,
  type ActionType,
  type MeetingFieldKey,
  type Party,
} from '../../../src/domain/workflows/workflow-rules';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, refusing, type Outcome, type Refusal } from '../../platform/refusal';
import * as builder from '../builder/builder.repository';
import { moveTo } from '../../../src/domain/workflows/builder-rules';
import * as repo from './workflows.repository';

export interface Actor {
  workspaceId: string;
  /** null: the product itself (the statutory process a new workspace is given, statutory-process.ts). */
  userId: string | null;
  ip: string | null;
}

const RETRYABLE = new Set(['23505', '40001', '40P01']);

const notFoundRefusal = (message: string): Refusal => refuse('not-found', 'NOT_FOUND', message);
const invalid = (message: string, fields?: Record<string, string>): Refusal =>
  refuse('invalid', 'VALIDATION', message, fields);

/**
 * One tenant transaction of the workflow builder (this service's and the builder's). A refusal the work returns
 * before it writes ends it, and so does one it raises after writing (rolled back). A race the locks did not prevent
 * (the unique index on PUBLISHED or on the version number, a deadlock) is a conflict the caller can retry, not a
 * server error.
 */
export async function designTransaction<T>(
  db: Database,
  actor: Actor,
  work: (tx: Sql) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  try {
    return await refusing(() => db.tenant(actor.workspaceId, work));
  } catch (error) {
    if (RETRYABLE.has((error as { code?: string }).code ?? ''))
      return refuse(
        'conflict',
        'CONFLICT',
        'Someone else changed this workflow at the same time. Reload and try again.',
      );
    throw error;
  }
}

/** Locks the version and refuses a frozen one: published and archived versions change only by a new version. */
export async function editableVersion(
  tx: Sql,
  workspaceId: string,
  versionId: string,
): Promise<Outcome<repo.VersionRow>> {
  const version = await repo.findVersion(tx, workspaceId, versionId, { lock: true });
  if (!version) return notFoundRefusal('Workflow version not found');
  if (!canEdit(version)) return refuse('conflict', 'CONFLICT', FROZEN_VERSION_MESSAGE);
  return ok(version);
}

/** The audit row of a change to a workflow's design, in its transaction. */
export function designAudit(
  tx: Sql,
  actor: Actor,
  action: string,
  target: string,
  details: Record<string, unknown>,
): Promise<void> {
  return audit(tx, {
    workspaceId: actor.workspaceId,
    actorUserId: actor.userId,
    action,
    target,
    ip: actor.ip,
    details,
  });
}

/**
 * The version transitions of the workflow builder. Each call is one tenant transaction.
 * Publishing and creating versions lock the workflow row first (`SELECT ... FOR UPDATE`), so two of them on one
 * workflow run one after the other; step edits lock their version row, so an edit and a publish of the same
 * version cannot interleave. The partial unique index on PUBLISHED is the last wall.
 */
export class WorkflowService {
  constructor(private readonly db: Database) {}

  async list(
    workspaceId: string,
    page: number,
    pageSize: number,
  ): Promise<{ items: WorkflowSummary[]; page: number; pageSize: number; total: number }> {
    const { items, total } = await this.db.tenant(workspaceId, (tx) =>
      repo.listWorkflows(tx, workspaceId, page, pageSize),
    );
    return { items, page, pageSize, total };
  }

  async workflow(workspaceId: string, workflowId: string): Promise<Outcome<WorkflowDetail>> {
    const found = await this.db.tenant(workspaceId, (tx) => repo.findWorkflow(tx, workspaceId, workflowId));
    return found ? ok(found) : notFoundRefusal('Workflow not found');
  }

  async version(workspaceId: string, versionId: string): Promise<Outcome<WorkflowVersionDetail>> {
    const found = await this.db.tenant(workspaceId, (tx) => builder.versionDesign(tx, workspaceId, versionId));
    return found ? ok(found) : notFoundRefusal('Workflow version not found');
  }

  async createWorkflow(
    actor: Actor,
    body: { workflowName: string; workflowDescription: string; branchIdList: string[]; defaultToWorkspace: boolean },
  ): Promise<Outcome<WorkflowDetail>> {
    return designTransaction(this.db, actor, async (tx) => {
      const unknown = await this.unknownBranches(tx, actor.workspaceId, body.branchIdList);
      if (unknown) return unknown;
      const id = await repo.insertWorkflow(tx, actor.workspaceId, {
        name: body.workflowName,
        description: body.workflowDescription,
        defaultToWorkspace: body.defaultToWorkspace,
        createdBy: actor.userId,
      });
      await repo.replaceWorkflowBranches(tx, actor.workspaceId, id, body.branchIdList);
      await designAudit(tx, actor, 'workflow.create', id, { workflowName: body.workflowName });
      return ok((await repo.findWorkflow(tx, actor.workspaceId, id))!);
    });
  }

  async updateWorkflow(
    actor: Actor,
    workflowId: string,
    body: {
      workflowName?: string;
      workflowDescription?: string;
      branchIdList?: string[];
      defaultToWorkspace?: boolean;
    },
  ): Promise<Outcome<WorkflowDetail>> {
    return designTransaction(this.db, actor, async (tx) => {
      if (!(await repo.lockWorkflow(tx, actor.workspaceId, workflowId))) return notFoundRefusal('Workflow not found');
      if (body.branchIdList) {
        const unknown = await this.unknownBranches(tx, actor.workspaceId, body.branchIdList);
        if (unknown) return unknown;
      }
      await repo.updateWorkflow(tx, actor.workspaceId, workflowId, {
        name: body.workflowName,
        description: body.workflowDescription,
        defaultToWorkspace: body.defaultToWorkspace,
      });
      if (body.branchIdList) await repo.replaceWorkflowBranches(tx, actor.workspaceId, workflowId, body.branchIdList);
      await designAudit(tx, actor, 'workflow.update', workflowId, { fields: Object.keys(body) });
      return ok((await repo.findWorkflow(tx, actor.workspaceId, workflowId))!);
    });
  }

  async createVersion(
    actor: Actor,
    workflowId: string,
    body: CreateWorkflowVersionBody,
  ): Promise<Outcome<WorkflowVersionDetail>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      if (!(await repo.lockWorkflow(tx, ws, workflowId))) return notFoundRefusal('Workflow not found');
      const workflow = (await repo.findWorkflow(tx, ws, workflowId))!;
      let source: repo.VersionRow | null = null;
      if (body.workflowVersionId) {
        source = await repo.findVersion(tx, ws, body.workflowVersionId);
        if (!source || source.workflow_id !== workflowId) {
          return invalid('The version to copy is not a version of this workflow', {
            workflowVersionId: 'Not a version of this workflow',
          });
        }
      }
      const branchIds = body.branchIdList ?? source?.branch_ids ?? workflow.branchIdList;
      if (body.branchIdList) {
        const unknown = await this.unknownBranches(tx, ws, body.branchIdList);
        if (unknown) return unknown;
      }
      const versionNumber = await repo.nextVersionNumber(tx, ws, workflowId);
      const id = await repo.insertVersion(tx, ws, {
        workflowId,
        versionNumber,
        name: body.name ?? source?.name ?? `Version ${versionNumber}`,
        description: body.description ?? source?.description ?? '',
        branchIds,
        defaultToWorkspace: body.defaultToWorkspace ?? source?.default_to_workspace ?? workflow.defaultToWorkspace,
        copiedFrom: source?.id ?? null,
        createdBy: actor.userId,
      });
      if (source) {
        await repo.copySteps(tx, ws, source.id, id);
        await builder.ensureStandardForm(tx, ws, source.id);
        await builder.copyDesign(tx, ws, source.id, id);
      } else {
        await builder.ensureStandardForm(tx, ws, id);
      }
      await designAudit(tx, actor, 'workflow.version.create', id, {
        workflowId,
        versionNumber,
        copiedFromVersionId: source?.id ?? null,
      });
      return ok((await builder.versionDesign(tx, ws, id))!);
    });
  }

  async publish(actor: Actor, workflowId: string, versionId: string): Promise<Outcome<PublishWorkflowResponse>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      if (!(await repo.lockWorkflow(tx, ws, workflowId))) return notFoundRefusal('Workflow not found');
      const version = await repo.findVersion(tx, ws, versionId, { lock: true });
      if (!version || version.workflow_id !== workflowId) return notFoundRefusal('Workflow version not found');
      const check = canPublish({ status: version.status, stepCount: version.step_count });
      if (!check.ok) {
        const fields = { workflowVersionId: check.message };
        return check.reason === 'no-steps'
          ? invalid(check.message, fields)
          : refuse('conflict', 'CONFLICT', check.message, fields);
      }
      const archivedVersionId = await repo.archivePublished(tx, ws, workflowId);
      await repo.markPublished(tx, ws, versionId, actor.userId);
      await designAudit(tx, actor, 'workflow.publish', versionId, {
        workflowId,
        versionNumber: version.version_number,
        archivedVersionId,
      });
      const published = (await repo.findVersion(tx, ws, versionId))!;
      return ok({ published: repo.toVersionSummary(published), archivedVersionId });
    });
  }

  async addStep(actor: Actor, versionId: string, body: AddWorkflowStepBody): Promise<Outcome<WorkflowStep>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const version = await editableVersion(tx, ws, versionId);
      if (!version.ok) return version;
      const step = {
        kind: body.kind,
        name: body.name,
        description: body.description ?? '',
        meetingFieldList: body.kind === 'MEETING' ? (body.meetingFieldList ?? []) : [],
        actionTypes: body.kind === 'ACTION' ? body.actionTypes : [],
        party: body.kind === 'ACTION' ? (body.party ?? null) : null,
      };
      const problems = stepRefusal(step);
      if (problems) return problems;
      const added = await repo.insertStep(tx, ws, {
        versionId,
        kind: step.kind,
        name: step.name,
        description: step.description,
        settings: settingsOf(step),
      });
      await repo.touchVersion(tx, ws, versionId);
      await designAudit(tx, actor, 'workflow.step.add', added.stepId, {
        workflowVersionId: versionId,
        kind: step.kind,
      });
      return ok(added);
    });
  }

  async updateStep(actor: Actor, stepId: string, body: UpdateWorkflowStepBody): Promise<Outcome<WorkflowStep>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await repo.findStep(tx, ws, stepId);
      if (!found) return notFoundRefusal('Step not found');
      const version = await editableVersion(tx, ws, found.version_id);
      if (!version.ok) return version;
      const current = (await repo.listSteps(tx, ws, found.version_id)).find((s) => s.stepId === stepId);
      if (!current) return notFoundRefusal('Step not found');
      const next = {
        kind: current.kind,
        name: body.name ?? current.name,
        description: body.description ?? current.description,
        meetingFieldList:
          current.kind === 'MEETING' && body.meetingFieldList === undefined
            ? current.meetingFieldList.filter((f) => !f.required).map((f) => f.key)
            : (body.meetingFieldList ?? []),
        actionTypes:
          current.kind === 'ACTION' && body.actionTypes === undefined ? current.actionTypes : (body.actionTypes ?? []),
        party: body.party !== undefined ? body.party : current.party,
      };
      const problems = stepRefusal(next);
      if (problems) return problems;
      // Fields the admin added to the meeting form (server/case/builder) stay.
      const custom = current.kind === 'MEETING' ? { customMeetingFields: current.customMeetingFields } : {};
      await repo.updateStep(tx, ws, stepId, {
        name: next.name,
        description: next.description,
        settings: { ...settingsOf(next), ...custom },
      });
      if (body.position !== undefined) {
        const order = (await repo.listSteps(tx, ws, found.version_id)).map((s) => s.stepId);
        await builder.reorderSteps(tx, ws, found.version_id, moveTo(order, stepId, body.position));
      }
      await repo.touchVersion(tx, ws, found.version_id);
      await designAudit(tx, actor, 'workflow.step.update', stepId, {
        workflowVersionId: found.version_id,
        fields: Object.keys(body),
        ...(body.position !== undefined ? { position: body.position } : {}),
      });
      return ok((await repo.listSteps(tx, ws, found.version_id)).find((s) => s.stepId === stepId)!);
    });
  }

  async deleteStep(actor: Actor, stepId: string, versionId: string): Promise<Outcome<{ ok: true }>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const version = await editableVersion(tx, ws, versionId);
      if (!version.ok) return version;
      if (!(await repo.deleteStep(tx, ws, versionId, stepId))) return notFoundRefusal('Step not found in this version');
      await repo.touchVersion(tx, ws, versionId);
      await designAudit(tx, actor, 'workflow.step.delete', stepId, { workflowVersionId: versionId });
      return ok({ ok: true as const });
    });
  }

  /** Business units named that are not this workspace's: refused, naming them. */
  private async unknownBranches(tx: Sql, workspaceId: string, branchIds: readonly string[]): Promise<Refusal | null> {
    const unknown = await repo.unknownBranches(tx, workspaceId, branchIds);
    if (unknown.length === 0) return null;
    return invalid('branchIdList names business units that are not in this workspace', {
      branchIdList: `Unknown business unit: ${unknown.join(', ')}`,
    });
  }
}

function stepRefusal(step: Parameters<typeof stepProblems>[0]): Refusal | null {
  const problems = stepProblems(step);
  const fields = Object.keys(problems);
  return fields.length > 0 ? invalid(`Invalid step: ${fields.join(', ')}`, problems) : null;
}

function settingsOf(step: {
  kind: 'MEETING' | 'ACTION';
  meetingFieldList: readonly MeetingFieldKey[];
  actionTypes: readonly ActionType[];
  party: Party | null;
}): repo.StepSettings {
  return step.kind === 'MEETING'
    ? { meetingFields: meetingForm(step.meetingFieldList) }
    : { actionTypes: [...step.actionTypes], party: step.party };
}
