import type { Compliance, CreateComplianceBody } from '../../contracts/learning/catalogue.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplianceCatalogueApi } from './compliance-catalogue.port';

/** The platform admin adds a compliance to the catalogue (no id), or saves an existing one. */
export class SaveCompliance {
  constructor(private readonly api: ComplianceCatalogueApi) {}

  async execute(id: string | null, body: CreateComplianceBody): Promise<Outcome<{ compliance: Compliance }>> {
    const outcome = await attempt(() =>
      id ? this.api.updateCompliance({ id, ...body }) : this.api.createCompliance(body),
    );
    return outcome.ok ? { ok: true, compliance: outcome.value } : outcome;
  }
}
