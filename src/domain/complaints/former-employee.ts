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

/**
 * CA-01's extension: past the 3 months, a former employee may still give notice when trauma or ill health kept them
 * from giving it sooner (SOR/2020-130 s.15(2)), saying so with a short reason that is kept on the case.
 */
export const LATE_NOTICE_GROUNDS = ['TRAUMA', 'HEALTH'] as const;
export type LateNoticeGround = (typeof LATE_NOTICE_GROUNDS)[number];

export interface FormerEmployeeNotice {
  leftOn: IsoDate;
  lateFor?: LateNoticeGround | null;
  lateReason?: string | null;
}

/** The extension a notice relies on (null when it is within the 3 months, or not Canadian): what the case keeps. */
export function lateNoticeExtension(
  compliance: 'IN_POSH' | 'CA_FEDERAL',
  notice: FormerEmployeeNotice | null,
  today: IsoDate,
): { ground: LateNoticeGround; reason: string } | null {
  if (!notice || compliance !== 'CA_FEDERAL' || notice.leftOn > today) return null;
  if (today <= formerEmployeeLastDay(notice.leftOn)) return null;
  const reason = notice.lateReason?.trim() ?? '';
  return notice.lateFor && reason ? { ground: notice.lateFor, reason } : null;
}

/**
 * What is wrong with a former employee's notice, by the form's field (empty when it may go): a day left after today;
 * past the 3 months without trauma or health given as the reason (`formerEmployee.leftOn`), or with it but no word of
 * why (`formerEmployee.lateReason`). Each names CA-01.
 */
export function formerEmployeeProblems(
  compliance: 'IN_POSH' | 'CA_FEDERAL',
  notice: FormerEmployeeNotice | null,
  today: IsoDate,
): Record<string, string> {
  if (!notice || compliance !== 'CA_FEDERAL') return {};
  if (notice.leftOn > today) return { 'formerEmployee.leftOn': 'CA-01: the day you left cannot be after today' };
  const last = formerEmployeeLastDay(notice.leftOn);
  if (today <= last) return {};
  if (!notice.lateFor)
    return {
      'formerEmployee.leftOn': `CA-01: a former employee gives notice within 3 months of leaving: for a departure on ${notice.leftOn}, by ${last}, unless trauma or ill health kept them from it (say which, with a short reason)`,
    };
  if (!notice.lateReason?.trim())
    return {
      'formerEmployee.lateReason': `CA-01: a notice later than 3 months after leaving needs a short reason: how ${notice.lateFor === 'TRAUMA' ? 'trauma' : 'ill health'} kept you from giving it by ${last}`,
    };
  return {};
}
