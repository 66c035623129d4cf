import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { WorkspaceDetails } from '../../contracts/main/platform-workspaces.contract';
import { DeleteWorkspace, deletionConfirmed } from '../../application/platform/delete-workspace.use-case';
import { WorkspaceAdminApi } from '../../application/platform/workspace-admin-api.port';
import {
  ChangeWorkspaceUrl,
  SetContractExpiry,
  SetUserLimit,
  SwitchWorkspaceModule,
  type SettingOutcome,
} from '../../application/platform/workspace-settings.use-case';
import { describeError } from '../../application/shared/api-error';
import { MODULES, type ModuleKey } from '../../domain/platform/workspace-modules';
import { describeContract, describeUsers } from './workspace-list.view-model';

type LoadStatus = 'loading' | 'ready' | 'error';
type Busy = 'limit' | 'expiry' | 'url' | 'delete' | ModuleKey | null;

/** One workspace in the platform console: its figures, user limit, contract, host, modules, and deletion. */
@injectable()
export class WorkspaceDetailsViewModel {
  workspaceId = '';
  status: LoadStatus = 'loading';
  error: string | null = null;
  workspace: WorkspaceDetails | null = null;
  busy: Busy = null;
  notice: { type: 'success' | 'error'; message: string } | null = null;
  /** Field -> message, from the last refused change. */
  fieldErrors: Record<string, string> = {};

  deleteOpen = false;
  typedName = '';
  deleteError: string | null = null;
  deleted = false;

  constructor(
    @inject(WorkspaceAdminApi) private readonly workspaces: WorkspaceAdminApi,
    @inject(SetUserLimit) private readonly setUserLimit: SetUserLimit,
    @inject(SetContractExpiry) private readonly setContractExpiry: SetContractExpiry,
    @inject(ChangeWorkspaceUrl) private readonly changeWorkspaceUrl: ChangeWorkspaceUrl,
    @inject(SwitchWorkspaceModule) private readonly switchWorkspaceModule: SwitchWorkspaceModule,
    @inject(DeleteWorkspace) private readonly deleteWorkspace: DeleteWorkspace,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get users(): string {
    return this.workspace ? describeUsers(this.workspace) : '';
  }

  get contract(): string {
    return this.workspace ? describeContract(this.workspace.contractExpiresOn) : '';
  }

  /** Plain rows for the switches. */
  get modules(): { key: ModuleKey; label: string; description: string; on: boolean }[] {
    const state = this.workspace?.modules;
    return MODULES.map((m) => ({ ...m, on: state ? state[m.key] : true }));
  }

  get canDelete(): boolean {
    return this.workspace !== null && deletionConfirmed(this.typedName, this.workspace.companyName);
  }

  async load(workspaceId: string): Promise<void> {
    this.workspaceId = workspaceId;
    this.status = 'loading';
    this.error = null;
    try {
      const workspace = await this.workspaces.details(workspaceId);
      runInAction(() => {
        this.workspace = workspace;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  private async apply(
    busy: Busy,
    run: () => Promise<SettingOutcome>,
    success: (w: WorkspaceDetails) => string,
  ): Promise<boolean> {
    this.busy = busy;
    this.notice = null;
    this.fieldErrors = {};
    try {
      const outcome = await run();
      runInAction(() => {
        if (outcome.ok) {
          this.workspace = outcome.workspace;
          this.notice = { type: 'success', message: success(outcome.workspace) };
        } else {
          this.fieldErrors = outcome.fields;
          this.notice = { type: 'error', message: outcome.message };
        }
      });
      return outcome.ok;
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  saveUserLimit(userLimit: number | null): Promise<boolean> {
    return this.apply(
      'limit',
      () => this.setUserLimit.execute(this.workspaceId, userLimit),
      (w) => (w.userLimit === null ? 'The user limit is lifted.' : `The user limit is now ${w.userLimit}.`),
    );
  }

  saveContractExpiry(day: string | null): Promise<boolean> {
    return this.apply(
      'expiry',
      () => this.setContractExpiry.execute(this.workspaceId, day),
      (w) =>
        w.contractExpiresOn ? `The contract now runs until ${w.contractExpiresOn}.` : 'The contract is now open-ended.',
    );
  }

  saveUrl(workspaceUrl: string): Promise<boolean> {
    return this.apply(
      'url',
      () => this.changeWorkspaceUrl.execute(this.workspaceId, workspaceUrl),
      (w) =>
        `The workspace is now served at ${w.workspaceUrl}. The old address no longer works and everyone there was signed out.`,
    );
  }

  async switchModule(key: ModuleKey, on: boolean): Promise<void> {
    const workspace = this.workspace;
    if (!workspace) return;
    this.busy = key;
    this.notice = null;
    try {
      const modules = await this.switchWorkspaceModule.execute(this.workspaceId, key, on);
      const label = MODULES.find((m) => m.key === key)!.label;
      runInAction(() => {
        this.workspace = { ...workspace, modules };
        this.notice = {
          type: 'success',
          message: `${label} is now ${modules[key] ? 'on' : 'off'} for ${workspace.companyName}.`,
        };
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  openDelete(): void {
    this.deleteOpen = true;
    this.typedName = '';
    this.deleteError = null;
  }

  closeDelete(): void {
    this.deleteOpen = false;
  }

  setTypedName(value: string): void {
    this.typedName = value;
  }

  async confirmDelete(): Promise<void> {
    const workspace = this.workspace;
    if (!workspace) return;
    this.busy = 'delete';
    this.deleteError = null;
    try {
      const outcome = await this.deleteWorkspace.execute({
        workspaceId: workspace.workspaceId,
        companyName: workspace.companyName,
        typedName: this.typedName,
      });
      runInAction(() => {
        if (outcome.ok) {
          this.deleteOpen = false;
          this.deleted = true;
        } else this.deleteError = outcome.message;
      });
    } catch (error) {
      runInAction(() => (this.deleteError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}
