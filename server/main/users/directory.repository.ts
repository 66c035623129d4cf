import type { DirectoryUser } from '../../../src/contracts/main/users.contract';
import type { Role } from '../../../src/domain/auth/roles';
import type { DirectorySort, UserStatus } from '../../../src/domain/people/directory';
import type { Sql, Statement } from '../../platform/db/database';

export interface DirectoryFilter {
  branchId?: string;
  departmentId?: string;
  role?: Role;
  status?: UserStatus;
  joinedFrom?: string;
  joinedTo?: string;
  /** Prefix of a first name, last name, email or employee id. */
  searchText?: string;
  /** Business unit the caller is confined to (business-unit admins); null when they see all. */
  confinedTo: string | null;
}

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  employee_id: string | null;
  designation: string | null;
  phone_number: string | null;
  role: Role;
  status: UserStatus;
  branch_id: string | null;
  branch_name: string | null;
  department_id: string | null;
  department_name: string | null;
  date_of_joining: string | Date | null;
  created_at: Date;
  invite_sent_at: Date | null;
  invite_expires_at: Date | null;
  email_confirmed: boolean;
  locked_until: Date | null;
}

const SELECT_USER = `
  SELECT u.id, u.email, u.first_name, u.last_name, u.employee_id, u.designation, u.phone_number, u.role, u.status,
         u.branch_id, b.name AS branch_name, u.department_id, d.name AS department_name,
         u.date_of_joining, u.created_at, i.sent_at AS invite_sent_at, i.expires_at AS invite_expires_at, u.email_confirmed,
         CASE WHEN u.locked_until > now() THEN u.locked_until END AS locked_until
    FROM users u
    LEFT JOIN invites i ON i.workspace_id = u.workspace_id AND i.user_id = u.id AND i.claimed_at IS NULL
    LEFT JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
    LEFT JOIN departments d ON d.workspace_id = u.workspace_id AND d.id = u.department_id`;

/** Sort keys map to fixed SQL; the id breaks ties so pages never overlap. Every key has an index (0007). */
const ORDER: Record<DirectorySort, string> = {
  name: 'lower(u.first_name) %s, lower(u.last_name) %s, u.id %s',
  email: 'lower(u.email) %s, u.id %s',
  joined: 'u.date_of_joining %s NULLS LAST, u.id %s',
  role: 'u.role %s, lower(u.first_name) %s, u.id %s',
  status: 'u.status %s, lower(u.first_name) %s, u.id %s',
  created: 'u.created_at %s, u.id %s',
};

