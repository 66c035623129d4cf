import type { CurrentUser } from '../../../src/contracts/main/auth.contract';
import type { Role } from '../../../src/domain/auth/roles';
import { modulesFrom } from '../../../src/domain/platform/workspace-modules';
import type { Database, Sql } from '../../platform/db/database';
import { unauthorized } from '../../platform/errors';
import type { Principal } from '../../platform/sessions';
import { MAIN_API_BASE } from '../main-api.base';
import { profileImagePath } from './profile-image.routes';
import { courseLanguagesFor, type CourseLanguage } from '../../../src/domain/courses/course';

/** Who is signed in, as `GET /api/user/details` and every sign-in answer it. */
export async function currentUser(db: Database, principal: Principal): Promise<CurrentUser> {
  switch (principal.kind) {
    case 'user':
      return db.tenant(principal.workspaceId, (tx) => workspaceUserIn(tx, principal));
    case 'platform-admin': {
      const [row] = await db.query<{ first_name: string; last_name: string }>(
        'SELECT first_name, last_name FROM platform_admins WHERE id = $1',
        [principal.platformAdminId],
      );
      return {
        kind: 'platform-admin',
        userId: principal.platformAdminId,
        email: principal.email,
        firstName: row?.first_name ?? '',
        lastName: row?.last_name ?? '',
      };
    }
    // A key is no person; no route a key reaches answers who is signed in.
    case 'api-key':
      throw unauthorized();
    case 'account': {
      const workspaces = await db.query<{ workspace_url: string; company_name: string }>(
        `SELECT DISTINCT w.workspace_url, w.company_name FROM users u JOIN workspaces w ON w.id = u.workspace_id
          WHERE lower(u.email) = $1 AND u.status <> 'INACTIVE' AND w.active ORDER BY w.company_name`,
        [principal.email],
      );
      return {
        kind: 'account',
        email: principal.email,
        workspaces: workspaces.map((w) => ({ workspaceUrl: w.workspace_url, companyName: w.company_name })),
      };
    }
  }
}

/** A row of `WORKSPACE_USER_SQL`. */
export interface WorkspaceUserRow {
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  role: Role;
  branch_id: string | null;
  department_id: string | null;
  first_login: boolean;
  workspace_url: string;
  company_name: string;
  company_logo: string | null;
  background_color: string | null;
  hq: string | null;
  contract_expires_on: string | null;
  disabled_modules: string[];
  profile_image_key: string | null;
  min_password_length: number;
  language: CourseLanguage | null;
  default_language: CourseLanguage;
  canadian: boolean;
}

/** The signed-in workspace user's details ($1 the workspace, $2 the user), read in a tenant transaction or batch. */
export const WORKSPACE_USER_SQL = `SELECT u.email, u.username, u.first_name, u.last_name, u.role, u.branch_id, u.department_id, u.first_login, u.profile_image_key,
            w.workspace_url, w.company_name, w.company_logo, w.background_color,
            w.contract_expires_on::text, w.disabled_modules, w.min_password_length, u.language, w.default_language,
            EXISTS (SELECT 1 FROM complaint_settings cs WHERE cs.workspace_id = u.workspace_id AND cs.compliance = 'CA_FEDERAL') AS canadian,
            (SELECT id FROM branches b WHERE b.workspace_id = u.workspace_id AND b.headquarter) AS hq
       FROM users u JOIN workspaces w ON w.id = u.workspace_id
      WHERE u.workspace_id = $1 AND u.id = $2`;

/** The signed-in workspace user, read in the caller's tenant transaction. */
export async function workspaceUserIn(tx: Sql, principal: Extract<Principal, { kind: 'user' }>): Promise<CurrentUser> {
  const [row] = await tx.query<WorkspaceUserRow>(WORKSPACE_USER_SQL, [principal.workspaceId, principal.userId]);
  return workspaceUserFrom(row, principal);
}

/** The answer of a `WORKSPACE_USER_SQL` row; no row (the user is gone) answers 401. */
export function workspaceUserFrom(
  row: WorkspaceUserRow | undefined,
  principal: Extract<Principal, { kind: 'user' }>,
): CurrentUser {
  if (!row) throw unauthorized();
  return {
    kind: 'user',
    userId: principal.userId,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    branchIds: row.branch_id ? [row.branch_id] : [],
    departmentId: row.department_id,
    firstLogin: row.first_login,
    profileImageUrl: profileImagePath(MAIN_API_BASE, principal.userId, row.profile_image_key),
    language: row.language,
    workspace: {
      workspaceId: principal.workspaceId,
      workspaceUrl: row.workspace_url,
      companyName: row.company_name,
      companyLogo: row.company_logo,
      backgroundColor: row.background_color,
      headQuarterBranchId: row.hq,
      contractExpiresOn: row.contract_expires_on,
      modules: modulesFrom(row.disabled_modules),
      minPasswordLength: row.min_password_length,
      defaultLanguage: row.default_language,
      languages: courseLanguagesFor(row.canadian),
      country: row.canadian ? 'CA' : 'IN',
    },
  };
}
