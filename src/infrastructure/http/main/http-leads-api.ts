import { inject, injectable } from 'inversify';
import { listLeads, type LeadPage } from '../../../contracts/main/leads.contract';
import type { LeadsApi } from '../../../application/leads/leads-api.port';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpLeadsApi implements LeadsApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  leads(query: { page: number; pageSize: number; search?: string }): Promise<LeadPage> {
    return this.main.call(listLeads, { query: query.search ? query : { page: query.page, pageSize: query.pageSize } });
  }
}
