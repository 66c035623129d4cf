import type { EditableRole, PermissionKey } from '../../../src/domain/auth/permissions';
import type { Role } from '../../../src/domain/auth/roles';
import type { Sql } from '../../platform/db/database';

/** A workspace's permission switches (role_permissions) and what the user routes need, in the caller's tenant transaction. */
export class PermissionsRepository {
  constructor(
    private readonly tx: Sql,
    private readonly workspaceId: string,
  ) {}

  /** Only departures from the default are stored: switching on (the default for every eligible role) deletes the row. */
  async switchOn(role: EditableRole, key: PermissionKey): Promise<void> {
    await this.tx.query(`DELETE FROM role_permissions WHERE workspace_id = $1 AND role = $2 AND permission_key = $3`, [
      this.workspaceId,
      role,
      key,
    ]);
  }

  async switchOff(role: EditableRole, key: PermissionKey, by: string): Promise<void> {
    await this.tx.query(
      `INSERT INTO role_permissions (workspace_id, role, permission_key, granted, updated_by) VALUES ($1, $2, $3, false, $4)
       ON CONFLICT (workspace_id, role, permission_key) DO UPDATE SET granted = false, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [this.workspaceId, role, key, by],
    );
  }

  /** A user of this workspace and their role, or undefined. */
  async user(userId: string): Promise<{ id: string; role: Role } | undefined> {
    const [row] = await this.tx.query<{ id: string; role: Role }>(
      `SELECT id, role FROM users WHERE workspace_id = $1 AND id = $2`,
      [this.workspaceId, userId],
    );
    return row;
  }
}