function isoDate(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export function toDirectoryUser(r: UserRow): DirectoryUser {
  return {
    userId: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    employeeId: r.employee_id,
    designation: r.designation,
    phoneNumber: r.phone_number,
    role: r.role,
    status: r.status,
    branchId: r.branch_id,
    branchName: r.branch_name,
    departmentId: r.department_id,
    departmentName: r.department_name,
    dateOfJoining: isoDate(r.date_of_joining),
    createdAt: new Date(r.created_at).toISOString(),
    invite:
      r.status === 'INVITED' && r.invite_expires_at
        ? {
            sentAt: r.invite_sent_at ? new Date(r.invite_sent_at).toISOString() : null,
            expiresAt: new Date(r.invite_expires_at).toISOString(),
          }
        : null,
    emailConfirmed: r.email_confirmed,
    lockedUntil: r.locked_until ? new Date(r.locked_until).toISOString() : null,
  };
}

/** Escapes LIKE's wildcards so a search for "a_b%" means exactly that. */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE clause of a directory query, with its parameters after $1 (the workspace). */
function where(
  filter: DirectoryFilter,
  searchColumns: readonly string[] = ['first', 'last', 'email', 'employee'],
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = ['u.workspace_id = $1'];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length + 1}`));
  };
  if (filter.confinedTo !== null) add((n) => `u.branch_id = ${n}`, filter.confinedTo);
  if (filter.branchId) add((n) => `u.branch_id = ${n}`, filter.branchId);
  if (filter.departmentId) add((n) => `u.department_id = ${n}`, filter.departmentId);
  if (filter.role) add((n) => `u.role = ${n}`, filter.role);
  if (filter.status) add((n) => `u.status = ${n}`, filter.status);
  if (filter.joinedFrom) add((n) => `u.date_of_joining >= ${n}::date`, filter.joinedFrom);
  if (filter.joinedTo) add((n) => `u.date_of_joining <= ${n}::date`, filter.joinedTo);
  if (filter.searchText) {
    const columns: Record<string, string> = {
      first: 'lower(u.first_name)',
      last: 'lower(u.last_name)',
      email: 'lower(u.email)',
      employee: 'lower(u.employee_id)',
    };
    add((n) => `(${searchColumns.map((c) => `${columns[c]} LIKE ${n}`).join(' OR ')})`, likePrefix(filter.searchText));
  }
  return { sql: clauses.join(' AND '), params };
}

/**
 * A page of the directory as its two statements (the rows, and how many match), read by `readPage`: the repository's
 * `page` runs them in the caller's transaction, the directory route sends them in one batch (`tenantBatch`).
 */
export function pageStatements(
  workspaceId: string,
  filter: DirectoryFilter,
  sort: { by: DirectorySort; order: 'asc' | 'desc' },
  page: number,
  pageSize: number,
): [Statement, Statement] {
  const w = where(filter);
  const order = ORDER[sort.by].replaceAll('%s', sort.order === 'desc' ? 'DESC' : 'ASC');
  const limit = w.params.length + 2;
  return [
    {
      text: `${SELECT_USER} WHERE ${w.sql} ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}`,
      params: [workspaceId, ...w.params, pageSize, page * pageSize],
    },
    countStatement(workspaceId, filter, w),
  ];
}

/** The answers of `pageStatements`' two statements as the page. */
export function readPage([rows, total]: readonly unknown[][]): { items: DirectoryUser[]; total: number } {
  return {
    items: (rows as UserRow[]).map(toDirectoryUser),
    total: (total![0] as { total: number } | undefined)?.total ?? 0,
  };
}

/**
 * How many match: from the user_counts summary (0011) when the filter is only unit, department, role and status,
 * else by counting rows.
 */
function countStatement(
  workspaceId: string,
  filter: DirectoryFilter,
  w: { sql: string; params: unknown[] },
): Statement {
  if (!filter.searchText && !filter.joinedFrom && !filter.joinedTo) {
    return {
      text: `SELECT coalesce(sum(n), 0)::int AS total FROM user_counts
          WHERE workspace_id = $1 AND ($2::uuid IS NULL OR branch_id = $2) AND ($3::uuid IS NULL OR branch_id = $3)
            AND ($4::uuid IS NULL OR department_id = $4) AND ($5::text IS NULL OR role = $5) AND ($6::text IS NULL OR status = $6)`,
      params: [
        workspaceId,
        filter.confinedTo,
        filter.branchId ?? null,
        filter.departmentId ?? null,
        filter.role ?? null,
        filter.status ?? null,
      ],
    };
  }
  return { text: `SELECT count(*)::int AS total FROM users u WHERE ${w.sql}`, params: [workspaceId, ...w.params] };
}

/** Reads of the directory, inside a tenant transaction. */
export class DirectoryRepository {
  constructor(
    private readonly tx: Sql,
    private readonly workspaceId: string,
  ) {}

  async page(
    filter: DirectoryFilter,
    sort: { by: DirectorySort; order: 'asc' | 'desc' },
    page: number,
    pageSize: number,
  ): Promise<{ items: DirectoryUser[]; total: number }> {
    const [rows, count] = pageStatements(this.workspaceId, filter, sort, page, pageSize);
    const [items, total] = await Promise.all([
      this.tx.query(rows.text, rows.params),
      this.tx.query(count.text, count.params),
    ]);
    return readPage([items, total]);
  }

  async quickSearch(
    text: string,
    columns: readonly string[],
    includeNonActive: boolean,
    confinedTo: string | null,
  ): Promise<DirectoryUser[]> {
    const w = where({ searchText: text, confinedTo }, columns);
    const active = includeNonActive ? '' : ` AND u.status <> 'INACTIVE'`;
    const rows = await this.tx.query<UserRow>(
      `${SELECT_USER} WHERE ${w.sql}${active} ORDER BY lower(u.first_name), lower(u.last_name), u.id LIMIT 20`,
      [this.workspaceId, ...w.params],
    );
    return rows.map(toDirectoryUser);
  }

  async one(userId: string): Promise<DirectoryUser | undefined> {
    const [row] = await this.tx.query<UserRow>(`${SELECT_USER} WHERE u.workspace_id = $1 AND u.id = $2`, [
      this.workspaceId,
      userId,
    ]);
    return row ? toDirectoryUser(row) : undefined;
  }

  async activeAdmins(): Promise<number> {
    const [row] = await this.tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND role = 'WORKSPACE_ADMIN' AND status = 'ACTIVE'`,
      [this.workspaceId],
    );
    return row?.n ?? 0;
  }

  async stats(confinedTo: string | null) {
    const rows = await this.tx.query<{
      status: UserStatus;
      role: Role;
      branch_id: string | null;
      branch_name: string | null;
      n: number;
    }>(
      `SELECT c.status, c.role, c.branch_id, b.name AS branch_name, sum(c.n)::int AS n
         FROM user_counts c LEFT JOIN branches b ON b.workspace_id = c.workspace_id AND b.id = c.branch_id
        WHERE c.workspace_id = $1 AND ($2::uuid IS NULL OR c.branch_id = $2) AND c.n > 0
        GROUP BY c.status, c.role, c.branch_id, b.name`,
      [this.workspaceId, confinedTo],
    );
    const byStatus: Record<UserStatus, number> = { INVITED: 0, ACTIVE: 0, INACTIVE: 0 };
    const byRole: Record<Role, number> = { EMPLOYEE: 0, WORKSPACE_ADMIN: 0, BRANCH_ADMIN: 0, EMPLOYER: 0 };
    const byBranch = new Map<string | null, { branchId: string | null; branchName: string; count: number }>();
    let total = 0;
    for (const r of rows) {
      total += r.n;
      byStatus[r.status] += r.n;
      byRole[r.role] += r.n;
      const unit = byBranch.get(r.branch_id) ?? {
        branchId: r.branch_id,
        branchName: r.branch_name ?? 'No business unit',
        count: 0,
      };
      unit.count += r.n;
      byBranch.set(r.branch_id, unit);
    }
    return { total, byStatus, byRole, byBranch: [...byBranch.values()].sort((a, b) => b.count - a.count) };
  }
}
