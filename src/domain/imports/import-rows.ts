import { assignableRoles, Role, ROLE_LABELS } from '../auth/roles';
import {
  IMPORT_COLUMNS,
  IMPORT_COLUMN_LABELS,
  normaliseHeader,
  type ColumnMapping,
  type ImportColumnKey,
} from './import-columns';
import { parseImportDate } from './import-dates';
import { EMAIL_PATTERN as EMAIL } from '../people/email-address';

/** A file may hold at most this many data rows. */
export const MAX_IMPORT_ROWS = 100_000;

export type ImportProblemKind =
  | 'missing-value'
  | 'bad-email'
  | 'duplicate-in-file'
  | 'existing-user'
  | 'unknown-business-unit'
  | 'business-unit-not-allowed'
  | 'unknown-department'
  | 'unknown-role'
  | 'role-not-allowed'
  | 'bad-date'
  | 'too-long';

export interface ImportProblem {
  /** The import column at fault, or null for the row as a whole. */
  column: ImportColumnKey | null;
  kind: ImportProblemKind;
  reason: string;
}

/** A row that passed the rules that need no database: what will be created if the rest agrees. */
export interface ImportCandidate {
  email: string;
  firstName: string;
  lastName: string;
  employeeId: string | null;
  gender: string | null;
  department: string | null;
  designation: string | null;
  branch: string | null;
  role: Role;
  homeAddress: string | null;
  phoneNumber: string | null;
  dateOfJoining: string | null;
}

const MAX_LENGTH: Partial<Record<ImportColumnKey, number>> = { email: 254, homeAddress: 500 };
const DEFAULT_MAX_LENGTH = 200;

const ROLE_NAMES = new Map<string, Role>(
  Role.options.flatMap((role) => [
    [normaliseHeader(role), role] as const,
    [normaliseHeader(ROLE_LABELS[role]), role] as const,
  ]),
);
ROLE_NAMES.set('branchadmin', 'BRANCH_ADMIN');
ROLE_NAMES.set('buadmin', 'BRANCH_ADMIN');
ROLE_NAMES.set('admin', 'WORKSPACE_ADMIN');

/** Each actor's assignable roles, worked out once: a file's rows would otherwise sort the roles again for every row. */
const ROLES_GIVEN_BY = new Map<Role, readonly Role[]>(Role.options.map((actor) => [actor, assignableRoles(actor)]));
const rolesGivenBy = (actor: Role): readonly Role[] => ROLES_GIVEN_BY.get(actor) ?? assignableRoles(actor);

/** `"Business Unit Admin"`, `"branch_admin"` -> `BRANCH_ADMIN`; an empty role is an employee. */
export function parseImportRole(text: string): Role | null {
  if (text.trim() === '') return 'EMPLOYEE';
  return ROLE_NAMES.get(normaliseHeader(text)) ?? null;
}

export function problem(column: ImportColumnKey | null, kind: ImportProblemKind, detail?: string): ImportProblem {
  const label = column ? IMPORT_COLUMN_LABELS[column] : 'Row';
  const reasons: Record<ImportProblemKind, string> = {
    'missing-value': `${label} is required`,
    'bad-email': `"${detail}" is not a valid email address`,
    'duplicate-in-file': `${detail} appears more than once in the file`,
    'existing-user': `${detail} is already a user of this workspace`,
    'unknown-business-unit': `There is no business unit named "${detail}"`,
    'business-unit-not-allowed': `You may only import users into your own business unit, not "${detail}"`,
    'unknown-department': `There is no department named "${detail}" in this business unit`,
    'unknown-role': `"${detail}" is not a role (use Employee, Business Unit Admin, Workspace Admin or Employer)`,
    'role-not-allowed': `You may not give the role ${detail}`,
    'bad-date': `"${detail}" is not a date (use YYYY-MM-DD or DD/MM/YYYY)`,
    'too-long': `${label} is longer than ${detail} characters`,
  };
  return { column, kind, reason: reasons[kind] };
}

/**
 * The rules of one row that need no database: required values, email shape, role (and whether the actor
 * may give it), date, lengths. Business units, departments and existing users are checked by the server.
 */
export function checkImportRow(
  cells: readonly string[],
  mapping: ColumnMapping,
  actor: Role,
): { candidate: ImportCandidate | null; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const value = (key: ImportColumnKey): string => {
    const index = mapping[key];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const optional = (key: ImportColumnKey): string | null => value(key) || null;

  for (const column of IMPORT_COLUMNS) {
    const text = value(column.key);
    if (column.required && text === '') problems.push(problem(column.key, 'missing-value'));
    const max = MAX_LENGTH[column.key] ?? DEFAULT_MAX_LENGTH;
    if (text.length > max) problems.push(problem(column.key, 'too-long', String(max)));
  }

  const email = lowerCased(value('email'));
  if (email !== '' && email.length <= 254 && !EMAIL.test(email))
    problems.push(problem('email', 'bad-email', value('email')));

  const role = parseImportRole(value('role'));
  if (!role) problems.push(problem('role', 'unknown-role', value('role')));
  else if (!rolesGivenBy(actor).includes(role)) problems.push(problem('role', 'role-not-allowed', ROLE_LABELS[role]));

  const dateText = value('dateOfJoining');
  const dateOfJoining = dateText ? parseImportDate(dateText) : null;
  if (dateText && !dateOfJoining) problems.push(problem('dateOfJoining', 'bad-date', dateText));

  if (problems.length > 0 || !role) return { candidate: null, problems };
  return {
    candidate: {
      email,
      firstName: value('firstName'),
      lastName: value('lastName'),
      employeeId: optional('employeeId'),
      gender: optional('gender'),
      department: optional('department'),
      designation: optional('designation'),
      branch: optional('branch'),
      role,
      homeAddress: optional('homeAddress'),
      phoneNumber: optional('phoneNumber'),
      dateOfJoining,
    },
    problems,
  };
}

/**
 * The text in lower case, the same string when it has no capital: `toLowerCase` makes a new string every time, and a
 * file's rows lower-case their email, unit and department (a tenth of what checking a row allocated).
 */
export function lowerCased(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 65 && code <= 90) || code > 127) return text.toLowerCase();
  }
  return text;
}

/** True when every cell is empty: such rows (often trailing) are not counted. */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}
