import type { ClockId } from './statutory-clocks';

/**
 * The rules of a case's course once filed (docs/case.md "Due process in the case runtime"): which steps must be done
 * before which, what blocks closing, and which statutory clocks a case shows in its state.
 */

export interface RuntimeStep {
  id: string;
  name: string;
  position: number;
  completed: boolean;
}

/** A prerequisite of the workflow version (the builder's workflow-prerequisite calls). */
export interface VersionPrerequisite {
  label: string;
  referenceId: string | null;
}

/**
 * The steps the version's prerequisites name: a prerequisite whose reference is a step of the version (its id, or its
 * name as written) makes that step mandatory and a prerequisite of every step after it.
 */
export function mandatorySteps(
  steps: readonly RuntimeStep[],
  prerequisites: readonly VersionPrerequisite[],
): RuntimeStep[] {
  const refs = prerequisites.map((p) => (p.referenceId ?? '').trim().toLowerCase()).filter((r) => r !== '');
  return steps.filter((s) => refs.includes(s.id.toLowerCase()) || refs.includes(s.name.trim().toLowerCase()));
}

/** The mandatory steps before `stepId` (by position) not completed yet: completing `stepId` waits for them. */
export function stepBlockers(
  steps: readonly RuntimeStep[],
  prerequisites: readonly VersionPrerequisite[],
  stepId: string,
): RuntimeStep[] {
  const step = steps.find((s) => s.id === stepId);
  if (!step) return [];
  return mandatorySteps(steps, prerequisites).filter(
    (m) => m.id !== step.id && m.position < step.position && !m.completed,
  );
}

/** The mandatory steps still open: the case is not closed with one open unless the one presiding overrides, with reasons. */
export function openMandatorySteps(
  steps: readonly RuntimeStep[],
  prerequisites: readonly VersionPrerequisite[],
): RuntimeStep[] {
  return mandatorySteps(steps, prerequisites).filter((s) => !s.completed);
}

/** "Complete "A" first" / "Complete "A" and "B" first": the words of a refusal that names the steps. */
export function stepNames(steps: readonly Pick<RuntimeStep, 'name'>[]): string {
  const quoted = steps.map((s) => `"${s.name}"`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

/** A respondent the case can serve: named, or with an address or an account. A description alone identifies no one. */
export function respondentIdentified(respondent: {
  name: string | null;
  email: string | null;
  userId: string | null;
}): boolean {
  return Boolean(respondent.name?.trim() || respondent.email?.trim() || respondent.userId);
}

/** The clocks that concern the respondent: none runs while nobody is identified to serve. */
export const RESPONDENT_CLOCKS: readonly ClockId[] = ['IN_RESPONDENT_COPY', 'IN_RESPONDENT_REPLY'];
/** The clocks after the decision: the report to the parties, the employer's action, the appeal window (IN-09, IN-10). */
export const POST_CLOSURE_CLOCKS: readonly ClockId[] = ['IN_REPORT', 'IN_EMPLOYER_ACTION', 'IN_APPEAL_WINDOW'];

/**
 * The clocks a case shows in its state: a closed case only the post-closure ones (the inquiry's clocks stopped with
 * the decision); a case with no identified respondent none of the respondent's.
 */
export function clocksOfCase<C extends { id: string }>(
  clocks: readonly C[],
  state: { closed: boolean; respondentIdentified: boolean },
): C[] {
  const post: readonly string[] = POST_CLOSURE_CLOCKS;
  const respondent: readonly string[] = RESPONDENT_CLOCKS;
  return clocks.filter(
    (c) => (!state.closed || post.includes(c.id)) && (state.respondentIdentified || !respondent.includes(c.id)),
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day as the parties read it (UI.md "Dates and times": `12 Dec 2026`, never month first). */
export function readableDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

/** IN-10, in the parties' words: the appeal within 90 days of the recommendations, and its last day. */
export function appealRightText(deadline: string): string {
  return `You may appeal the committee's recommendations within 90 days (POSH Act s.18): by ${readableDay(deadline)}.`;
}

/** IN-06 (POSH Rule 7(6)): said to every guest whenever a hearing is set, and on the parties' case page. */
export const NO_LEGAL_PRACTITIONERS =
  'Under POSH Rule 7(6), neither party may be represented by a legal practitioner at the inquiry.';
