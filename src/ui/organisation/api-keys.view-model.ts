import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiKey, ScimSettings } from '../../contracts/main/api-keys.contract';
import {
  ApiKeysApi,
  ChooseScimGroups,
  CreateApiKey,
  RevokeApiKey,
} from '../../application/integrations/api-keys.use-cases';
import { describeError } from '../../application/shared/api-error';
import { API_KEY_SCOPE_LABELS, ApiKeyScope } from '../../domain/integrations/api-keys';
import { formatDate, formatDateTime, type DateTimeSettings } from '../../domain/shared/date-time';
import type { LoadStatus, Notice } from './notice';

export interface ApiKeyValues {
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: number;
}

/** A key as the table shows it: plain data (antd's Table is no observer). */
export interface ApiKeyRowView {
  id: string;
  name: string;
  hint: string;
  scopes: string;
  status: ApiKey['status'];
  createdBy: string;
  expires: string;
  lastUsed: string;
}

const STATUS_LABELS: Record<ApiKey['status'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

/** The settings screen's API keys tab: the list, the create drawer, the secret shown once, revoking. */
@injectable()
export class ApiKeysViewModel {
  status: LoadStatus = 'loading';
  error: string | null = null;
  keys: ApiKey[] = [];
  drawerOpen = false;
  saving = false;
  fieldErrors: Record<string, string> = {};
  notice: Notice = null;
  /** The secret of the key just created: shown once, forgotten when the admin closes it. */
  secret: { name: string; value: string } | null = null;
  /** What a SCIM Group is here: departments or business units. */
  scimGroups: ScimSettings['groups'] = 'DEPARTMENT';
  savingGroups = false;
  private readonly dateTime: DateTimeSettings = {
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    locale: 'en-IN',
  };

  constructor(
    @inject(ApiKeysApi) private readonly api: ApiKeysApi,
    @inject(CreateApiKey) private readonly createKey: CreateApiKey,
    @inject(RevokeApiKey) private readonly revokeKey: RevokeApiKey,
    @inject(ChooseScimGroups) private readonly chooseGroups: ChooseScimGroups,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get scopeOptions(): { value: ApiKeyScope; label: string }[] {
    return ApiKeyScope.options.map((value) => ({ value, label: `${API_KEY_SCOPE_LABELS[value]} (${value})` }));
  }

  statusLabel(status: ApiKey['status']): string {
    return STATUS_LABELS[status];
  }

  get rows(): ApiKeyRowView[] {
    return this.keys.map((k) => ({
      id: k.id,
      name: k.name,
      hint: `${k.hint}…`,
      scopes: k.scopes.join(', '),
      status: k.status,
      createdBy: k.createdBy ?? 'A former admin',
      expires: formatDate(k.expiresAt, this.dateTime),
      lastUsed: k.lastUsedAt ? formatDateTime(k.lastUsedAt, this.dateTime) : 'Never',
    }));
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const [keys, settings] = await Promise.all([this.api.list(), this.api.scimSettings()]);
      runInAction(() => {
        this.keys = keys;
        this.scimGroups = settings.groups;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  openDrawer(): void {
    this.drawerOpen = true;
    this.fieldErrors = {};
  }

  closeDrawer(): void {
    this.drawerOpen = false;
  }

  closeSecret(): void {
    this.secret = null;
  }

  async create(values: ApiKeyValues): Promise<void> {
    this.saving = true;
    this.fieldErrors = {};
    this.notice = null;
    try {
      const outcome = await this.createKey.execute(values);
      runInAction(() => {
        if (outcome.ok) {
          this.keys = [outcome.created.key, ...this.keys];
          this.secret = { name: outcome.created.key.name, value: outcome.created.secret };
          this.drawerOpen = false;
        } else {
          this.fieldErrors = outcome.fields;
          if (Object.keys(outcome.fields).length === 0) this.notice = { type: 'error', message: outcome.message };
        }
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  get scimGroupOptions(): { value: ScimSettings['groups']; label: string }[] {
    return [
      { value: 'DEPARTMENT', label: 'Departments' },
      { value: 'BUSINESS_UNIT', label: 'Business units' },
    ];
  }

  async setScimGroups(groups: ScimSettings['groups']): Promise<void> {
    this.savingGroups = true;
    this.notice = null;
    try {
      const outcome = await this.chooseGroups.execute(groups);
      runInAction(() => {
        if (outcome.ok) {
          this.scimGroups = outcome.settings.groups;
          this.notice = {
            type: 'success',
            message:
              groups === 'DEPARTMENT'
                ? 'SCIM groups are now your departments.'
                : 'SCIM groups are now your business units.',
          };
        } else this.notice = { type: 'error', message: outcome.message };
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.savingGroups = false));
    }
  }

  async revoke(id: string): Promise<void> {
    this.notice = null;
    try {
      const outcome = await this.revokeKey.execute(id);
      runInAction(() => {
        if (outcome.ok) {
          this.keys = this.keys.map((k) => (k.id === id ? outcome.key : k));
          this.notice = { type: 'success', message: `${outcome.key.name} is revoked: calls with it are refused.` };
        } else this.notice = { type: 'error', message: outcome.message };
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    }
  }
}
