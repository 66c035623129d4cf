import type { CaseRole as FieldReader } from '../workflows/builder-rules';

export type { FieldReader };

/**
 * Who sees each field of a complaint on a case (docs/case.md "Field visibility"): the builder's "who sees each field"
 * (`workflow_attribute_roles`) for the case's regime, enforced on every path that carries answers (the case read,
 * exports, mails, the respondent's copy, the reporter's view).
 *
 * - The one presiding sees every field (the builder refuses a setting without them).
 * - A saved setting is followed as it is: a field ticked for RESPONDENT is shown to the respondent; a field set to
 *   PRESIDING_OFFICER only is shown to no other member.
 * - No setting: the committee and the complainant see the field; the respondent and the employer see what the law's
 *   copy of the complaint carries (POSH Rule 7: the incident, its date and witnesses; the respondent also the
 *   complainant's name and their own particulars), never an added field.
 */
const RESPONDENT_DEFAULT = new Set([
  'COMPLAINANT_NAME',
  'RESPONDENT_NAME',
  'RESPONDENT_GENDER',
  'RESPONDENT_PHONE',
  'RESPONDENT_EMAIL',
  'INCIDENT_DETAILS',
  'INCIDENT_DATE',
  'INCIDENT_WITNESSES',
]);
const EMPLOYER_DEFAULT = new Set(['INCIDENT_DETAILS', 'INCIDENT_DATE', 'INCIDENT_WITNESSES']);

export interface FieldSetting {
  /** The law's field (STANDARD_ATTRIBUTES key) or null for a field an admin added. */
  systemKey: string | null;
  /** The saved roles, or null when nobody saved a setting for the field. */
  roles: readonly FieldReader[] | null;
}

export function seesField(reader: FieldReader, field: FieldSetting): boolean {
  if (reader === 'PRESIDING_OFFICER') return true;
  if (field.roles) return field.roles.includes(reader);
  if (reader === 'COMMITTEE_MEMBER' || reader === 'COMPLAINANT') return true;
  if (field.systemKey === null) return false;
  return (reader === 'RESPONDENT' ? RESPONDENT_DEFAULT : EMPLOYER_DEFAULT).has(field.systemKey);
}

/** The fields `reader` sees: the law's fields by key, the added ones by attribute id. */
export interface VisibleFields {
  system: Set<string>;
  added: Set<string>;
}

export function visibleFields(
  reader: FieldReader,
  fields: readonly (FieldSetting & { attributeId: string })[],
): VisibleFields {
  const system = new Set<string>();
  const added = new Set<string>();
  for (const f of fields) {
    if (!seesField(reader, f)) continue;
    if (f.systemKey) system.add(f.systemKey);
    else added.add(f.attributeId);
  }
  return { system, added };
}
