import { attempt, type Outcome } from '../shared/refusal';
import type { ComplianceCatalogueApi } from './compliance-catalogue.port';

/** The platform admin deletes a compliance of the catalogue. */
export class DeleteCompliance {
  constructor(private readonly api: ComplianceCatalogueApi) {}

  async execute(id: string): Promise<Outcome> {
    const outcome = await attempt(() => this.api.deleteCompliance(id));
    return outcome.ok ? { ok: true } : outcome;
  }
}
