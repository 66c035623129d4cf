import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { FeatureFlag } from '../../contracts/main/flags.contract';
import {
  CreateFeatureFlag,
  DeleteFeatureFlag,
  SetFeatureFlagWorkspaces,
  UpdateFeatureFlagValue,
} from '../../application/platform-tools/feature-flags.use-cases';
import { FlagAdminApi, WorkspaceDirectory } from '../../application/platform-tools/platform-tools-api.port';
import { describeError } from '../../application/shared/api-error';
import { CLOSING_FLAGS, isBuiltInFlag } from '../../domain/platform/feature-flags';
import { WorkspaceChoices } from './workspace-choices';

export interface FlagRow {
  key: string;
  value: string;
  workspaces: string[];
  closing: boolean;
  /** The built-in flags can be switched off but not deleted. */
  deletable: boolean;
}

export interface PendingConfirmation {
  key: string;
  workspaceUrls: string[];
  workspaces: string[];
  title: string;
  effect: string;
}

type Notice = { type: 'success' | 'error'; message: string } | null;

/** Every feature flag: create, change the value, choose the workspaces (asking first for closing flags). */
@injectable()
export class FlagsViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  flags: FeatureFlag[] = [];
  filter = '';
  notice: Notice = null;

  createOpen = false;
  creating = false;
  createError: string | null = null;
  createFields: Record<string, string> = {};

  /** The flag whose value or workspaces are being edited. */
  editingKey: string | null = null;
  saving = false;
  editError: string | null = null;
  editFields: Record<string, string> = {};
  confirmation: PendingConfirmation | null = null;
  /** The value typed when the confirmation was asked for. */
  pendingValue = '';

  /** The flag the admin asked to delete, waiting for the confirmation. */
  deletingKey: string | null = null;
  deleteBusy = false;
  deleteError: string | null = null;

  readonly workspaces: WorkspaceChoices;

  constructor(
    @inject(FlagAdminApi) private readonly api: FlagAdminApi,
    @inject(WorkspaceDirectory) directory: WorkspaceDirectory,
    @inject(CreateFeatureFlag) private readonly createFlag: CreateFeatureFlag,
    @inject(UpdateFeatureFlagValue) private readonly updateValue: UpdateFeatureFlagValue,
    @inject(SetFeatureFlagWorkspaces) private readonly setWorkspaces: SetFeatureFlagWorkspaces,
    @inject(DeleteFeatureFlag) private readonly deleteFlag: DeleteFeatureFlag,
  ) {
    this.workspaces = new WorkspaceChoices(directory);
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Plain rows for antd's Table, filtered by key or workspace. */
  get rows(): FlagRow[] {
    const q = this.filter.trim().toLowerCase();
    return this.flags
      .filter((f) => !q || f.key.includes(q) || f.enabledWorkspaces.some((w) => w.workspaceUrl.includes(q)))
      .map((f) => ({
        key: f.key,
        value: f.value,
        workspaces: f.enabledWorkspaces.map((w) => w.workspaceUrl),
        closing: Boolean(CLOSING_FLAGS[f.key]),
        deletable: !isBuiltInFlag(f.key),
      }));
  }

  get editing(): FeatureFlag | null {
    return this.flags.find((f) => f.key === this.editingKey) ?? null;
  }

  setFilter(value: string): void {
    this.filter = value;
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const [flags] = await Promise.all([this.api.list(), this.workspaces.search('')]);
      runInAction(() => {
        this.flags = flags;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  openCreate(): void {
    this.createOpen = true;
    this.createError = null;
    this.createFields = {};
  }

  closeCreate(): void {
    this.createOpen = false;
  }

  async create(values: { key: string; value: string }): Promise<void> {
    this.creating = true;
    this.createError = null;
    this.createFields = {};
    try {
      const outcome = await this.createFlag.execute(values);
      runInAction(() => {
        if (outcome.ok) {
          this.flags = [...this.flags, outcome.flag].sort((a, b) => a.key.localeCompare(b.key));
          this.createOpen = false;
          this.notice = {
            type: 'success',
            message: `Flag "${outcome.flag.key}" created. It is on for no workspace yet.`,
          };
        } else {
          this.createError = outcome.message;
          this.createFields = outcome.fields;
        }
      });
    } catch (error) {
      runInAction(() => (this.createError = describeError(error)));
    } finally {
      runInAction(() => (this.creating = false));
    }
  }

  openEdit(key: string): void {
    this.editingKey = key;
    this.editError = null;
    this.editFields = {};
    this.confirmation = null;
  }

  closeEdit(): void {
    this.editingKey = null;
    this.confirmation = null;
  }

  /** Saves the value (if changed) and the workspaces; a closing flag newly on for a workspace asks first. */
  async save(values: { value: string; workspaceUrls: string[] }, confirmed = false): Promise<void> {
    const flag = this.editing;
    if (!flag) return;
    this.saving = true;
    this.editError = null;
    this.editFields = {};
    try {
      let current = flag;
      const outcome = await this.setWorkspaces.execute({
        flag: current,
        workspaceUrls: values.workspaceUrls,
        confirmed,
      });
      if (outcome.ok && outcome.confirm) {
        const { confirm } = outcome;
        runInAction(() => {
          this.confirmation = { key: flag.key, workspaceUrls: values.workspaceUrls, ...confirm };
          this.pendingValue = values.value;
        });
        return;
      }
      if (!outcome.ok) {
        runInAction(() => {
          this.editError = outcome.message;
          this.editFields = outcome.fields.enabledWorkspaces
            ? { workspaceUrls: outcome.fields.enabledWorkspaces }
            : outcome.fields;
        });
        return;
      }
      current = outcome.flag;
      if (values.value.trim() !== flag.value) {
        const updated = await this.updateValue.execute({ key: flag.key, value: values.value });
        if (!updated.ok) {
          runInAction(() => {
            this.replace(current);
            this.editError = updated.message;
            this.editFields = updated.fields;
          });
          return;
        }
        current = updated.flag;
      }
      runInAction(() => {
        this.replace(current);
        this.editingKey = null;
        this.confirmation = null;
        this.notice = { type: 'success', message: `Flag "${current.key}" saved.` };
      });
    } catch (error) {
      runInAction(() => (this.editError = describeError(error)));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async confirm(): Promise<void> {
    const pending = this.confirmation;
    if (!pending) return;
    this.confirmation = null;
    await this.save({ value: this.pendingValue, workspaceUrls: pending.workspaceUrls }, true);
  }

  cancelConfirmation(): void {
    this.confirmation = null;
  }

  /** The flag waiting for the delete confirmation, as a plain row (with its workspaces, to say what deleting does). */
  get deleting(): FlagRow | null {
    return this.rows.find((r) => r.key === this.deletingKey) ?? null;
  }

  askDelete(key: string): void {
    this.deletingKey = key;
    this.deleteError = null;
  }

  cancelDelete(): void {
    this.deletingKey = null;
    this.deleteError = null;
  }

  async confirmDelete(): Promise<void> {
    const key = this.deletingKey;
    if (!key || this.deleteBusy) return;
    this.deleteBusy = true;
    this.deleteError = null;
    try {
      const outcome = await this.deleteFlag.execute(key);
      runInAction(() => {
        if (outcome.ok || outcome.reason === 'not-found') {
          // Gone either way: someone else may have deleted it first.
          this.flags = this.flags.filter((f) => f.key !== key);
          this.deletingKey = null;
          this.notice = { type: 'success', message: `Flag "${key}" deleted.` };
        } else {
          this.deleteError = outcome.message;
        }
      });
    } catch (error) {
      runInAction(() => (this.deleteError = describeError(error)));
    } finally {
      runInAction(() => (this.deleteBusy = false));
    }
  }

  dismissNotice(): void {
    this.notice = null;
  }

  private replace(flag: FeatureFlag): void {
    this.flags = this.flags.map((f) => (f.key === flag.key ? flag : f));
  }
}
