import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { InvestigationsApi } from '../../application/complaints/investigations-api.port';
import type { PartyReport } from '../../contracts/case/investigations.contract';

/** The final investigator's report on a party's case page (CA-06); nothing until it is final. */
@injectable()
export class PartyReportViewModel {
  report: PartyReport | null = null;

  constructor(@inject(InvestigationsApi) private readonly api: InvestigationsApi) {
    makeAutoObservable<PartyReportViewModel, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(complaintId: string): Promise<void> {
    const found = await this.api.partyReport(complaintId).catch(() => null);
    runInAction(() => (this.report = found));
  }
}
