import { attempt, type Outcome } from '../shared/refusal';
import type { ComplianceCatalogueApi } from './compliance-catalogue.port';

/** The platform admin deletes a category of compliances. */
export class DeleteComplianceCategory {
  constructor(private readonly api: ComplianceCatalogueApi) {}

  async execute(id: string): Promise<Outcome> {
    const outcome = await attempt(() => this.api.deleteCategory(id));
    return outcome.ok ? { ok: true } : outcome;
  }
}
