/**
 * Who a course is assigned to: a filter over the workspace's users, all optional.
 * Dates are calendar dates (YYYY-MM-DD) compared on the user's date of joining, both ends included.
 */
export interface AssignmentFilter {
  branchId?: string;
  departmentId?: string;
  startJoiningDate?: string;
  endJoiningDate?: string;
  /** Part of a name or email. */
  search?: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in the form YYYY-MM-DD (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export type FilterErrors = Partial<Record<keyof AssignmentFilter, string>>;

/** The filter's rules, checked by the client before a call and by the server's contract: each error names its field. */
export function validateAssignmentFilter(filter: AssignmentFilter): FilterErrors {
  const errors: FilterErrors = {};
  if (filter.startJoiningDate !== undefined && !isCalendarDate(filter.startJoiningDate)) {
    errors.startJoiningDate = 'Use a date in the form YYYY-MM-DD';
  }
  if (filter.endJoiningDate !== undefined && !isCalendarDate(filter.endJoiningDate)) {
    errors.endJoiningDate = 'Use a date in the form YYYY-MM-DD';
  }
  if (
    !errors.startJoiningDate &&
    !errors.endJoiningDate &&
    filter.startJoiningDate !== undefined &&
    filter.endJoiningDate !== undefined &&
    filter.startJoiningDate > filter.endJoiningDate
  ) {
    errors.endJoiningDate = 'The end of the joining-date range is before its start';
  }
  if (filter.search !== undefined && filter.search.length > 200) errors.search = 'Search for at most 200 characters';
  return errors;
}

/** Drops empty values ('' and whitespace-only search), so "All" choices travel as no filter. */
export function normaliseFilter(filter: AssignmentFilter): AssignmentFilter {
  const out: AssignmentFilter = {};
  if (filter.branchId) out.branchId = filter.branchId;
  if (filter.departmentId) out.departmentId = filter.departmentId;
  if (filter.startJoiningDate) out.startJoiningDate = filter.startJoiningDate;
  if (filter.endJoiningDate) out.endJoiningDate = filter.endJoiningDate;
  const search = filter.search?.trim();
  if (search) out.search = search;
  return out;
}
