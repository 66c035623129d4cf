import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AuditCategory, AuditEvent } from '../../contracts/main/audit.contract';
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

/** Admin actions (dotted names): what changed in how the workspace is organised and looks. */
export const ADMIN_ACTION_LABELS: Record<string, string> = {
  'branch.created': 'Business unit created',
  'branch.updated': 'Business unit renamed',
  'branch.headquarters-moved': 'Headquarters moved',
  'branch.deleted': 'Business unit deleted',
  'branch.colour-set': 'Business unit colour set',
  'department.created': 'Department created',
  'department.renamed': 'Department renamed',
  'department.deleted': 'Department deleted',
  'department.manager-added': 'Department manager appointed',
  'department.manager-removed': 'Department manager removed',
  'workspace.colour-set': 'Workspace colour set',
  'workspace.logo-uploaded': 'Logo uploaded',
  'workspace.logo-removed': 'Logo removed',
  'workspace.settings-updated': 'Workspace settings changed',
  'permissions.updated': 'Permissions changed',
};

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
    return this.rows.map((e) => ({ ...e, label: AUDIT_ACTION_LABELS[e.action] ?? ADMIN_ACTION_LABELS[e.action] ?? e.action, summary: describeDetails(e.details) }));
  }

  get actionOptions() {
    const labels = this.category === 'security' ? AUDIT_ACTION_LABELS : this.category === 'admin' ? ADMIN_ACTION_LABELS : { ...AUDIT_ACTION_LABELS, ...ADMIN_ACTION_LABELS };
    return Object.entries(labels).map(([value, label]) => ({ value, label }));
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
