import type { Investigation, ReportBody } from '../../contracts/case/investigations.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { InvestigationsApi } from './investigations-api.port';

/**
 * CA-06: the investigator's report (description, conclusions, recommendations, one a line). The server refuses one
 * that identifies a party, naming the field.
 */
export class SubmitInvestigationReport {
  constructor(private readonly api: InvestigationsApi) {}

  async execute(
    complaintId: string,
    form: { description: string; conclusions: string; recommendations: string },
  ): Promise<{ ok: true; investigation: Investigation } | Refusal> {
    const body: ReportBody = {
      description: form.description.trim(),
      conclusions: form.conclusions.trim(),
      recommendations: form.recommendations
        .split('\n')
        .map((r) => r.trim())
        .filter(Boolean),
    };
    if (!body.description) return invalid('Describe the occurrence and the investigation', 'description');
    if (!body.conclusions) return invalid('Give the conclusions', 'conclusions');
    const outcome = await attempt(() => this.api.submitReport(complaintId, body));
    if (outcome.ok) return { ok: true, investigation: outcome.value };
    // A recommendation's field is named by its index: the form holds them in one box.
    const fields = Object.fromEntries(
      Object.entries(outcome.fields).map(([k, v]) => [k.startsWith('recommendations.') ? 'recommendations' : k, v]),
    );
    return { ...outcome, fields };
  }
}
