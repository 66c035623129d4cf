import { refuse, type Outcome } from '../shared/refusal';
import type { PublishWorkflowResponse } from '../../contracts/case/workflows.contract';
import { canPublish, type VersionStatus } from '../../domain/workflows/workflow-rules';
import { ApiError } from '../shared/api-error';
import type { WorkflowApi } from './workflow-api.port';

export interface PublishWorkflowVersionInput {
  workflowId: string;
  version: { workflowVersionId: string; status: VersionStatus; stepCount: number };
}

/**
 * Refused before the call by the domain's rules (`invalid`, coded `already-published`, `archived`, `no-steps`), or by
 * the server (`conflict`: the version changed meanwhile).
 */
export type PublishWorkflowVersionOutcome = Outcome<
  { result: PublishWorkflowResponse },
  'already-published' | 'archived' | 'no-steps'
>;

/** Checks the domain rules first (a draft with at least one step), then publishes; the server has the last word. */
export class PublishWorkflowVersion {
  constructor(private readonly workflows: WorkflowApi) {}

  async execute(input: PublishWorkflowVersionInput): Promise<PublishWorkflowVersionOutcome> {
    const check = canPublish(input.version);
    if (!check.ok) return refuse('invalid', check.message, { code: check.reason });
    try {
      const result = await this.workflows.publish(input.workflowId, input.version.workflowVersionId);
      if (!result.ok) return result;
      return { ok: true, result: result.result };
    } catch (error) {
      // The server's own rules (e.g. steps removed meanwhile) answer 400 with a message fit to show.
      if (ApiError.is(error) && error.reason === 'invalid') return refuse('conflict', error.message);
      throw error;
    }
  }
}
