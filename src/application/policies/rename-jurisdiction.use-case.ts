import type { Jurisdiction } from '../../contracts/learning/catalogue.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplianceCatalogueApi } from './compliance-catalogue.port';

/** The platform admin renames a jurisdiction of the compliance catalogue. */
export class RenameJurisdiction {
  constructor(private readonly api: ComplianceCatalogueApi) {}

  async execute(id: string, name: string): Promise<Outcome<{ jurisdiction: Jurisdiction }>> {
    const outcome = await attempt(() => this.api.renameJurisdiction(id, name));
    return outcome.ok ? { ok: true, jurisdiction: outcome.value } : outcome;
  }
}
