import type {
  DeleteDepartmentsResult,
  DepartmentManager,
  DepartmentRow,
  ManagerRole,
} from '../../contracts/main/organisation.contract';
import type { DepartmentsApi } from './organisation-admin-api.port';
import { attempt, invalid, type Refusal } from '../shared/refusal';

export interface CreateDepartmentInput {
  departmentName: string;
  /** A unit id, or 'ALL' for every unit. */
  branchId: string;
}

export class CreateDepartment {
  constructor(private readonly departments: DepartmentsApi) {}

  async execute(input: CreateDepartmentInput): Promise<{ ok: true; created: DepartmentRow[] } | Refusal> {
    const departmentName = input.departmentName.trim();
    if (!departmentName) return invalid('Give the department a name', 'departmentName');
    if (!input.branchId) return invalid('Choose a business unit, or all', 'branchId');
    const all = input.branchId === 'ALL';
    const result = await attempt(() =>
      this.departments.create(all ? { departmentName, allBranch: true } : { departmentName, branchId: input.branchId }),
    );
    return result.ok ? { ok: true, created: result.value } : result;
  }
}

export class RenameDepartment {
  constructor(private readonly departments: DepartmentsApi) {}

  async execute(input: {
    departmentId: string;
    departmentName: string;
  }): Promise<{ ok: true; department: DepartmentRow } | Refusal> {
    const departmentName = input.departmentName.trim();
    if (!departmentName) return invalid('Give the department a name', 'departmentName');
    const result = await attempt(() => this.departments.rename(input.departmentId, departmentName));
    return result.ok ? { ok: true, department: result.value } : result;
  }
}

export class DeleteDepartments {
  constructor(private readonly departments: DepartmentsApi) {}

  async execute(
    rows: readonly Pick<DepartmentRow, 'departmentId' | 'branchId'>[],
  ): Promise<{ ok: true; result: DeleteDepartmentsResult } | Refusal> {
    if (rows.length === 0) return invalid('Choose at least one department');
    const result = await attempt(() =>
      this.departments.remove({
        departmentBranches: rows.map((r) => ({ departmentId: r.departmentId, branchId: r.branchId })),
      }),
    );
    return result.ok ? { ok: true, result: result.value } : result;
  }
}

export class AppointDepartmentManager {
  constructor(private readonly departments: DepartmentsApi) {}

  async execute(input: {
    departmentId: string;
    userId?: string | null;
    role?: ManagerRole | null;
  }): Promise<{ ok: true; manager: DepartmentManager } | Refusal> {
    if (!input.userId) return invalid('Choose a person', 'userId');
    if (!input.role) return invalid('Choose their role', 'role');
    const { userId, role } = input;
    const result = await attempt(() => this.departments.addManager(input.departmentId, { userId, role }));
    return result.ok ? { ok: true, manager: result.value } : result;
  }
}

export class RemoveDepartmentManager {
  constructor(private readonly departments: DepartmentsApi) {}

  async execute(input: { departmentId: string; userId: string }): Promise<{ ok: true } | Refusal> {
    const result = await attempt(() => this.departments.removeManager(input.departmentId, input.userId));
    return result.ok ? { ok: true } : result;
  }
}
