import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { PlatformAuditEvent } from '../../contracts/main/platform-audit.contract';
import { PlatformAuditApi } from '../../application/platform/platform-audit-api.port';
import { describeError } from '../../application/shared/api-error';
import { auditLabel } from '../../domain/audit/audit-actions';

/** The platform admins' trail: who did what to which workspace, newest first, paged on the server. */
@injectable()
export class PlatformAuditViewModel {
  rows: PlatformAuditEvent[] = [];
  total = 0;
  page = 1;
  pageSize = 20;
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;

  constructor(@inject(PlatformAuditApi) private readonly audit: PlatformAuditApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get tableRows() {
    return this.rows.map((e) => ({ ...e, label: auditLabel(e.action, 'platform') }));
  }

  async load(page = this.page, pageSize = this.pageSize): Promise<void> {
    this.status = 'loading';
    this.page = page;
    this.pageSize = pageSize;
    try {
      const result = await this.audit.events({ page: page - 1, pageSize });
      runInAction(() => {
        this.rows = result.items;
        this.total = result.total;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }
}
