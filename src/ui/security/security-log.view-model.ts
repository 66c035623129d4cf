import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AuditCategory, AuditEvent } from '../../contracts/main/audit.contract';
import { AuditApi } from '../../application/audit/audit-api.port';
import { describeError } from '../../application/shared/api-error';
import { auditActionOptions, auditLabel } from '../../domain/audit/audit-actions';

/** A short, readable line of an event's details (`branchName: Pune · movedUsers: 3`). */
export function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

@injectable()
export class SecurityLogViewModel {
  rows: AuditEvent[] = [];
  total = 0;
  page = 1;
  pageSize = 20;
  action: string | undefined = undefined;
  /** undefined: everything; security: sign-ins and the like; admin: changes admins made. */
  category: AuditCategory | undefined = undefined;
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;

  constructor(@inject(AuditApi) private readonly audit: AuditApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Plain rows for antd's Table. */
  get tableRows() {
    return this.rows.map((e) => ({ ...e, label: auditLabel(e.action), summary: describeDetails(e.details) }));
  }

  get actionOptions() {
    return auditActionOptions(this.category);
  }

  async load(page = this.page, pageSize = this.pageSize): Promise<void> {
    this.status = 'loading';
    this.page = page;
    this.pageSize = pageSize;
    try {
      const result = await this.audit.events({ page: page - 1, pageSize, action: this.action, category: this.category });
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
