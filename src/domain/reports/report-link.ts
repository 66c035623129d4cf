import { CourseReportStatus, PolicyReportStatus, ReportUserStatus } from './report-columns';

/**
 * A report's filters in the address of the Reports screen (`/reports?rows=course&courseIds=…`), so a figure of the
 * dashboard links to the report filtered to it, and the link can be kept, shared or opened in a new tab. Lists are
 * comma-separated; a value the screen cannot use is dropped, never guessed at.
 */
export interface ReportLinkFilters {
  branchIds?: string[];
  departmentIds?: string[];
  courseIds?: string[];
  policyIds?: string[];
  userStatuses?: ReportUserStatus[];
  courseStatuses?: CourseReportStatus[];
  policyStatuses?: PolicyReportStatus[];
  /** Certificates expiring on these days (`expiresFrom`, `expiresTo` in the address). */
  expires?: { from?: string; to?: string };
  /** Certificates expiring from today to today + N days (`expiresWithinDays`). */
  expiresWithinDays?: number;
}

export interface ReportLink {
  /** Which rows the report holds. */
  rows: 'course' | 'policy' | 'both';
  filters: ReportLinkFilters;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_KEYS = ['branchIds', 'departmentIds', 'courseIds', 'policyIds'] as const;
const ENUM_KEYS = {
  userStatuses: ReportUserStatus.options,
  courseStatuses: CourseReportStatus.options,
  policyStatuses: PolicyReportStatus.options,
} as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ORDER = [...ID_KEYS, ...(Object.keys(ENUM_KEYS) as (keyof typeof ENUM_KEYS)[])];

/** The address of the Reports screen showing this report. */
export function reportHref(link: ReportLink): string {
  const params = new URLSearchParams();
  params.set('rows', link.rows);
  for (const key of ORDER) {
    const values = link.filters[key];
    if (values && values.length > 0) params.set(key, values.join(','));
  }
  if (link.filters.expires?.from) params.set('expiresFrom', link.filters.expires.from);
  if (link.filters.expires?.to) params.set('expiresTo', link.filters.expires.to);
  if (link.filters.expiresWithinDays !== undefined) params.set('expiresWithinDays', String(link.filters.expiresWithinDays));
  return `/reports?${params.toString()}`;
}

/** The report an address asks for, or null when it names none (no `rows` and no filter). */
export function reportLinkOf(search: string | URLSearchParams): ReportLink | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const list = (key: string) =>
    (params.get(key) ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  const filters: ReportLinkFilters = {};
  for (const key of ID_KEYS) {
    const ids = list(key).filter((v) => UUID.test(v));
    if (ids.length > 0) filters[key] = [...new Set(ids)].slice(0, 500);
  }
  for (const [key, allowed] of Object.entries(ENUM_KEYS) as [keyof typeof ENUM_KEYS, readonly string[]][]) {
    const values = list(key).filter((v) => allowed.includes(v));
    if (values.length > 0) (filters as Record<string, string[]>)[key] = [...new Set(values)];
  }
  const day = (key: string) => {
    const v = params.get(key)?.trim() ?? '';
    return DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : undefined;
  };
  const [from, to] = [day('expiresFrom'), day('expiresTo')];
  if ((from || to) && (!from || !to || from <= to)) filters.expires = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const within = params.get('expiresWithinDays')?.trim() ?? '';
  if (/^\d{1,4}$/.test(within) && Number(within) <= 3650) filters.expiresWithinDays = Number(within);
  const rowsParam = params.get('rows');
  const rows = rowsParam === 'course' || rowsParam === 'policy' || rowsParam === 'both' ? rowsParam : null;
  if (!rows && Object.keys(filters).length === 0) return null;
  return { rows: rows ?? 'both', filters };
}
