import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { AuditCategory, AuditEvent } from '../../contracts/main/audit.contract';
import { AuditApi } from '../../application/audit/audit-api.port';
import { auditActionOptions, auditLabel } from '../../domain/audit/audit-actions';
import { PagedList } from '../shared/paged-list';

/** A short, readable line of an event's details (`branchName: Pune · movedUsers: 3`). */
export function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join(' · ');
}

@injectable()
export class SecurityLogViewModel {
  action: string | undefined = undefined;
  /** undefined: everything; security: sign-ins and the like; admin: changes admins made. */
  category: AuditCategory | undefined = undefined;
  readonly list = new PagedList<AuditEvent>((page, pageSize) =>
    this.audit.events({ page, pageSize, action: this.action, category: this.category }),
  );

  constructor(@inject(AuditApi) private readonly audit: AuditApi) {
    makeAutoObservable(this, { list: false }, { autoBind: true });
  }

  /** Plain rows for antd's Table. */
  get tableRows() {
    return this.list.items.map((e) => ({ ...e, label: auditLabel(e.action), summary: describeDetails(e.details) }));
  }

  get actionOptions() {
    return auditActionOptions(this.category);
  }

  load(page?: number, pageSize?: number): Promise<void> {
    return this.list.load(page, pageSize);
  }

  /** Security events or admin actions; the event filter starts again. */
  showCategory(category: AuditCategory | undefined): Promise<void> {
    this.category = category;
    this.action = undefined;
    return this.load(1);
  }

  filterBy(action: string | undefined): Promise<void> {
    this.action = action;
    return this.load(1);
  }
}
