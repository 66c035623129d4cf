import { inject, injectable } from 'inversify';
import { platformAuditEvents } from '../../../contracts/main/platform-audit.contract';
import type { PlatformAuditApi, PlatformAuditPage } from '../../../application/platform/platform-audit-api.port';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpPlatformAuditApi implements PlatformAuditApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  events(query: { page: number; pageSize: number; workspaceId?: string }): Promise<PlatformAuditPage> {
    return this.main.call(platformAuditEvents, { query });
  }
}
