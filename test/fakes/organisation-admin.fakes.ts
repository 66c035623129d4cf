import type {
  AddManagerBody,
  BusinessUnit,
  BusinessUnitQuery,
  CreateBranchBody,
  CreateDepartmentBody,
  DeleteBranchBody,
  DeleteDepartmentsBody,
  DepartmentManager,
  DepartmentQuery,
  DepartmentRow,
  UpdateBranchBody,
  UpdateSettingsBody,
  UserChoice,
  WorkspaceSettings,
} from '../../src/contracts/main/organisation.contract';
import type {
  BusinessUnitsApi,
  DepartmentsApi,
  Page,
  WorkspaceAdminApi,
} from '../../src/application/organisation/organisation-admin-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import { notConfiguredMessage } from '../../src/domain/auth/social-sign-in';
import { DEFAULT_SESSION_POLICY } from '../../src/domain/organisation/workspace-policy';

function page<T>(all: T[], query: { page?: number; pageSize?: number }): Page<T> {
  const p = query.page ?? 0;
  const size = query.pageSize ?? 20;
  return { items: all.slice(p * size, (p + 1) * size), page: p, pageSize: size, total: all.length };
}

/** Business units in memory, with the server's rules (one headquarters, a target for people, unique names). */
export class FakeBusinessUnitsApi implements BusinessUnitsApi {
  units: BusinessUnit[] = [
    {
      branchId: 'hq',
      branchName: 'Acme Headquarters',
      headquarter: true,
      backgroundColor: null,
      userCount: 30,
      departmentCount: 3,
    },
    {
      branchId: 'pune',
      branchName: 'Acme Pune',
      headquarter: false,
      backgroundColor: null,
      userCount: 10,
      departmentCount: 3,
    },
  ];
  calls: string[] = [];
  removed: DeleteBranchBody[] = [];
  private next = 1;

  async list(query: BusinessUnitQuery) {
    this.calls.push(`list ${query.page} ${query.search ?? ''}`);
    const search = query.search?.toLowerCase();
    return page(
      this.units.filter((u) => !search || u.branchName.toLowerCase().includes(search)),
      query,
    );
  }
  async create(body: CreateBranchBody) {
    this.calls.push(`create ${body.branchName}`);
    if (this.units.some((u) => u.branchName.toLowerCase() === body.branchName.toLowerCase())) {
      throw new ApiError('conflict', 'CONFLICT', 'A business unit with this name exists already', {
        branchName: 'A business unit with this name exists already',
      });
    }
    if (body.headquarter) this.units = this.units.map((u) => ({ ...u, headquarter: false }));
    const unit: BusinessUnit = {
      branchId: `u${this.next++}`,
      branchName: body.branchName,
      headquarter: body.headquarter ?? false,
      backgroundColor: null,
      userCount: 0,
      departmentCount: 0,
    };
    this.units.push(unit);
    return unit;
  }
  async update(branchId: string, body: UpdateBranchBody) {
    this.calls.push(`update ${branchId}`);
    const unit = this.units.find((u) => u.branchId === branchId);
    if (!unit) throw new ApiError('not-found', 'NOT_FOUND', 'Business unit not found');
    if (body.headquarter) this.units = this.units.map((u) => ({ ...u, headquarter: u.branchId === branchId }));
    this.units = this.units.map((u) =>
      u.branchId === branchId ? { ...u, branchName: body.branchName ?? u.branchName } : u,
    );
    return this.units.find((u) => u.branchId === branchId)!;
  }
  async remove(body: DeleteBranchBody) {
    this.calls.push(`remove ${body.branchIds.join()}`);
    this.removed.push(body);
    const doomed = this.units.filter((u) => body.branchIds.includes(u.branchId));
    if (doomed.some((u) => u.headquarter))
      throw new ApiError('conflict', 'CONFLICT', 'The headquarters cannot be deleted');
    const people = doomed.reduce((n, u) => n + u.userCount, 0);
    if (people > 0 && !body.moveUsersToBranchId)
      throw new ApiError('invalid', 'VALIDATION', 'Choose where they go', { moveUsersToBranchId: 'Required' });
    this.units = this.units
      .filter((u) => !body.branchIds.includes(u.branchId))
      .map((u) => (u.branchId === body.moveUsersToBranchId ? { ...u, userCount: u.userCount + people } : u));
    return {
      deletedBranchIds: body.branchIds,
      movedUsers: people,
      deletedDepartments: doomed.reduce((n, u) => n + u.departmentCount, 0),
    };
  }
  async setColour(branchId: string, hex: string) {
    this.calls.push(`colour ${branchId} ${hex}`);
    this.units = this.units.map((u) => (u.branchId === branchId ? { ...u, backgroundColor: `#${hex}` } : u));
    return this.units.find((u) => u.branchId === branchId)!;
  }
}

