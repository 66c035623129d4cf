import { parse, type Filter } from 'scim2-parse-filter';
import type { ScimGroupRow, ScimUserRow, UserFilter } from './scim.repository';
import { instantText } from '../../../src/domain/shared/date-time';

export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** A SCIM User as we hold it: the attributes the product keeps, and nothing else (docs/integrations.md, "Mapping"). */
export interface ScimUser {
  schemas: string[];
  id?: string;
  externalId?: string | null;
  userName: string;
  name?: { givenName?: string; familyName?: string; formatted?: string };
  displayName?: string;
  title?: string | null;
  active?: boolean | string;
  emails?: { value: string; type?: string; primary?: boolean | string }[];
  [ENTERPRISE_SCHEMA]?: {
    department?: string | null;
    employeeNumber?: string | null;
    manager?: { value?: string | null } | string | null;
  };
  meta?: Record<string, unknown>;
  [other: string]: unknown;
}

export function userResource(row: ScimUserRow, location: string): ScimUser {
  const displayName = `${row.first_name} ${row.last_name}`.trim();
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
    id: row.id,
    externalId: row.scim_external_id ?? undefined,
    userName: row.email,
    name: { givenName: row.first_name, familyName: row.last_name, formatted: displayName },
    displayName,
    ...(row.designation ? { title: row.designation } : {}),
    active: row.status !== 'INACTIVE',
    emails: [{ value: row.email, type: 'work', primary: true }],
    [ENTERPRISE_SCHEMA]: {
      ...(row.department_name ? { department: row.department_name } : {}),
      ...(row.employee_id ? { employeeNumber: row.employee_id } : {}),
      ...(row.manager_id ? { manager: { value: row.manager_id } } : {}),
    },
    meta: {
      resourceType: 'User',
      created: instantText(row.created_at),
      lastModified: instantText(row.updated_at),
      location: `${location}/Users/${row.id}`,
    },
  };
}

export function groupResource(row: ScimGroupRow, location: string): Record<string, unknown> {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    displayName: row.name,
    members: row.members.map((m) => ({ value: m.id, display: m.name, $ref: `${location}/Users/${m.id}` })),
    meta: { resourceType: 'Group', created: instantText(row.created_at), location: `${location}/Groups/${row.id}` },
  };
}

/** Entra ID sends booleans as the strings "True" and "False". */
export function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  return null;
}

/** What a User resource asks us to store, or the attribute that is wrong. */
export type UserInput = {
  email: string;
  firstName: string;
  lastName: string;
  title: string | null;
  externalId: string | null;
  active: boolean;
  department: string | null;
  employeeNumber: string | null;
  managerId: string | null;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

export function userInput(resource: ScimUser): { ok: true; input: UserInput } | { ok: false; detail: string } {
  if (!resource || typeof resource !== 'object') return { ok: false, detail: 'The body is not a User resource' };
  const emails = Array.isArray(resource.emails) ? resource.emails : [];
  const work =
    emails.find((e) => asBoolean(e?.primary) === true) ?? emails.find((e) => e?.type === 'work') ?? emails[0];
  const userName = text(resource.userName, 254);
  const email = (EMAIL.test(userName ?? '') ? userName : text(work?.value, 254))?.toLowerCase() ?? null;
  if (!userName) return { ok: false, detail: 'userName is required' };
  if (!email || !EMAIL.test(email)) return { ok: false, detail: 'userName or a work email must be an email address' };
  const active = resource.active === undefined ? true : asBoolean(resource.active);
  if (active === null) return { ok: false, detail: 'active must be a boolean' };
  const enterprise = resource[ENTERPRISE_SCHEMA] ?? {};
  const manager = enterprise.manager;
  const managerId = typeof manager === 'string' ? text(manager, 100) : text(manager?.value, 100);
  const display = text(resource.displayName, 200)?.split(/\s+/) ?? [];
  return {
    ok: true,
    input: {
      email,
      firstName: text(resource.name?.givenName, 100) ?? display[0] ?? '',
      lastName: text(resource.name?.familyName, 100) ?? display.slice(1).join(' '),
      title: text(resource.title, 200),
      externalId: text(resource.externalId, 200),
      active,
      department: text(enterprise.department, 100),
      employeeNumber: text(enterprise.employeeNumber, 100),
      managerId,
    },
  };
}

/** A filter on Users: `userName eq`, `externalId eq`, `emails.value eq`, `id eq`; anything else is refused. */
export function userFilter(
  query: string | undefined,
): { ok: true; filter: UserFilter } | { ok: false; detail: string } {
  if (!query) return { ok: true, filter: null };
  const compare = eqOf(query);
  if (!compare) return { ok: false, detail: 'Only "attribute eq value" filters are supported' };
  const attr = compare.attr.toLowerCase().replace(`${USER_SCHEMA.toLowerCase()}:`, '');
  if (attr === 'username' || attr === 'emails.value' || attr === 'emails[type eq "work"].value')
    return { ok: true, filter: { column: 'email', value: compare.value } };
  if (attr === 'externalid') return { ok: true, filter: { column: 'scim_external_id', value: compare.value } };
  if (attr === 'id') return { ok: true, filter: { column: 'id', value: compare.value } };
  return { ok: false, detail: `Filtering on ${compare.attr} is not supported` };
}

/** A filter on Groups: `displayName eq` or `id eq`. */
export function groupFilter(
  query: string | undefined,
): { ok: true; name: string | null; id: string | null } | { ok: false; detail: string } {
  if (!query) return { ok: true, name: null, id: null };
  const compare = eqOf(query);
  if (!compare) return { ok: false, detail: 'Only "attribute eq value" filters are supported' };
  const attr = compare.attr.toLowerCase();
  if (attr === 'displayname') return { ok: true, name: compare.value, id: null };
  if (attr === 'id') return { ok: true, name: null, id: compare.value };
  return { ok: false, detail: `Filtering on ${compare.attr} is not supported` };
}

function eqOf(query: string): { attr: string; value: string } | null {
  let parsed: Filter;
  try {
    parsed = parse(query);
  } catch {
    return null;
  }
  if (parsed.op !== 'eq' || !('attrPath' in parsed) || !('compValue' in parsed)) return null;
  if (typeof parsed.compValue !== 'string') return null;
  return { attr: parsed.attrPath, value: parsed.compValue };
}

/** SCIM's own error types (RFC 7644 3.12); a refusal's code outside them (USER_LIMIT) goes without one. */
const SCIM_TYPES = new Set([
  'invalidFilter',
  'tooMany',
  'uniqueness',
  'mutability',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'invalidValue',
  'invalidVers',
  'sensitive',
]);

export const scimTypeOf = (code: string): string | undefined => (SCIM_TYPES.has(code) ? code : undefined);

export function scimError(status: number, detail: string, scimType?: string) {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
