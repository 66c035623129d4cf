import type { InvestigationsApi } from '../../src/application/complaints/investigations-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import type { Investigation } from '../../src/contracts/case/investigations.contract';

/** A fake of the investigations port: records the calls; a second final is the server's 409. */
export class FakeInvestigationsApi implements Partial<InvestigationsApi> {
  calls: string[] = [];
  async finaliseReport(id: string): Promise<Investigation> {
    if (this.calls.includes(`final:${id}`))
      throw new ApiError('conflict', 'REPORT_FINAL', 'The report is final already');
    this.calls.push(`final:${id}`);
    return { complaintId: id } as Investigation;
  }
  async removeInvestigator(id: string, reason: string): Promise<Investigation> {
    this.calls.push(`remove:${id}:${reason}`);
    return { complaintId: id } as Investigation;
  }
}
