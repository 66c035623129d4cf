import { inject, injectable } from 'inversify';
import { confirmOnBehalf, listCaseEvents, listPendingConfirmations, type CaseEvent } from '../../../contracts/case/intake.contract';
import type { CaseExtrasApi, PendingConfirmationItem } from '../../../application/complaints/case-extras-api.port';
import { ApiClient, CaseHttp } from '../api-client';

@injectable()
export class HttpCaseExtrasApi implements CaseExtrasApi {
  constructor(@inject(CaseHttp) private readonly caseApi: ApiClient) {}

  async pendingConfirmations(): Promise<PendingConfirmationItem[]> {
    return (await this.caseApi.call(listPendingConfirmations, {})).items;
  }

  async confirm(id: string): Promise<void> {
    await this.caseApi.call(confirmOnBehalf, { params: { id } });
  }

  async events(id: string): Promise<CaseEvent[]> {
    return (await this.caseApi.call(listCaseEvents, { params: { id } })).items;
  }
}
