import type { ComplaintDetail, FileComplaintBody } from '../../contracts/case/complaints.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/** An employee files a complaint on the published form (their own, or for someone with their written consent), with the evidence already uploaded; answers the case as filed. */
export class FileComplaint {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(body: FileComplaintBody): Promise<Outcome<{ detail: ComplaintDetail }>> {
    const outcome = await attempt(() => this.api.file(body));
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
