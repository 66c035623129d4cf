import type {
  CreateWorkspaceBody,
  WorkspaceDetails,
  WorkspaceModules,
  WorkspacePage,
} from '../../src/contracts/main/platform-workspaces.contract';
import type { WorkspaceAdminApi, WorkspaceQuery } from '../../src/application/platform/workspace-admin-api.port';
import { ApiError } from '../../src/application/shared/api-error';

let next = 1;
const id = () => `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`;

export function workspace(overrides: Partial<WorkspaceDetails> = {}): WorkspaceDetails {
  return {
    workspaceId: id(),
    companyName: 'Acme',
    workspaceUrl: 'acme.localhost',
    userCount: 4,
    userLimit: null,
    contractExpiresOn: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    modules: { courses: true, 'concerned-authority': true, compliance: true },
    invitedCount: 0,
    headquarterName: 'Acme Headquarters',
    ...overrides,
  };
}

/** The console's API in memory, answering 404/409 as the server does. */
export class FakeWorkspaceAdminApi implements WorkspaceAdminApi {
  workspaces: WorkspaceDetails[] = [
    workspace(),
    workspace({ companyName: 'Globex', workspaceUrl: 'globex.localhost' }),
  ];
  calls: string[] = [];
  failNext: Error | null = null;

  private fail(): void {
    const error = this.failNext;
    this.failNext = null;
    if (error) throw error;
  }

  private find(workspaceId: string): WorkspaceDetails {
    const found = this.workspaces.find((w) => w.workspaceId === workspaceId);
    if (!found) throw new ApiError('not-found', 'NOT_FOUND', 'There is no such workspace');
    return found;
  }

  private update(workspaceId: string, change: Partial<WorkspaceDetails>): WorkspaceDetails {
    const updated = { ...this.find(workspaceId), ...change };
    this.workspaces = this.workspaces.map((w) => (w.workspaceId === workspaceId ? updated : w));
    return updated;
  }

  async list(query: WorkspaceQuery): Promise<WorkspacePage> {
    this.calls.push(`list ${query.page} ${query.pageSize} ${query.search ?? ''}`.trim());
    this.fail();
    const q = query.search?.toLowerCase();
    const matching = this.workspaces.filter(
      (w) => !q || w.companyName.toLowerCase().includes(q) || w.workspaceUrl.includes(q),
    );
    return {
      items: matching.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize),
      page: query.page,
      pageSize: query.pageSize,
      total: matching.length,
    };
  }

  async details(workspaceId: string): Promise<WorkspaceDetails> {
    this.fail();
    return this.find(workspaceId);
  }

  async create(body: CreateWorkspaceBody): Promise<WorkspaceDetails> {
    this.calls.push(`create ${body.workspaceUrl}`);
    this.fail();
    const taken = this.workspaces.find((w) => w.workspaceUrl === body.workspaceUrl);
    if (taken)
      throw new ApiError(
        'conflict',
        'CONFLICT',
        `${body.workspaceUrl} is already the address of ${taken.companyName}`,
        { workspaceUrl: `Already used by ${taken.companyName}` },
      );
    const created = workspace({
      companyName: body.companyName,
      workspaceUrl: body.workspaceUrl,
      userCount: 1,
      invitedCount: 1,
      userLimit: body.userLimit ?? null,
      contractExpiresOn: body.contractExpiresOn ?? null,
    });
    this.workspaces.push(created);
    return created;
  }

  async remove(workspaceId: string): Promise<void> {
    this.calls.push(`remove ${workspaceId}`);
    this.fail();
    this.find(workspaceId);
    this.workspaces = this.workspaces.filter((w) => w.workspaceId !== workspaceId);
  }

  async changeUrl(workspaceId: string, workspaceUrl: string): Promise<WorkspaceDetails> {
    this.fail();
    if (this.workspaces.some((w) => w.workspaceUrl === workspaceUrl && w.workspaceId !== workspaceId)) {
      throw new ApiError('conflict', 'CONFLICT', 'Taken', { workspaceUrl: 'Already used' });
    }
    return this.update(workspaceId, { workspaceUrl });
  }

  async setUserLimit(workspaceId: string, userLimit: number | null): Promise<WorkspaceDetails> {
    this.calls.push(`limit ${userLimit}`);
    this.fail();
    return this.update(workspaceId, { userLimit });
  }

  async setContractExpiry(workspaceId: string, contractExpiresOn: string | null): Promise<WorkspaceDetails> {
    this.fail();
    return this.update(workspaceId, { contractExpiresOn });
  }

  async setModules(workspaceId: string, modules: Partial<WorkspaceModules>): Promise<WorkspaceModules> {
    this.calls.push(`modules ${JSON.stringify(modules)}`);
    this.fail();
    return this.update(workspaceId, { modules: { ...this.find(workspaceId).modules, ...modules } }).modules;
  }
}
