import type { ComplianceCategory } from '../../contracts/learning/catalogue.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplianceCatalogueApi } from './compliance-catalogue.port';

/** The platform admin adds a category of compliances (no id), or renames one. */
export class SaveComplianceCategory {
  constructor(private readonly api: ComplianceCatalogueApi) {}

  async execute(id: string | null, name: string): Promise<Outcome<{ category: ComplianceCategory }>> {
    const outcome = await attempt(() => (id ? this.api.renameCategory(id, name) : this.api.createCategory(name)));
    return outcome.ok ? { ok: true, category: outcome.value } : outcome;
  }
}
