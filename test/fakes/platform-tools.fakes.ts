import type { AllowListEntry, AllowListImport } from '../../src/contracts/main/allow-list.contract';
import type { FeatureFlag } from '../../src/contracts/main/flags.contract';
import type { IpRangeEntry, SetIpRangesBody } from '../../src/contracts/main/ip-ranges.contract';
import type { PlatformUser, UpdateUserBody, UserRecord } from '../../src/contracts/main/platform-users.contract';
import type { UserManual } from '../../src/contracts/main/user-manual.contract';
import type { WorkspaceOption } from '../../src/contracts/main/workspace-options.contract';
import type {
  AllowListApi,
  AllowListPage,
  FlagAdminApi,
  IpRangesApi,
  PlatformUsersApi,
  UserManualApi,
  WorkspaceDirectory,
} from '../../src/application/platform-tools/platform-tools-api.port';
import { ApiError } from '../../src/application/shared/api-error';

export const ACME: WorkspaceOption = {
  workspaceId: '11111111-1111-4111-8111-111111111111',
  workspaceUrl: 'acme.localhost',
  companyName: 'Acme',
  active: true,
};
export const GLOBEX: WorkspaceOption = {
  workspaceId: '22222222-2222-4222-8222-222222222222',
  workspaceUrl: 'globex.localhost',
  companyName: 'Globex',
  active: true,
};

/** Fails the next call with `failNext`, then works again. */
class Failing {
  failNext: unknown = null;
  calls: string[] = [];
  protected check(call: string): void {
    this.calls.push(call);
    const error = this.failNext;
    this.failNext = null;
    if (error) throw error;
  }
}

export class FakeWorkspaceDirectory extends Failing implements WorkspaceDirectory {
  workspaces = [ACME, GLOBEX];
  async search(q = ''): Promise<WorkspaceOption[]> {
    this.check(`search ${q}`);
    const needle = q.toLowerCase();
    return this.workspaces.filter(
      (w) => w.companyName.toLowerCase().includes(needle) || w.workspaceUrl.includes(needle),
    );
  }
}

export class FakeFlagAdminApi extends Failing implements FlagAdminApi {
  flags: FeatureFlag[] = [
    { key: 'elevateip', value: 'on', enabledWorkspaces: [] },
    { key: 'maintenance', value: 'on', enabledWorkspaces: [] },
  ];
  async list() {
    this.check('list');
    return structuredClone(this.flags);
  }
  async create(key: string, value: string) {
    this.check(`create ${key}`);
    if (this.flags.some((f) => f.key === key))
      throw new ApiError('conflict', 'CONFLICT', `There is already a feature flag "${key}"`, {
        key: 'A flag with this key exists',
      });
    const flag = { key, value, enabledWorkspaces: [] };
    this.flags.push(flag);
    return structuredClone(flag);
  }
  async updateValue(key: string, value: string) {
    this.check(`update ${key}=${value}`);
    const flag = this.flags.find((f) => f.key === key);
    if (!flag) throw new ApiError('not-found', 'NOT_FOUND', 'No such flag');
    flag.value = value;
    return structuredClone(flag);
  }
  async setWorkspaces(key: string, urls: string[]) {
    this.check(`workspaces ${key}=${urls.join(',')}`);
    const flag = this.flags.find((f) => f.key === key)!;
    const unknown = urls.filter((u) => ![ACME, GLOBEX].some((w) => w.workspaceUrl === u));
    if (unknown.length)
      throw new ApiError('invalid', 'VALIDATION', `Unknown workspace: ${unknown.join(', ')}`, {
        enabledWorkspaces: `Unknown workspace: ${unknown.join(', ')}`,
      });
    flag.enabledWorkspaces = urls.map((workspaceUrl) => ({ workspaceUrl }));
    return structuredClone(flag);
  }
  async delete(key: string) {
    this.check(`delete ${key}`);
    if (!this.flags.some((f) => f.key === key))
      throw new ApiError('not-found', 'NOT_FOUND', `There is no feature flag "${key}"`);
    this.flags = this.flags.filter((f) => f.key !== key);
  }
}

export class FakeIpRangesApi extends Failing implements IpRangesApi {
  ranges = new Map<string, IpRangeEntry[]>();
  async get(id: string) {
    this.check(`get ${id}`);
    return this.ranges.get(id) ?? [];
  }
  async set(id: string, body: SetIpRangesBody) {
    this.check(`set ${id}`);
    const saved = body.ranges.map((r) => ({
      cidr: r.cidr.includes('/') ? r.cidr : `${r.cidr}/32`,
      label: r.label ?? null,
    }));
    this.ranges.set(id, saved);
    return saved;
  }
}

