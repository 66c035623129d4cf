import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserManual } from '../../contracts/main/user-manual.contract';
import { UserManualApi, WorkspaceDirectory } from '../../application/platform-tools/platform-tools-api.port';
import { PublishUserManual, type ManualContent } from '../../application/platform-tools/user-manual.use-cases';
import { describeError } from '../../application/shared/api-error';
import { WorkspaceChoices } from './workspace-choices';

/** `ALL` in the scope picker: the manual for every workspace. */
export const ALL_WORKSPACES = 'ALL';

/** Publishing the user manual: choose the scope, see what is published there, replace it. */
@injectable()
export class ManualPublishViewModel {
  scope: string = ALL_WORKSPACES;
  currentStatus: 'loading' | 'ready' | 'error' = 'loading';
  currentError: string | null = null;
  current: UserManual | null = null;
  publishing = false;
  publishError: string | null = null;
  fields: Record<string, string> = {};
  notice: string | null = null;
  published = 0;
  readonly workspaces: WorkspaceChoices;

  constructor(
    @inject(UserManualApi) private readonly api: UserManualApi,
    @inject(WorkspaceDirectory) directory: WorkspaceDirectory,
    @inject(PublishUserManual) private readonly publishManual: PublishUserManual,
  ) {
    this.workspaces = new WorkspaceChoices(directory);
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get workspaceId(): string | null {
    return this.scope === ALL_WORKSPACES ? null : this.scope;
  }

  get scopeLabel(): string {
    if (this.scope === ALL_WORKSPACES) return 'every workspace';
    const w = this.workspaces.find(this.scope);
    return w ? w.companyName : 'this workspace';
  }

  get scopeOptions(): { value: string; label: string }[] {
    return [{ value: ALL_WORKSPACES, label: 'All workspaces' }, ...this.workspaces.byId];
  }

  async start(): Promise<void> {
    await Promise.all([this.workspaces.search(''), this.loadCurrent()]);
  }

  async choose(scope: string): Promise<void> {
    this.scope = scope;
    this.notice = null;
    this.publishError = null;
    this.fields = {};
    await this.loadCurrent();
  }

  async loadCurrent(): Promise<void> {
    const scope = this.scope;
    this.currentStatus = 'loading';
    this.currentError = null;
    try {
      const manual = await this.api.published(this.workspaceId);
      runInAction(() => {
        if (scope !== this.scope) return;
        this.current = manual;
        this.currentStatus = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.currentStatus = 'error';
        this.currentError = describeError(error);
      });
    }
  }

  async publish(input: ManualContent): Promise<void> {
    this.publishing = true;
    this.publishError = null;
    this.fields = {};
    this.notice = null;
    try {
      const outcome = await this.publishManual.execute({ ...input, workspaceId: this.workspaceId });
      runInAction(() => {
        if (outcome.ok) {
          this.current = outcome.manual;
          this.currentStatus = 'ready';
          this.published += 1;
          this.notice = `Published for ${this.scopeLabel}.`;
        } else {
          this.publishError = outcome.message;
          this.fields = outcome.fields;
        }
      });
    } catch (error) {
      runInAction(() => (this.publishError = describeError(error)));
    } finally {
      runInAction(() => (this.publishing = false));
    }
  }
}
