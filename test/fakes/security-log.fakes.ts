import type { AuditApi } from '../../src/application/audit/audit-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import type { AuditEvent } from '../../src/contracts/main/audit.contract';

export class FakeAuditApi implements AuditApi {
  asked: { page: number; pageSize: number; action?: string }[] = [];
  fail = false;
  constructor(private readonly all: AuditEvent[]) {}
  async events(query: { page: number; pageSize: number; action?: string }) {
    this.asked.push(query);
    if (this.fail) throw new ApiError('forbidden', 'FORBIDDEN', 'You may not do this');
    const matching = this.all.filter((e) => !query.action || e.action === query.action);
    return {
      items: matching.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize),
      page: query.page,
      pageSize: query.pageSize,
      total: matching.length,
    };
  }
}
