import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { WorkspaceDetails, WorkspaceListItem } from '../../contracts/main/platform-workspaces.contract';
import { CreateWorkspace, type CreateWorkspaceInput } from '../../application/platform/create-workspace.use-case';
import { WorkspaceAdminApi } from '../../application/platform/workspace-admin-api.port';
import { describeError } from '../../application/shared/api-error';
import { contractState, isoDay } from '../../domain/platform/contract-expiry';

type LoadStatus = 'loading' | 'ready' | 'error';

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
  status: LoadStatus = 'loading';
  error: string | null = null;
  items: WorkspaceListItem[] = [];
  total = 0;
  /** One-based, as the table shows it. */
  page = 1;
  pageSize = 20;
  search = '';

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
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Plain rows for antd's Table (not an observer). */
  get rows(): WorkspaceRow[] {
    return this.items.map((w) => ({
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

  async load(page = this.page, pageSize = this.pageSize): Promise<void> {
    this.status = 'loading';
    this.error = null;
    const search = this.search;
    try {
      const result = await this.workspaces.list({ page: page - 1, pageSize, search: search || undefined });
      runInAction(() => {
        if (search !== this.search) return; // a newer search is on its way
        this.items = result.items;
        this.total = result.total;
        this.page = page;
        this.pageSize = pageSize;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
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