export class FakeDepartmentsApi implements DepartmentsApi {
  rows: DepartmentRow[] = [
    {
      departmentId: 'd1',
      departmentName: 'Engineering',
      branchId: 'hq',
      branchName: 'Acme Headquarters',
      userCount: 4,
      managerCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    {
      departmentId: 'd2',
      departmentName: 'Sales',
      branchId: 'hq',
      branchName: 'Acme Headquarters',
      userCount: 2,
      managerCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    {
      departmentId: 'd3',
      departmentName: 'Sales',
      branchId: 'pune',
      branchName: 'Acme Pune',
      userCount: 0,
      managerCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ];
  managerLists = new Map<string, DepartmentManager[]>();
  people: UserChoice[] = [
    { userId: 'u-esha', name: 'Esha Employee', email: 'employee@acme.test', branchName: 'Acme Headquarters' },
    { userId: 'u-emil', name: 'Emil Employer', email: 'employer@acme.test', branchName: 'Acme Headquarters' },
  ];
  queries: DepartmentQuery[] = [];
  searches: string[] = [];
  /** Resolves searches in a chosen order (to test late answers). */
  searchDelay = new Map<string, Promise<void>>();
  private next = 10;

  async list(query: DepartmentQuery) {
    this.queries.push(query);
    const search = query.search?.toLowerCase();
    return page(
      this.rows.filter(
        (d) =>
          (!query.branchId || d.branchId === query.branchId) &&
          (!search || d.departmentName.toLowerCase().includes(search)),
      ),
      query,
    );
  }
  async create(body: CreateDepartmentBody) {
    const units = body.allBranch ? ['hq', 'pune'] : [body.branchId!];
    const created = units
      .filter(
        (b) =>
          !this.rows.some(
            (d) => d.branchId === b && d.departmentName.toLowerCase() === body.departmentName.toLowerCase(),
          ),
      )
      .map((b) => ({
        departmentId: `d${this.next++}`,
        departmentName: body.departmentName,
        branchId: b,
        branchName: b,
        userCount: 0,
        managerCount: 0,
        createdAt: '2026-01-02T00:00:00.000Z',
      }));
    if (created.length === 0)
      throw new ApiError('conflict', 'CONFLICT', 'This business unit has a department with this name already', {
        departmentName: 'Taken',
      });
    this.rows.push(...created);
    return created;
  }
  async rename(departmentId: string, departmentName: string) {
    const row = this.rows.find((d) => d.departmentId === departmentId);
    if (!row) throw new ApiError('not-found', 'NOT_FOUND', 'Department not found');
    row.departmentName = departmentName;
    return { ...row };
  }
  async remove(body: DeleteDepartmentsBody) {
    const ids = body.departmentBranches.map((p) => p.departmentId);
    const doomed = this.rows.filter((d) => ids.includes(d.departmentId));
    this.rows = this.rows.filter((d) => !ids.includes(d.departmentId));
    return { deleted: doomed.length, usersWithoutDepartment: doomed.reduce((n, d) => n + d.userCount, 0) };
  }
  /** Resolves a department's managers list in a chosen order (to test late answers). */
  managersDelay = new Map<string, Promise<void>>();
  async managers(departmentId: string) {
    await this.managersDelay.get(departmentId);
    return [...(this.managerLists.get(departmentId) ?? [])];
  }
  async addManager(departmentId: string, body: AddManagerBody) {
    const person = this.people.find((p) => p.userId === body.userId);
    if (!person) throw new ApiError('not-found', 'NOT_FOUND', 'User not found');
    const [firstName, lastName] = person.name.split(' ');
    const manager: DepartmentManager = {
      userId: person.userId,
      firstName,
      lastName,
      email: person.email,
      role: body.role,
      appointedAt: '2026-01-03T00:00:00.000Z',
    };
    this.managerLists.set(departmentId, [
      ...(this.managerLists.get(departmentId) ?? []).filter((m) => m.userId !== body.userId),
      manager,
    ]);
    return manager;
  }
  async removeManager(departmentId: string, userId: string) {
    const list = this.managerLists.get(departmentId) ?? [];
    if (!list.some((m) => m.userId === userId))
      throw new ApiError('not-found', 'NOT_FOUND', 'This person is not a manager of the department');
    this.managerLists.set(
      departmentId,
      list.filter((m) => m.userId !== userId),
    );
  }
  async searchUsers(search: string) {
    this.searches.push(search);
    await this.searchDelay.get(search);
    const text = search.toLowerCase();
    return this.people.filter((p) => !text || p.name.toLowerCase().includes(text) || p.email.includes(text));
  }
}

export class FakeWorkspaceAdminApi implements WorkspaceAdminApi {
  colour = '#1f6feb';
  logo: string | null = null;
  uploads: { size: number; name: string }[] = [];
  current: WorkspaceSettings = {
    bulkSignUpEnabled: false,
    socialPlatformSet: [],
    availableSocialPlatforms: ['GOOGLE', 'MICROSOFT'],
    ...DEFAULT_SESSION_POLICY,
  };
  updates: UpdateSettingsBody[] = [];

  async setColour(hex: string) {
    this.colour = `#${hex}`;
    return this.colour;
  }
  async uploadLogo(file: Blob, fileName: string) {
    this.uploads.push({ size: file.size, name: fileName });
    if (fileName.endsWith('.fake'))
      throw new ApiError('invalid', 'UNSUPPORTED_IMAGE', 'The logo must be a PNG, JPEG or WebP picture', {
        logo: 'Not a picture',
      });
    this.logo = `/main-api/api/workspace/logo/abcdef0123456789`;
    return this.logo;
  }
  async removeLogo() {
    this.logo = null;
  }
  async settings() {
    return this.current;
  }
  async updateSettings(body: UpdateSettingsBody) {
    this.updates.push(body);
    // As the server: a method it is not configured for cannot be switched on.
    const unserved = (body.socialPlatformSet ?? []).filter((m) => !this.current.availableSocialPlatforms.includes(m));
    if (unserved.length)
      throw new ApiError('invalid', 'VALIDATION', notConfiguredMessage(unserved[0]), {
        socialPlatformSet: notConfiguredMessage(unserved[0]),
      });
    const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    this.current = { ...this.current, ...defined };
    return this.current;
  }
}
