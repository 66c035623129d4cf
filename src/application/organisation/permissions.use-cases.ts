import type { PermissionMatrix } from '../../contracts/main/permissions.contract';
import type { EditableRole, PermissionKey } from '../../domain/auth/permissions';
import { attempt, type Refusal } from '../shared/refusal';

/** The permission matrix of the workspace (workspace admins). */
export const PermissionsApi = Symbol('PermissionsApi');
export interface PermissionsApi {
  /** @read */
  all(): Promise<PermissionMatrix>;
  update(input: {
    role: EditableRole;
    permissions: Partial<Record<PermissionKey, boolean>>;
  }): Promise<PermissionMatrix>;
}

/** Saves the switches of each changed role, one call per role; stops at the first refusal. */
export class SavePermissions {
  constructor(private readonly api: PermissionsApi) {}

  async execute(
    changes: { role: EditableRole; permissions: Partial<Record<PermissionKey, boolean>> }[],
  ): Promise<{ ok: true; matrix: PermissionMatrix | null } | Refusal> {
    let matrix: PermissionMatrix | null = null;
    for (const change of changes) {
      if (Object.keys(change.permissions).length === 0) continue;
      const result = await attempt(() => this.api.update(change));
      if (!result.ok) return result;
      matrix = result.value;
    }
    return { ok: true, matrix };
  }
}
