import type { UserUpdate } from '../../../src/contracts/main/users.contract';
import type { Role } from '../../../src/domain/auth/roles';
import type { UserStatus } from '../../../src/domain/people/directory';
import type { Sql } from '../../platform/db/database';

/** A person found by email for deletion by file. */
export interface PersonByEmail {
  id: string;
  email: string;
  role: Role;
  branch_id: string | null;
  status: UserStatus;
}

/** The writes of the directory (edit, deactivate, delete), in the caller's tenant transaction. Reads: DirectoryRepository. */
export class UsersRepository {
  constructor(
    private readonly tx: Sql,
    private readonly workspaceId: string,
  ) {}

  /** Locks these people's rows: two admins acting on one person are applied one after the other. Answers the ids found. */
  async lock(ids: readonly string[]): Promise<Set<string>> {
    const rows = await this.tx.query<{ id: string }>(
      `SELECT id FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[]) FOR UPDATE`,
      [this.workspaceId, ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** The people with these (lower-cased) emails, locked. */
  async lockByEmails(emails: readonly string[]): Promise<PersonByEmail[]> {
    return this.tx.query<PersonByEmail>(
      `SELECT id, lower(email) AS email, role, branch_id, status FROM users WHERE workspace_id = $1 AND lower(email) = ANY($2::text[]) FOR UPDATE`,
      [this.workspaceId, emails],
    );
  }

  async branchExists(branchId: string): Promise<boolean> {
    const [row] = await this.tx.query(`SELECT 1 FROM branches WHERE workspace_id = $1 AND id = $2`, [
      this.workspaceId,
      branchId,
    ]);
    return !!row;
  }

  /** The business unit of a department of this workspace, or undefined when there is no such department. */
  async departmentUnit(departmentId: string): Promise<{ branchId: string | null } | undefined> {
    const [row] = await this.tx.query<{ branch_id: string | null }>(
      `SELECT branch_id FROM departments WHERE workspace_id = $1 AND id = $2`,
      [this.workspaceId, departmentId],
    );
    return row ? { branchId: row.branch_id } : undefined;
  }

  /** Whether the person ever finished setting up their account (a password, or a first sign-in). */
  async everSignedIn(userId: string): Promise<boolean> {
    const [row] = await this.tx.query<{ has_password: boolean; first_login: boolean }>(
      `SELECT password_hash IS NOT NULL AS has_password, first_login FROM users WHERE workspace_id = $1 AND id = $2`,
      [this.workspaceId, userId],
    );
    return !!row && (row.has_password || !row.first_login);
  }

  /** Applies an edit; fields absent from `change` keep their value. */
  async update(
    userId: string,
    change: UserUpdate,
    placed: { branchId: string | null; departmentId: string | null; role: Role; status: UserStatus },
  ): Promise<void> {
    await this.tx.query(
      `UPDATE users SET
          first_name = coalesce($3, first_name), last_name = coalesce($4, last_name),
          employee_id = CASE WHEN $5 THEN $6 ELSE employee_id END,
          designation = CASE WHEN $7 THEN $8 ELSE designation END,
          phone_number = CASE WHEN $9 THEN $10 ELSE phone_number END,
          date_of_joining = CASE WHEN $11 THEN $12::date ELSE date_of_joining END,
          branch_id = $13, department_id = $14, role = $15, status = $16, updated_at = now()
        WHERE workspace_id = $1 AND id = $2`,
      [
        this.workspaceId,
        userId,
        change.firstName ?? null,
        change.lastName ?? null,
        change.employeeId !== undefined,
        change.employeeId || null,
        change.designation !== undefined,
        change.designation || null,
        change.phoneNumber !== undefined,
        change.phoneNumber || null,
        change.dateOfJoining !== undefined,
        change.dateOfJoining ?? null,
        placed.branchId,
        placed.departmentId,
        placed.role,
        placed.status,
      ],
    );
  }

  /** Deletes these people; answers who was deleted. */
  async delete(ids: readonly string[]): Promise<{ id: string; email: string }[]> {
    return this.tx.query<{ id: string; email: string }>(
      `DELETE FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[]) RETURNING id, email`,
      [this.workspaceId, ids],
    );
  }
}

/**
 * Everything that lets a person in ends with their deactivation: sessions are revoked, an open invitation's link
 * stops working (the invitation stays, unsent, so a reactivated invitee can be sent a new one), and every live
 * one-time code, password-reset code, email confirmation and picture upload is voided.
 */
export async function endAccess(tx: Sql, workspaceId: string, userId: string): Promise<void> {
  await tx.query(
    `UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [workspaceId, userId],
  );
  await tx.query(
    `UPDATE invites SET code_hash = NULL, sent_at = NULL WHERE workspace_id = $1 AND user_id = $2 AND claimed_at IS NULL`,
    [workspaceId, userId],
  );
  await tx.query(
    `UPDATE one_time_codes SET superseded_at = now() WHERE workspace_id = $1 AND user_id = $2 AND used_at IS NULL AND superseded_at IS NULL`,
    [workspaceId, userId],
  );
  await tx.query(
    `UPDATE email_confirmations SET superseded_at = now() WHERE workspace_id = $1 AND user_id = $2 AND used_at IS NULL AND superseded_at IS NULL`,
    [workspaceId, userId],
  );
  await tx.query(
    `UPDATE profile_image_uploads SET used_at = now() WHERE workspace_id = $1 AND user_id = $2 AND used_at IS NULL`,
    [workspaceId, userId],
  );
}
