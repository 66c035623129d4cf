import { z } from 'zod';

/** The twelve columns of a user import file, in the order the spec lists them. */
export const IMPORT_COLUMN_KEYS = [
  'email',
  'firstName',
  'lastName',
  'employeeId',
  'gender',
  'department',
  'designation',
  'branch',
  'role',
  'homeAddress',
  'phoneNumber',
  'dateOfJoining',
] as const;
export const ImportColumnKey = z.enum(IMPORT_COLUMN_KEYS);
export type ImportColumnKey = z.infer<typeof ImportColumnKey>;

export interface ImportColumn {
  key: ImportColumnKey;
  label: string;
  /** A row without a value here is refused. */
  required: boolean;
  /** Header spellings that map to this column (compared without case, spaces or punctuation). */
  synonyms: readonly string[];
}

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'email',
    label: 'Email',
    required: true,
    synonyms: ['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'work email', 'user email', 'useremail'],
  },
  {
    key: 'firstName',
    label: 'First name',
    required: true,
    synonyms: ['first name', 'firstname', 'given name', 'forename'],
  },
  {
    key: 'lastName',
    label: 'Last name',
    required: false,
    synonyms: ['last name', 'lastname', 'surname', 'family name'],
  },
  {
    key: 'employeeId',
    label: 'Employee ID',
    required: false,
    synonyms: ['employee id', 'emp id', 'employee number', 'employee no', 'emp no', 'staff id'],
  },
  { key: 'gender', label: 'Gender', required: false, synonyms: ['gender', 'sex'] },
  { key: 'department', label: 'Department', required: false, synonyms: ['department', 'dept', 'department name'] },
  {
    key: 'designation',
    label: 'Designation',
    required: false,
    synonyms: ['designation', 'title', 'job title', 'position'],
  },
  {
    key: 'branch',
    label: 'Business unit',
    required: false,
    synonyms: ['branch', 'business unit', 'bu', 'branch name', 'business unit name', 'unit', 'office'],
  },
  { key: 'role', label: 'Role', required: false, synonyms: ['role', 'user role', 'access role'] },
  {
    key: 'homeAddress',
    label: 'Home address',
    required: false,
    synonyms: ['home address', 'address', 'residential address'],
  },
  {
    key: 'phoneNumber',
    label: 'Phone number',
    required: false,
    synonyms: ['phone number', 'phone', 'mobile', 'mobile number', 'contact number', 'phone no', 'mobile no'],
  },
  {
    key: 'dateOfJoining',
    label: 'Date of joining',
    required: false,
    synonyms: ['date of joining', 'doj', 'joining date', 'joined on', 'start date', 'date joined'],
  },
];

export const IMPORT_COLUMN_LABELS: Record<ImportColumnKey, string> = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c.key, c.label]),
) as Record<ImportColumnKey, string>;

/**
 * Which file column (zero-based) holds each import column. A column left out is not imported.
 * On the wire it is the JSON of the multipart `mapping` field.
 */
export const ColumnMapping = z
  .partialRecord(ImportColumnKey, z.number().int().min(0).max(499))
  .refine((m) => m.email !== undefined, { message: 'Map the Email column', path: ['email'] })
  .refine((m) => new Set(Object.values(m)).size === Object.values(m).length, {
    message: 'Each file column may be mapped once',
  });
export type ColumnMapping = Partial<Record<ImportColumnKey, number>>;

/** `" E-mail Address "` -> `emailaddress` */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const SYNONYMS = new Map<string, ImportColumnKey>(
  IMPORT_COLUMNS.flatMap((c) => [c.label, ...c.synonyms].map((s) => [normaliseHeader(s), c.key] as const)),
);

/**
 * Proposes a mapping from a header row: each import column takes the first header that names it
 * (case, spacing and punctuation do not matter). The admin can change it before validating.
 */
export function proposeMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  headers.forEach((header, index) => {
    const key = SYNONYMS.get(normaliseHeader(header));
    if (key && mapping[key] === undefined) mapping[key] = index;
  });
  return mapping;
}

/** What is wrong with a mapping before any file is read: no email column, or one file column used twice. */
export function mappingProblem(mapping: ColumnMapping): string | null {
  if (mapping.email === undefined) return 'Choose the file column that holds the email address.';
  const byIndex = new Map<number, ImportColumnKey[]>();
  for (const column of IMPORT_COLUMNS) {
    const index = mapping[column.key];
    if (index === undefined) continue;
    byIndex.set(index, [...(byIndex.get(index) ?? []), column.key]);
  }
  for (const [index, keys] of byIndex) {
    if (keys.length > 1) {
      return `File column ${index + 1} is chosen for both ${keys.map((k) => IMPORT_COLUMN_LABELS[k]).join(' and ')}.`;
    }
  }
  return null;
}
