import { daysBetween, type IsoDate } from '../shared/calendar';

/**
 * The state of one obligation on a workspace's compliance page (docs/policies.md "Compliance status"), from the
 * evidence the product holds: training assigned and completed, policies published and accepted, the Internal
 * Committee and its term. Pure: the server gathers the figures, these rules judge them.
 */

/** MET: the evidence is complete; PARTIAL: begun, not complete; MISSING: nothing yet; NOT_TRACKED: the product keeps no evidence of it yet. */
export type ObligationState = 'MET' | 'PARTIAL' | 'MISSING' | 'NOT_TRACKED';

export interface ObligationJudgement {
  state: ObligationState;
  /** What is missing, in words; null when met. */
  missing: string | null;
  /** The date it falls due (the nearest), when the evidence gives one. */
  dueOn: IsoDate | null;
}

/** Whole percent, rounded down (99.6 % is not 100 %); 0 of 0 is 0. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.floor((part * 100) / whole) : 0;
}

export interface TrainingEvidence {
  /** Active people of the workspace. */
  people: number;
  /** Courses of the workspace that meet it (by the compliance's course titles). */
  courses: number;
  /** People holding an assignment of such a course, and those who completed one. */
  assigned: number;
  completed: number;
  /** The nearest due date of an assignment not completed. */
  nextDueOn: IsoDate | null;
}

export function judgeTraining(e: TrainingEvidence): ObligationJudgement {
  if (e.courses === 0) return { state: 'MISSING', missing: 'No course of this workspace meets it yet', dueOn: null };
  if (e.assigned === 0) return { state: 'MISSING', missing: 'The course is not assigned to anyone', dueOn: null };
  const unassigned = Math.max(0, e.people - e.assigned);
  const notDone = e.assigned - e.completed;
  if (unassigned === 0 && notDone === 0) return { state: 'MET', missing: null, dueOn: null };
  const parts = [
    unassigned > 0 ? `${unassigned} ${unassigned === 1 ? 'person has' : 'people have'} not been assigned it` : null,
    notDone > 0 ? `${notDone} ${notDone === 1 ? 'person has' : 'people have'} not completed it` : null,
  ].filter(Boolean);
  return { state: 'PARTIAL', missing: parts.join('; '), dueOn: notDone > 0 ? e.nextDueOn : null };
}

export interface PolicyEvidence {
  /** The linked catalogue policies, and how many of them the workspace published. */
  linked: number;
  published: number;
  /** Over the published ones: people in scope and valid acceptances. */
  inScope: number;
  accepted: number;
  /** The nearest due date of an acceptance still awaited. */
  nextDueOn: IsoDate | null;
}

export function judgePolicies(e: PolicyEvidence): ObligationJudgement {
  if (e.linked === 0) return { state: 'NOT_TRACKED', missing: 'No catalogue policy is linked to it yet', dueOn: null };
  if (e.published === 0)
    return {
      state: 'MISSING',
      missing: e.linked === 1 ? 'The policy is not published' : 'None of its policies is published',
      dueOn: null,
    };
  const unpublished = e.linked - e.published;
  const waiting = e.inScope - e.accepted;
  if (unpublished === 0 && waiting === 0) return { state: 'MET', missing: null, dueOn: null };
  const parts = [
    unpublished > 0 ? `${unpublished} of its policies ${unpublished === 1 ? 'is' : 'are'} not published` : null,
    waiting > 0 ? `${waiting} ${waiting === 1 ? 'acceptance is' : 'acceptances are'} awaited` : null,
  ].filter(Boolean);
  return { state: 'PARTIAL', missing: parts.join('; '), dueOn: waiting > 0 ? e.nextDueOn : null };
}

export interface CommitteeEvidence {
  /** The workspace-wide committee's term, when there is one. */
  termStart: IsoDate;
  termEnd: IsoDate;
  members: number;
}

/** IN-01: an Internal Committee constituted, in its term (at most three years); it falls due again when the term ends. */
export function judgeCommittee(committee: CommitteeEvidence | null, today: IsoDate): ObligationJudgement {
  if (!committee) return { state: 'MISSING', missing: 'No Internal Committee is constituted', dueOn: null };
  if (daysBetween(today, committee.termEnd) < 0) {
    return {
      state: 'MISSING',
      missing: `The committee's term ended on ${committee.termEnd}: constitute it again`,
      dueOn: committee.termEnd,
    };
  }
  if (committee.members === 0)
    return { state: 'PARTIAL', missing: 'The committee has no members', dueOn: committee.termEnd };
  return { state: 'MET', missing: null, dueOn: committee.termEnd };
}

/** Annual returns and the rest: the product produces no evidence of them yet, so it says so rather than guess. */
export function judgeUntracked(kind: 'REPORT' | 'OTHER'): ObligationJudgement {
  return {
    state: 'NOT_TRACKED',
    missing:
      kind === 'REPORT'
        ? 'See Statutory returns and Legal rules below: SafePlace makes the returns and tracks them there'
        : 'Not yet tracked by SafePlace',
    dueOn: null,
  };
}
