import type { PermissionMatrix } from '../../src/contracts/main/permissions.contract';
import { type PermissionsApi } from '../../src/application/organisation/permissions.use-cases';
import { ApiError } from '../../src/application/shared/api-error';
import { grantsOf, isEditableRole, PERMISSIONS, type PermissionOverrides } from '../../src/domain/auth/permissions';
import { Role, ROLE_LABELS } from '../../src/domain/auth/roles';

/** An in-memory server: the same catalogue and rules, switches kept per role. */
export class FakePermissionsApi implements PermissionsApi {
  overrides: PermissionOverrides = {};
  calls: string[] = [];
  failNext: Error | null = null;
  failLoad = false;

  private matrix(): PermissionMatrix {
    return {
      permissions: PERMISSIONS.map((p) => ({ ...p, roles: [...p.roles] })),
      roles: Role.options.map((role) => ({
        role,
        label: ROLE_LABELS[role],
        editable: isEditableRole(role),
        granted: grantsOf(role, this.overrides),
      })),
    };
  }

  async all() {
    this.calls.push('all');
    if (this.failLoad) throw new ApiError('server-error', 'INTERNAL', 'The server could not complete this request');
    return this.matrix();
  }

  async update(input: Parameters<PermissionsApi['update']>[0]) {
    this.calls.push(`update ${input.role} ${JSON.stringify(input.permissions)}`);
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
    this.overrides[input.role] = { ...this.overrides[input.role], ...input.permissions };
    return this.matrix();
  }
}
