import { refuse } from '../../src/application/shared/refusal';
import type {
  AddWorkflowStepBody,
  CreateWorkflowBody,
  CreateWorkflowVersionBody,
  WorkflowDetail,
  WorkflowStep,
  WorkflowVersionDetail,
} from '../../src/contracts/case/workflows.contract';
import type { PublishResult, WorkflowApi, WorkflowPage } from '../../src/application/workflows/workflow-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import { meetingForm } from '../../src/domain/workflows/workflow-rules';

/** An in-memory workflow builder with the server's version rules, and a record of the calls it got. */
export class FakeWorkflowApi implements WorkflowApi {
  readonly calls: string[] = [];
  workflows = new Map<string, WorkflowDetail>();
  versions = new Map<string, WorkflowVersionDetail>();
  /** Set to make the next call fail as the server would. */
  failNext: ApiError | null = null;
  private seq = 0;

  private id(prefix: string) {
    this.seq += 1;
    return `${prefix}-${this.seq}`;
  }

  private fail() {
    const error = this.failNext;
    this.failNext = null;
    if (error) throw error;
  }

  async list(page: number, pageSize = 20): Promise<WorkflowPage> {
    this.calls.push(`list ${page}`);
    this.fail();
    const items = [];
    for (const id of this.workflows.keys()) {
      const { versions: _versions, ...summary } = await this.detail(id);
      items.push(summary);
    }
    return { items, page, pageSize, total: items.length };
  }

  async get(workflowId: string): Promise<WorkflowDetail> {
    this.calls.push(`get ${workflowId}`);
    this.fail();
    return this.detail(workflowId);
  }

  private async detail(workflowId: string): Promise<WorkflowDetail> {
    const w = this.workflows.get(workflowId);
    if (!w) throw new ApiError('not-found', 'NOT_FOUND', 'Workflow not found');
    const versions = [...this.versions.values()]
      .filter((v) => v.workflowId === workflowId)
      .sort((a, b) => b.versionNumber - a.versionNumber)
      .map(({ steps: _steps, workflowName: _name, ...summary }) => summary);
    const published = versions.find((v) => v.status === 'PUBLISHED');
    return {
      ...w,
      versions,
      versionCount: versions.length,
      draftCount: versions.filter((v) => v.status === 'DRAFT').length,
      publishedVersion: published
        ? {
            workflowVersionId: published.workflowVersionId,
            versionNumber: published.versionNumber,
            name: published.name,
          }
        : null,
    };
  }

  async getVersion(id: string): Promise<WorkflowVersionDetail> {
    this.calls.push(`getVersion ${id}`);
    this.fail();
    const v = this.versions.get(id);
    if (!v) throw new ApiError('not-found', 'NOT_FOUND', 'Workflow version not found');
    return structuredClone(v);
  }

  async create(body: CreateWorkflowBody): Promise<WorkflowDetail> {
    this.calls.push(`create ${body.workflowName}`);
    this.fail();
    const now = new Date(0).toISOString();
    const w: WorkflowDetail = {
      workflowId: this.id('wf'),
      workflowName: body.workflowName,
      workflowDescription: body.workflowDescription ?? '',
      branchIdList: body.branchIdList ?? [],
      defaultToWorkspace: body.defaultToWorkspace ?? false,
      publishedVersion: null,
      draftCount: 0,
      versionCount: 0,
      createdAt: now,
      updatedAt: now,
      versions: [],
    };
    this.workflows.set(w.workflowId, w);
    return w;
  }

  async createVersion(workflowId: string, body: CreateWorkflowVersionBody): Promise<WorkflowVersionDetail> {
    this.calls.push(`createVersion ${workflowId} ${JSON.stringify(body)}`);
    this.fail();
    const w = this.workflows.get(workflowId)!;
    const source = body.workflowVersionId ? this.versions.get(body.workflowVersionId) : undefined;
    const number = [...this.versions.values()].filter((v) => v.workflowId === workflowId).length + 1;
    const id = this.id('v');
    const v: WorkflowVersionDetail = {
      workflowVersionId: id,
      workflowId,
      workflowName: w.workflowName,
      versionNumber: number,
      name: body.name ?? source?.name ?? `Version ${number}`,
      description: body.description ?? source?.description ?? '',
      status: 'DRAFT',
      branchIdList: [],
      defaultToWorkspace: false,
      copiedFromVersionId: source?.workflowVersionId ?? null,
      stepCount: source?.steps.length ?? 0,
      createdAt: new Date(0).toISOString(),
      publishedAt: null,
      publishedBy: null,
      steps: (source?.steps ?? []).map((s) => ({ ...s, stepId: this.id('s'), workflowVersionId: id })),
      stages: [],
      components: [],
      actionSettings: [],
    };
    this.versions.set(id, v);
    return structuredClone(v);
  }

  async addStep(versionId: string, body: AddWorkflowStepBody): Promise<WorkflowStep> {
    this.calls.push(`addStep ${versionId} ${body.kind} ${body.name}`);
    this.fail();
    const v = this.versions.get(versionId)!;
    if (v.status !== 'DRAFT')
      throw new ApiError(
        'conflict',
        'CONFLICT',
        'This version is published or archived and cannot be changed: create a new version from it.',
      );
    const step: WorkflowStep = {
      stepId: this.id('s'),
      workflowVersionId: versionId,
      position: v.steps.length + 1,
      ownerRole: null,
      timeLimit: null,
      stageId: null,
      customMeetingFields: [],
      kind: body.kind,
      name: body.name,
      description: body.description ?? '',
      meetingFieldList: body.kind === 'MEETING' ? meetingForm(body.meetingFieldList ?? []) : [],
      actionTypes: body.kind === 'ACTION' ? body.actionTypes : [],
      party: body.kind === 'ACTION' ? (body.party ?? null) : null,
    };
    v.steps.push(step);
    v.stepCount = v.steps.length;
    return step;
  }

  async removeStep(stepId: string, versionId: string): Promise<void> {
    this.calls.push(`removeStep ${stepId} ${versionId}`);
    this.fail();
    const v = this.versions.get(versionId);
    if (!v || !v.steps.some((s) => s.stepId === stepId))
      throw new ApiError('not-found', 'NOT_FOUND', 'Step not found in this version');
    if (v.status !== 'DRAFT')
      throw new ApiError(
        'conflict',
        'CONFLICT',
        'This version is published or archived and cannot be changed: create a new version from it.',
      );
    v.steps = v.steps.filter((s) => s.stepId !== stepId).map((s, i) => ({ ...s, position: i + 1 }));
    v.stepCount = v.steps.length;
  }

  async publish(workflowId: string, versionId: string): Promise<PublishResult> {
    this.calls.push(`publish ${workflowId} ${versionId}`);
    this.fail();
    const v = this.versions.get(versionId)!;
    if (v.status !== 'DRAFT') return refuse('conflict', 'This version is already published.');
    let archivedVersionId: string | null = null;
    for (const other of this.versions.values()) {
      if (other.workflowId === workflowId && other.status === 'PUBLISHED') {
        other.status = 'ARCHIVED';
        archivedVersionId = other.workflowVersionId;
      }
    }
    v.status = 'PUBLISHED';
    v.publishedAt = new Date(0).toISOString();
    const { steps: _steps, workflowName: _name, ...published } = v;
    return { ok: true, result: { published, archivedVersionId } };
  }
}
