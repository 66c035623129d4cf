import type { Role } from '../auth/roles';
import { validateAssignmentFilter } from './assignment-filter';

/**
 * A course's auto-assignment rule: everyone who matches every criterion given is assigned the course, when
 * the rule is saved and whenever a person comes to match it (import, invite claim, sign-up, edit). Criteria left out
 * match everyone; the joining-date window includes both ends. Only ACTIVE and INVITED people match (a deactivated person
 * never does), and only while the rule is enabled.
 */
export interface AutoAssignCriteria {
  branchId: string | null;
  departmentId: string | null;
  startJoiningDate: string | null;
  endJoiningDate: string | null;
  role: Role | null;
}

export interface AutoAssignRule extends AutoAssignCriteria {
  enabled: boolean;
  /** Days after assigning that the course falls due; null: the workspace's default period. */
  dueDays: number | null;
}

/** The facts of a person a rule reads. */
export interface RulePerson {
  branchId: string | null;
  departmentId: string | null;
  /** YYYY-MM-DD, or null when unknown. */
  dateOfJoining: string | null;
  role: Role;
  status: 'ACTIVE' | 'INVITED' | 'INACTIVE';
}

export const NO_CRITERIA: AutoAssignCriteria = {
  branchId: null,
  departmentId: null,
  startJoiningDate: null,
  endJoiningDate: null,
  role: null,
};

/** Whether the rule assigns this person now (an enabled rule, a person not deactivated, every given criterion met). */
export function matchesRule(rule: AutoAssignRule, person: RulePerson): boolean {
  if (!rule.enabled || person.status === 'INACTIVE') return false;
  if (rule.branchId !== null && person.branchId !== rule.branchId) return false;
  if (rule.departmentId !== null && person.departmentId !== rule.departmentId) return false;
  if (rule.role !== null && person.role !== rule.role) return false;
  // A window needs a joining date: someone whose date is unknown is not in any window.
  if (rule.startJoiningDate !== null && (person.dateOfJoining === null || person.dateOfJoining < rule.startJoiningDate))
    return false;
  if (rule.endJoiningDate !== null && (person.dateOfJoining === null || person.dateOfJoining > rule.endJoiningDate))
    return false;
  return true;
}

/** Whether a change of a person can make them match a rule they did not match (the fields a rule reads). */
export function ruleFieldsChanged(before: RulePerson, after: RulePerson): boolean {
  return (
    before.branchId !== after.branchId ||
    before.departmentId !== after.departmentId ||
    before.dateOfJoining !== after.dateOfJoining ||
    before.role !== after.role ||
    (before.status === 'INACTIVE') !== (after.status === 'INACTIVE')
  );
}

/** The rule's own problems, each on its field (the window's order; the date forms are the contract's). */
export function ruleProblems(
  criteria: Pick<AutoAssignCriteria, 'startJoiningDate' | 'endJoiningDate'>,
): Record<string, string> {
  const errors = validateAssignmentFilter({
    startJoiningDate: criteria.startJoiningDate ?? undefined,
    endJoiningDate: criteria.endJoiningDate ?? undefined,
  });
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => Boolean(message))) as Record<string, string>;
}

/** A rule with no criterion matches everyone the saver may see (the whole workspace, or a business-unit admin's unit). */
export function hasCriteria(criteria: AutoAssignCriteria): boolean {
  return Object.values(criteria).some((v) => v !== null);
}