export class FakeUserManualApi extends Failing implements UserManualApi {
  manuals = new Map<string | null, UserManual>();
  async current() {
    this.check('current');
    return this.manuals.get(ACME.workspaceId) ?? this.manuals.get(null) ?? null;
  }
  async published(workspaceId: string | null) {
    this.check(`published ${workspaceId}`);
    return this.manuals.get(workspaceId) ?? null;
  }
  async publishMarkdown(workspaceId: string | null, markdown: string) {
    this.check(`markdown ${workspaceId}`);
    const manual: UserManual = { format: 'MARKDOWN', markdown, workspaceId, publishedAt: '2026-11-23T03:00:00.000Z' };
    this.manuals.set(workspaceId, manual);
    return manual;
  }
  async publishPdf(workspaceId: string | null, file: { name: string; content: Blob }) {
    this.check(`pdf ${workspaceId} ${file.name}`);
    const manual: UserManual = {
      format: 'PDF',
      fileName: file.name,
      byteSize: file.content.size,
      fileUrl: '/main-api/api/user-manual/file/x',
      workspaceId,
      publishedAt: '2026-11-23T03:00:00.000Z',
    };
    this.manuals.set(workspaceId, manual);
    return manual;
  }
}

export class FakeAllowListApi extends Failing implements AllowListApi {
  entries: AllowListEntry[] = [];
  uploadAnswer: AllowListImport | ApiError = { lines: 2, added: 2, alreadyListed: 0 };
  private n = 0;
  async list(workspaceId: string, page: number, pageSize: number, q?: string): Promise<AllowListPage> {
    this.check(`list ${workspaceId} ${page} ${q ?? ''}`);
    const mine = this.entries.filter((e) => e.workspaceId === workspaceId && (!q || e.entry.includes(q)));
    return { items: mine.slice(page * pageSize, (page + 1) * pageSize), page, pageSize, total: mine.length };
  }
  async add(workspaceId: string, email: string) {
    this.check(`add ${email}`);
    if (this.entries.some((e) => e.workspaceId === workspaceId && e.entry === email))
      throw new ApiError('conflict', 'CONFLICT', `${email} is already on the list`, { email: 'Already on the list' });
    const entry: AllowListEntry = {
      entryId: `00000000-0000-4000-8000-${String(++this.n).padStart(12, '0')}`,
      workspaceId,
      entry: email,
      kind: email.startsWith('@') ? 'DOMAIN' : 'EMAIL',
      createdAt: '2026-11-23T03:00:00.000Z',
    };
    this.entries.unshift(entry);
    return entry;
  }
  async upload(workspaceId: string, file: { name: string }) {
    this.check(`upload ${workspaceId} ${file.name}`);
    if (this.uploadAnswer instanceof ApiError) throw this.uploadAnswer;
    return this.uploadAnswer;
  }
  async remove(workspaceId: string, entryId: string) {
    this.check(`remove ${entryId}`);
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => !(e.workspaceId === workspaceId && e.entryId === entryId));
    if (this.entries.length === before) throw new ApiError('not-found', 'NOT_FOUND', 'There is no such entry');
  }
}

export const LAKSHMI: PlatformUser = {
  userId: '33333333-3333-4333-8333-333333333333',
  workspaceId: ACME.workspaceId,
  email: 'lakshmi.iyer31@acme.test',
  firstName: 'Lakshmi',
  lastName: 'Iyer',
  role: 'EMPLOYEE',
  status: 'ACTIVE',
  createdAt: '2026-01-01T00:00:00.000Z',
};

export class FakePlatformUsersApi extends Failing implements PlatformUsersApi {
  users: PlatformUser[] = [structuredClone(LAKSHMI)];
  updates: UpdateUserBody[] = [];
  async record(workspaceId: string, by: { userId: string } | { email: string }): Promise<UserRecord> {
    this.check('record');
    const user = this.users.find(
      (u) => u.workspaceId === workspaceId && ('email' in by ? u.email === by.email : u.userId === by.userId),
    );
    if (!user) throw new ApiError('not-found', 'NOT_FOUND', 'There is no such user in this workspace');
    return {
      user: structuredClone(user),
      courses: [
        {
          courseId: 'c1',
          title: 'Preventing Sexual Harassment at Work',
          status: 'COMPLETED',
          progress: 100,
          assignedAt: '2026-01-05T10:00:00.000Z',
          completedAt: '2026-01-20T09:30:00.000Z',
        },
        {
          courseId: 'c2',
          title: 'Bystander basics',
          status: 'IN_PROGRESS',
          progress: null,
          assignedAt: '2026-02-01T10:00:00.000Z',
          completedAt: null,
        },
      ],
      policies: [],
    };
  }
  async update(body: UpdateUserBody) {
    this.check('update');
    this.updates.push(body);
    const user = this.users.find((u) => u.userId === body.userId && u.workspaceId === body.workspaceId);
    if (!user) throw new ApiError('not-found', 'NOT_FOUND', 'There is no such user in this workspace');
    if (body.email === 'admin@acme.test')
      throw new ApiError('conflict', 'CONFLICT', 'Another user of this workspace has this email', {
        email: 'Already used in this workspace',
      });
    Object.assign(
      user,
      Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'workspaceId' && k !== 'userId')),
    );
    return structuredClone(user);
  }
}
