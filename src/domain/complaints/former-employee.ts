import { addMonths, type IsoDate } from '../shared/calendar';

/**
 * CA-01 (Canada Labour Code Part II, SOR/2020-130 s.15(2)): no time limit on a notice while the principal party is
 * employed; a former employee gives it within 3 months of the day they left.
 */
export const FORMER_EMPLOYEE_MONTHS = 3;

/** The last day a person who left on `leftOn` may give notice. */
export function formerEmployeeLastDay(leftOn: IsoDate): IsoDate {
  return addMonths(leftOn, FORMER_EMPLOYEE_MONTHS);
}

/**
 * What is wrong with a former employee's notice given `today` (null when it may go): the day they left after today,
 * or more than 3 months before it. Only Canada's regime has the rule; India's POSH Act counts from the incident (IN-03).
 */
export function formerEmployeeProblem(
  compliance: 'IN_POSH' | 'CA_FEDERAL',
  leftOn: IsoDate | null,
  today: IsoDate,
): string | null {
  if (!leftOn || compliance !== 'CA_FEDERAL') return null;
  if (leftOn > today) return 'CA-01: the day you left cannot be after today';
  const last = formerEmployeeLastDay(leftOn);
  if (today > last)
    return `CA-01: a former employee gives notice within 3 months of leaving: for a departure on ${leftOn}, by ${last}`;
  return null;
}
