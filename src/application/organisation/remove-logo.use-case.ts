import { attempt, type Outcome } from '../shared/refusal';
import type { WorkspaceAdminApi } from './organisation-admin-api.port';

/** The admin removes the workspace's logo: its pages show the product's mark again. */
export class RemoveLogo {
  constructor(private readonly api: WorkspaceAdminApi) {}

  async execute(): Promise<Outcome> {
    const outcome = await attempt(() => this.api.removeLogo());
    return outcome.ok ? { ok: true } : outcome;
  }
}
