import { inject, injectable } from 'inversify';
import { auditEvents, type AuditCategory } from '../../../contracts/main/audit.contract';
import type { AuditApi, AuditPage } from '../../../application/audit/audit-api.port';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpAuditApi implements AuditApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  events(query: { page: number; pageSize: number; action?: string; category?: AuditCategory }): Promise<AuditPage> {
    return this.main.call(auditEvents, { query });
  }
}
