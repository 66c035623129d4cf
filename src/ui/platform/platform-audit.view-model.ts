import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { PlatformAuditEvent } from '../../contracts/main/platform-audit.contract';
import { PlatformAuditApi } from '../../application/platform/platform-audit-api.port';
import { auditLabel } from '../../domain/audit/audit-actions';
import { PagedList } from '../shared/paged-list';

/** The platform admins' trail: who did what to which workspace, newest first, paged on the server. */
@injectable()
export class PlatformAuditViewModel {
  readonly list = new PagedList<PlatformAuditEvent>((page, pageSize) => this.audit.events({ page, pageSize }));

  constructor(@inject(PlatformAuditApi) private readonly audit: PlatformAuditApi) {
    makeAutoObservable(this, { list: false }, { autoBind: true });
  }

  get tableRows() {
    return this.list.items.map((e) => ({ ...e, label: auditLabel(e.action, 'platform') }));
  }

  load(page?: number, pageSize?: number): Promise<void> {
    return this.list.load(page, pageSize);
  }
}
