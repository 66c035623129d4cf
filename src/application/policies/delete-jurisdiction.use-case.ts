import { attempt, type Outcome } from '../shared/refusal';
import type { ComplianceCatalogueApi } from './compliance-catalogue.port';

/** The platform admin deletes a jurisdiction of the compliance catalogue (the server refuses one still in use). */
export class DeleteJurisdiction {
  constructor(private readonly api: ComplianceCatalogueApi) {}

  async execute(id: string): Promise<Outcome> {
    const outcome = await attempt(() => this.api.deleteJurisdiction(id));
    return outcome.ok ? { ok: true } : outcome;
  }
}
