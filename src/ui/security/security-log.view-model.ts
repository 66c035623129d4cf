import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AuditEvent } from '../../contracts/main/audit.contract';
import { AuditApi } from '../../application/audit/audit-api.port';
import { describeError } from '../../application/shared/api-error';

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  SIGN_IN: 'Signed in',
  SIGN_IN_FAILED: 'Failed sign-in',
  SIGN_OUT: 'Signed out',
  SIGN_IN_CODE_REQUESTED: 'Asked for a sign-in code',
  PASSWORD_RESET_REQUESTED: 'Asked to reset password',
  PASSWORD_RESET: 'Reset password',
  ACCOUNT_LOCKED: 'Account locked',
  // The platform admin's changes to this workspace (server/main/platform/workspaces.routes.ts).
  'workspace.created': 'Workspace created by the platform',
  'workspace.url_changed': 'Address changed by the platform',
  'workspace.user_limit_set': 'User limit set by the platform',
  'workspace.contract_expiry_set': 'Contract end date set by the platform',
  'workspace.modules_set': 'Modules switched by the platform',
};

@injectable()
export class SecurityLogViewModel {
  rows: AuditEvent[] = [];
  total = 0;
  page = 1;
  pageSize = 20;
  action: string | undefined = undefined;
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;

  constructor(@inject(AuditApi) private readonly audit: AuditApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Plain rows for antd's Table. */
  get tableRows() {
    return this.rows.map((e) => ({ ...e, label: AUDIT_ACTION_LABELS[e.action] ?? e.action }));
  }

  get actionOptions() {
    return Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));
  }

  async load(page = this.page, pageSize = this.pageSize): Promise<void> {
    this.status = 'loading';
    this.page = page;
    this.pageSize = pageSize;
    try {
      const result = await this.audit.events({ page: page - 1, pageSize, action: this.action });
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

  filterBy(action: string | undefined): Promise<void> {
    this.action = action;
    return this.load(1);
  }
}
