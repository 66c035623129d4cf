import { attempt, type Outcome } from '../shared/refusal';
import type { AllowListApi } from './platform-tools-api.port';

/** The platform admin removes an entry from a workspace's list of those who may sign up. */
export class RemoveFromAllowList {
  constructor(private readonly api: AllowListApi) {}

  async execute(workspaceId: string, entryId: string): Promise<Outcome> {
    const outcome = await attempt(() => this.api.remove(workspaceId, entryId));
    return outcome.ok ? { ok: true } : outcome;
  }
}
