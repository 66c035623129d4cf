import type { DeclaredJurisdictions } from '../../contracts/learning/compliance.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { WorkspaceComplianceApi } from './workspace-compliance.port';

/** The workspace's admin declares the jurisdictions the workspace is under: its obligations follow from them. */
export class DeclareJurisdictions {
  constructor(private readonly api: WorkspaceComplianceApi) {}

  async execute(jurisdictionIds: string[]): Promise<Outcome<{ declared: DeclaredJurisdictions }>> {
    const outcome = await attempt(() => this.api.declare(jurisdictionIds));
    return outcome.ok ? { ok: true, declared: outcome.value } : outcome;
  }
}
