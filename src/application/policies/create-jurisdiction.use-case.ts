import type { CreateJurisdictionBody, Jurisdiction } from '../../contracts/learning/catalogue.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplianceCatalogueApi } from './compliance-catalogue.port';

/** The platform admin adds a jurisdiction to the compliance catalogue. */
export class CreateJurisdiction {
  constructor(private readonly api: ComplianceCatalogueApi) {}

  async execute(body: CreateJurisdictionBody): Promise<Outcome<{ jurisdiction: Jurisdiction }>> {
    const outcome = await attempt(() => this.api.createJurisdiction(body));
    return outcome.ok ? { ok: true, jurisdiction: outcome.value } : outcome;
  }
}
