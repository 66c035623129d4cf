import { z } from 'zod';

/**
 * The columns a report may show (product-spec "Report column toggles"). A row is one person and one course
 * assignment, or one person and one published policy (docs/reports.md); the person's name and email always lead.
 * Course columns are empty on a policy row and policy columns on a course row.
 */
export const ReportColumn = z.enum([
  'dateOfJoining',
  'userStatus',
  'businessUnit',
  'department',
  'designation',
  'policyName',
  'policyVersion',
  'policyAcceptanceStatus',
  'policyAcceptedOn',
  'courseName',
  'courseVersion',
  'assignedOn',
  'status',
  'completionPercentage',
  'completedOn',
  'expiresOn',
  'testAttempts',
  'testScore',
  'testStatus',
  'testCompletedOn',
]);
export type ReportColumn = z.infer<typeof ReportColumn>;

export const REPORT_COLUMN_LABELS: Record<ReportColumn, string> = {
  dateOfJoining: 'Date of joining',
  userStatus: 'User status',
  businessUnit: 'Business unit',
  department: 'Department',
  designation: 'Designation',
  policyName: 'Policy',
  policyVersion: 'Policy version',
  policyAcceptanceStatus: 'Policy acceptance',
  policyAcceptedOn: 'Accepted on',
  courseName: 'Course',
  courseVersion: 'Course version',
  assignedOn: 'Assigned on',
  status: 'Course status',
  completionPercentage: 'Completion (%)',
  completedOn: 'Completed on',
  expiresOn: 'Certificate expires on',
  testAttempts: 'Test attempts',
  testScore: 'Test score (%)',
  testStatus: 'Test status',
  testCompletedOn: 'Test completed on',
};

/** Which side of the report a column belongs to: a person's, a course row's or a policy row's. */
export const COLUMN_SIDE: Record<ReportColumn, 'person' | 'course' | 'policy'> = {
  dateOfJoining: 'person',
  userStatus: 'person',
  businessUnit: 'person',
  department: 'person',
  designation: 'person',
  policyName: 'policy',
  policyVersion: 'policy',
  policyAcceptanceStatus: 'policy',
  policyAcceptedOn: 'policy',
  courseName: 'course',
  courseVersion: 'course',
  assignedOn: 'course',
  status: 'course',
  completionPercentage: 'course',
  completedOn: 'course',
  expiresOn: 'course',
  testAttempts: 'course',
  testScore: 'course',
  testStatus: 'course',
  testCompletedOn: 'course',
};

/** Columns that hold a date (shown in the workspace's date format and zone). */
export const DATE_COLUMNS: ReadonlySet<ReportColumn> = new Set([
  'dateOfJoining',
  'policyAcceptedOn',
  'assignedOn',
  'completedOn',
  'expiresOn',
  'testCompletedOn',
]);

export const CourseReportStatus = z.enum(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'OVERDUE']);
export type CourseReportStatus = z.infer<typeof CourseReportStatus>;
export const PolicyReportStatus = z.enum(['ACCEPTED', 'PENDING', 'OVERDUE']);
export type PolicyReportStatus = z.infer<typeof PolicyReportStatus>;
export const ReportUserStatus = z.enum(['INVITED', 'ACTIVE', 'INACTIVE']);
export type ReportUserStatus = z.infer<typeof ReportUserStatus>;

/** The default columns of a new report: enough to answer "who completed which version of which course, and when". */
export const DEFAULT_REPORT_COLUMNS: readonly ReportColumn[] = ['businessUnit', 'department', 'courseName', 'courseVersion', 'status', 'completedOn', 'policyName', 'policyVersion', 'policyAcceptanceStatus', 'policyAcceptedOn'];

/**
 * A date in the workspace's format (UI.md "Dates and times"): India `12 Dec 2026`; elsewhere ISO `2026-12-12`, which
 * no reader takes for another day. `zone` is the IANA zone the day is taken in.
 */
export function reportDate(value: Date | string | null, zone: string, style: 'day-month-year' | 'iso'): string {
  if (value === null) return '';
  // An export formats the same moments and days again and again (a bulk assignment's time, common joining days):
  // formatting is the costly part, so the last few thousand are kept.
  const key = `${typeof value === 'string' ? value : value.getTime()}|${zone}|${style}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const text = formatDate(value, zone, style);
  if (formatted.size >= 5000) formatted.clear();
  formatted.set(key, text);
  return text;
}

const formatted = new Map<string, string>();

function formatDate(value: Date | string, zone: string, style: 'day-month-year' | 'iso'): string {
  const day = typeof value === 'string' && value.length === 10;
  const date = typeof value === 'string' ? new Date(day ? `${value}T12:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = formatter(day ? 'UTC' : zone).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  if (style === 'iso') return `${part('year')}-${MONTH_NUMBERS[part('month')]}-${part('day')}`;
  return `${part('day')} ${part('month')} ${part('year')}`;
}

const MONTH_NUMBERS: Record<string, string> = { Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12' };

/** One formatter per zone: making an Intl formatter costs far more than using one, and a report formats many dates. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, day: '2-digit', month: 'short', year: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

/** The workspace's date style and zone from the country it operates in (its first jurisdiction); India by default. */
export function reportDateSettings(country: string | null): { zone: string; style: 'day-month-year' | 'iso' } {
  if (country === 'CA') return { zone: 'America/Toronto', style: 'iso' };
  return { zone: 'Asia/Kolkata', style: 'day-month-year' };
}

/** The export's file name: the report's name and the day, safe for any file system. */
export function reportFileName(name: string, day: string, format: 'CSV' | 'XLSX'): string {
  const safe = name.trim().replace(/[^A-Za-z0-9 ._-]+/g, '').replace(/\s+/g, '-').slice(0, 80) || 'report';
  return `${safe}-${day}.${format.toLowerCase()}`;
}
