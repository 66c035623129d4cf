import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/** A committee member completes a step of the case, confirming the recipients its mails go to (the server refuses when they changed, naming `confirmedRecipients`). */
export class CompleteStep {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    complaintId: string,
    stepId: string,
    confirmedRecipients: string[],
  ): Promise<Outcome<{ detail: ComplaintDetail }>> {
    const outcome = await attempt(() => this.api.completeStep(complaintId, stepId, confirmedRecipients));
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
