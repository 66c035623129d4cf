import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { WorkspaceDetails, WorkspaceListItem } from '../../contracts/main/platform-workspaces.contract';
import { CreateWorkspace, type CreateWorkspaceInput } from '../../application/platform/create-workspace.use-case';
import { WorkspaceAdminApi } from '../../application/platform/workspace-admin-api.port';
import { describeError } from '../../application/shared/api-error';
import { contractState, isoDay } from '../../domain/platform/contract-expiry';
import { PagedList } from '../shared/paged-list';

export interface WorkspaceRow {
  key: string;
  workspaceId: string;
  companyName: string;
  workspaceUrl: string;
  users: string;
  contract: string;
  createdAt: string;
}

export function describeContract(expiresOn: string | null, today = isoDay(new Date())): string {
  const state = contractState(expiresOn, today);
  switch (state.kind) {
    case 'open-ended':
      return 'Open-ended';
    case 'expired':
      return `Expired (last day ${expiresOn})`;
    case 'expiring':
      return `Ends ${expiresOn} (${state.daysLeft} ${state.daysLeft === 1 ? 'day' : 'days'} left)`;
    default:
      return `Until ${expiresOn}`;
  }
}

export function describeUsers(w: Pick<WorkspaceListItem, 'userCount' | 'userLimit'>): string {
  return w.userLimit === null ? `${w.userCount}` : `${w.userCount} of ${w.userLimit}`;
}

/** The platform admin's list of workspaces: paged on the server, searchable by name or host; "New workspace". */
@injectable()
export class WorkspaceListViewModel {
  search = '';
  readonly list = new PagedList<WorkspaceListItem>((page, pageSize) =>
    this.workspaces.list({ page, pageSize, search: this.search || undefined }),
  );

  createOpen = false;
  creating = false;
  createError: string | null = null;
  createFields: Record<string, string> = {};
  /** The workspace just created: the screen opens its page. */
  created: WorkspaceDetails | null = null;

  constructor(
    @inject(WorkspaceAdminApi) private readonly workspaces: WorkspaceAdminApi,
    @inject(CreateWorkspace) private readonly createWorkspace: CreateWorkspace,
  ) {
    makeAutoObservable(this, { list: false }, { autoBind: true });
  }

  /** Plain rows for antd's Table (not an observer). */
  get rows(): WorkspaceRow[] {
    return this.list.items.map((w) => ({
      key: w.workspaceId,
      workspaceId: w.workspaceId,
      companyName: w.companyName,
      workspaceUrl: w.workspaceUrl,
      users: describeUsers(w),
      contract: describeContract(w.contractExpiresOn),
      createdAt: w.createdAt,
    }));
  }

  get emptyText(): string {
    return this.search ? `No workspace matches “${this.search}”` : 'No workspaces yet. Create the first one.';
  }

  load(page?: number, pageSize?: number): Promise<void> {
    return this.list.load(page, pageSize);
  }

  /** A new search starts again at the first page. */
  async searchFor(text: string): Promise<void> {
    this.search = text.trim();
    await this.load(1);
  }

  openCreate(): void {
    this.createOpen = true;
    this.createError = null;
    this.createFields = {};
  }

  closeCreate(): void {
    this.createOpen = false;
  }

  async create(values: CreateWorkspaceInput): Promise<void> {
    this.creating = true;
    this.createError = null;
    this.createFields = {};
    try {
      const outcome = await this.createWorkspace.execute(values);
      runInAction(() => {
        if (outcome.ok) {
          this.createOpen = false;
          this.created = outcome.workspace;
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
}
