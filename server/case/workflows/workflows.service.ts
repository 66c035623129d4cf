import type {
  AddWorkflowStepBody,
  CreateWorkflowVersionBody,
  PublishWorkflowResponse,
  UpdateWorkflowStepBody,
  WorkflowDetail,
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
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import * as builder from '../builder/builder.repository';
import { moveTo } from '../../../src/domain/workflows/builder-rules';
import * as repo from './workflows.repository';

export interface Actor {
  workspaceId: string;
  /** null: the product itself (the statutory process a new workspace is given, statutory-process.ts). */
  userId: string | null;
  ip: string | null;
}

const UNIQUE_VIOLATION = '23505';
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK = '40P01';

/**
 * The version transitions of the workflow builder. Each call is one tenant transaction.
 * Publishing and creating versions lock the workflow row first (`SELECT ... FOR UPDATE`), so two of them on one
 * workflow run one after the other; step edits lock their version row, so an edit and a publish of the same
 * version cannot interleave. The partial unique index on PUBLISHED is the last wall.
 */
export class WorkflowService {
  constructor(private readonly db: Database) {}

  async createWorkflow(
    actor: Actor,
    body: { workflowName: string; workflowDescription: string; branchIdList: string[]; defaultToWorkspace: boolean },
  ): Promise<WorkflowDetail> {
    return this.run(actor, async (tx) => {
      await this.checkBranches(tx, actor.workspaceId, body.branchIdList);
      const id = await repo.insertWorkflow(tx, actor.workspaceId, {
        name: body.workflowName,
        description: body.workflowDescription,
        defaultToWorkspace: body.defaultToWorkspace,
        createdBy: actor.userId,
      });
      await repo.replaceWorkflowBranches(tx, actor.workspaceId, id, body.branchIdList);
      await this.audit(tx, actor, 'workflow.create', id, { workflowName: body.workflowName });
      return (await repo.findWorkflow(tx, actor.workspaceId, id))!;
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
  ): Promise<WorkflowDetail> {
    return this.run(actor, async (tx) => {
      if (!(await repo.lockWorkflow(tx, actor.workspaceId, workflowId))) throw notFound('Workflow not found');
      if (body.branchIdList) await this.checkBranches(tx, actor.workspaceId, body.branchIdList);
      await repo.updateWorkflow(tx, actor.workspaceId, workflowId, {
        name: body.workflowName,
        description: body.workflowDescription,
        defaultToWorkspace: body.defaultToWorkspace,
      });
      if (body.branchIdList) await repo.replaceWorkflowBranches(tx, actor.workspaceId, workflowId, body.branchIdList);
      await this.audit(tx, actor, 'workflow.update', workflowId, { fields: Object.keys(body) });
      return (await repo.findWorkflow(tx, actor.workspaceId, workflowId))!;
    });
  }

  async createVersion(
    actor: Actor,
    workflowId: string,
    body: CreateWorkflowVersionBody,
  ): Promise<WorkflowVersionDetail> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      if (!(await repo.lockWorkflow(tx, ws, workflowId))) throw notFound('Workflow not found');
      const workflow = (await repo.findWorkflow(tx, ws, workflowId))!;
      let source: repo.VersionRow | null = null;
      if (body.workflowVersionId) {
        source = await repo.findVersion(tx, ws, body.workflowVersionId);
        if (!source || source.workflow_id !== workflowId) {
          throw badRequest('The version to copy is not a version of this workflow', {
            workflowVersionId: 'Not a version of this workflow',
          });
        }
      }
      const branchIds = body.branchIdList ?? source?.branch_ids ?? workflow.branchIdList;
      if (body.branchIdList) await this.checkBranches(tx, ws, body.branchIdList);
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
      await this.audit(tx, actor, 'workflow.version.create', id, {
        workflowId,
        versionNumber,
        copiedFromVersionId: source?.id ?? null,
      });
      return (await builder.versionDesign(tx, ws, id))!;
    });
  }

  async publish(actor: Actor, workflowId: string, versionId: string): Promise<PublishWorkflowResponse> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      if (!(await repo.lockWorkflow(tx, ws, workflowId))) throw notFound('Workflow not found');
      const version = await repo.findVersion(tx, ws, versionId, { lock: true });
      if (!version || version.workflow_id !== workflowId) throw notFound('Workflow version not found');
      const check = canPublish({ status: version.status, stepCount: version.step_count });
      if (!check.ok) {
        if (check.reason === 'no-steps') throw badRequest(check.message, { workflowVersionId: check.message });
        throw conflict(check.message, { workflowVersionId: check.message });
      }
      const archivedVersionId = await repo.archivePublished(tx, ws, workflowId);
      await repo.markPublished(tx, ws, versionId, actor.userId);
      await this.audit(tx, actor, 'workflow.publish', versionId, {
        workflowId,
        versionNumber: version.version_number,
        archivedVersionId,
      });
      const published = (await repo.findVersion(tx, ws, versionId))!;
      return { published: repo.toVersionSummary(published), archivedVersionId };
    });
  }

  async addStep(actor: Actor, versionId: string, body: AddWorkflowStepBody): Promise<WorkflowStep> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      await this.editableVersion(tx, ws, versionId);
      const step = {
        kind: body.kind,
        name: body.name,
        description: body.description ?? '',
        meetingFieldList: body.kind === 'MEETING' ? (body.meetingFieldList ?? []) : [],
        actionTypes: body.kind === 'ACTION' ? body.actionTypes : [],
        party: body.kind === 'ACTION' ? (body.party ?? null) : null,
      };
      this.checkStep(step);
      const added = await repo.insertStep(tx, ws, {
        versionId,
        kind: step.kind,
        name: step.name,
        description: step.description,
        settings: settingsOf(step),
      });
      await repo.touchVersion(tx, ws, versionId);
      await this.audit(tx, actor, 'workflow.step.add', added.stepId, { workflowVersionId: versionId, kind: step.kind });
      return added;
    });
  }

  async updateStep(actor: Actor, stepId: string, body: UpdateWorkflowStepBody): Promise<WorkflowStep> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await repo.findStep(tx, ws, stepId);
      if (!found) throw notFound('Step not found');
      await this.editableVersion(tx, ws, found.version_id);
      const current = (await repo.listSteps(tx, ws, found.version_id)).find((s) => s.stepId === stepId);
      if (!current) throw notFound('Step not found');
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
      this.checkStep(next);
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
      await this.audit(tx, actor, 'workflow.step.update', stepId, {
        workflowVersionId: found.version_id,
        fields: Object.keys(body),
        ...(body.position !== undefined ? { position: body.position } : {}),
      });
      return (await repo.listSteps(tx, ws, found.version_id)).find((s) => s.stepId === stepId)!;
    });
  }

  async deleteStep(actor: Actor, stepId: string, versionId: string): Promise<void> {
    await this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      await this.editableVersion(tx, ws, versionId);
      if (!(await repo.deleteStep(tx, ws, versionId, stepId))) throw notFound('Step not found in this version');
      await repo.touchVersion(tx, ws, versionId);
      await this.audit(tx, actor, 'workflow.step.delete', stepId, { workflowVersionId: versionId });
    });
  }

  /** Locks the version and refuses a frozen one: published and archived versions change only by a new version. */
  private async editableVersion(tx: Sql, workspaceId: string, versionId: string): Promise<repo.VersionRow> {
    const version = await repo.findVersion(tx, workspaceId, versionId, { lock: true });
    if (!version) throw notFound('Workflow version not found');
    if (!canEdit(version)) throw conflict(FROZEN_VERSION_MESSAGE);
    return version;
  }

  private checkStep(step: Parameters<typeof stepProblems>[0]): void {
    const problems = stepProblems(step);
    const fields = Object.keys(problems);
    if (fields.length > 0) throw badRequest(`Invalid step: ${fields.join(', ')}`, problems);
  }

  private async checkBranches(tx: Sql, workspaceId: string, branchIds: readonly string[]): Promise<void> {
    const unknown = await repo.unknownBranches(tx, workspaceId, branchIds);
    if (unknown.length > 0) {
      throw badRequest('branchIdList names business units that are not in this workspace', {
        branchIdList: `Unknown business unit: ${unknown.join(', ')}`,
      });
    }
  }

  private audit(
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
   * One tenant transaction. A race the locks did not prevent (the unique index on PUBLISHED or on the
   * version number, a deadlock) is a conflict the caller can retry, not a server error.
   */
  private async run<T>(actor: Actor, fn: (tx: Sql) => Promise<T>): Promise<T> {
    try {
      return await this.db.tenant(actor.workspaceId, fn);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const code = (error as { code?: string }).code;
      if (code === UNIQUE_VIOLATION || code === SERIALIZATION_FAILURE || code === DEADLOCK) {
        throw conflict('Someone else changed this workflow at the same time. Reload and try again.');
      }
      throw error;
    }
  }
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
