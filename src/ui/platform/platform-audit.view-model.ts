import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { PlatformAuditEvent } from '../../contracts/main/platform-audit.contract';
import { PlatformAuditApi } from '../../application/platform/platform-audit-api.port';
import { describeError } from '../../application/shared/api-error';

/** Readable names of the platform admins' actions; anything else shows its code. */
export const PLATFORM_ACTION_LABELS: Record<string, string> = {
  SIGN_IN: 'Signed in',
  SIGN_IN_FAILED: 'Failed sign-in',
  SIGN_OUT: 'Signed out',
  'workspace.created': 'Created a workspace',
  'workspace.deleted': 'Deleted a workspace',
  'workspace.url_changed': 'Changed a workspace address',
  'workspace.user_limit_set': 'Set a user limit',
  'workspace.contract_expiry_set': 'Set a contract expiry',
  'workspace.modules_set': 'Switched modules',
  'feature_flag.created': 'Created a feature flag',
  'feature_flag.updated': 'Changed a feature flag',
  'feature_flag.workspace_enabled': 'Turned a flag on for a workspace',
  'feature_flag.workspace_disabled': 'Turned a flag off for a workspace',
  'allow_list.entry_added': 'Added to a sign-up allow-list',
  'allow_list.entry_removed': 'Removed from a sign-up allow-list',
  'allow_list.imported': 'Imported a sign-up allow-list',
  'user.updated_by_platform': 'Edited a user',
  'user.record_viewed': "Viewed a user's record",
  'user_manual.published': 'Published a user manual',
};

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
    return this.rows.map((e) => ({ ...e, label: PLATFORM_ACTION_LABELS[e.action] ?? e.action }));
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
