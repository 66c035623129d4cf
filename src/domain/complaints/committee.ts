import { addYears, daysBetween, type IsoDate } from '../shared/calendar';

/**
 * The Internal Committee's composition (POSH IN-02): a presiding officer who is a senior woman employee, at least two
 * employee members, one external member, at least half of the members women, and a term of at most three years.
 * The app warns on every breach, and on a term about to end; it does not stop the committee working, since a
 * committee in breach must still hear the complaints before it.
 */

export type CommitteeRole = 'PRESIDING_OFFICER' | 'EMPLOYEE_MEMBER' | 'EXTERNAL_MEMBER';
export type Gender = 'WOMAN' | 'MAN' | 'TRANSGENDER' | 'UNDISCLOSED';

export interface CommitteeMember {
  id: string;
  name: string;
  role: CommitteeRole;
  gender: Gender;
  /** The presiding officer must be a senior employee (IN-02); recorded by the admin who names her. */
  senior?: boolean;
  /** The presiding officer may come from another office when this one has no senior woman (IN-02). */
  fromAnotherOffice?: boolean;
}

export interface Committee {
  termStart: IsoDate;
  termEnd: IsoDate;
  members: readonly CommitteeMember[];
}

export type CompositionCode =
  | 'NO_PRESIDING_OFFICER'
  | 'SEVERAL_PRESIDING_OFFICERS'
  | 'PRESIDING_OFFICER_NOT_A_WOMAN'
  | 'PRESIDING_OFFICER_NOT_SENIOR'
  | 'TOO_FEW_EMPLOYEE_MEMBERS'
  | 'NO_EXTERNAL_MEMBER'
  | 'TOO_FEW_WOMEN'
  | 'TERM_TOO_LONG'
  | 'TERM_ENDS_SOON'
  | 'TERM_ENDED';

export interface CompositionWarning {
  code: CompositionCode;
  message: string;
}

/** Warn this many days before the term ends, time enough to constitute the next committee. */
export const TERM_WARNING_DAYS = 60;

export function compositionWarnings(committee: Committee, today: IsoDate): CompositionWarning[] {
  const warnings: CompositionWarning[] = [];
  const warn = (code: CompositionCode, message: string) => warnings.push({ code, message });
  const presiding = committee.members.filter((m) => m.role === 'PRESIDING_OFFICER');
  if (presiding.length === 0) warn('NO_PRESIDING_OFFICER', 'Name a presiding officer: a senior woman employee.');
  if (presiding.length > 1) warn('SEVERAL_PRESIDING_OFFICERS', 'A committee has one presiding officer.');
  for (const officer of presiding) {
    if (officer.gender !== 'WOMAN')
      warn('PRESIDING_OFFICER_NOT_A_WOMAN', `The presiding officer must be a woman (${officer.name}).`);
    if (!officer.senior)
      warn('PRESIDING_OFFICER_NOT_SENIOR', `The presiding officer must be a senior employee (${officer.name}).`);
  }
  const employees = committee.members.filter((m) => m.role === 'EMPLOYEE_MEMBER').length;
  if (employees < 2)
    warn(
      'TOO_FEW_EMPLOYEE_MEMBERS',
      `At least 2 employee members are needed; there ${employees === 1 ? 'is' : 'are'} ${employees}.`,
    );
  if (!committee.members.some((m) => m.role === 'EXTERNAL_MEMBER')) {
    warn(
      'NO_EXTERNAL_MEMBER',
      'Name one external member, from an NGO or association, or familiar with sexual harassment issues.',
    );
  }
  const women = committee.members.filter((m) => m.gender === 'WOMAN').length;
  if (committee.members.length > 0 && women * 2 < committee.members.length) {
    warn('TOO_FEW_WOMEN', `At least half the members must be women; ${women} of ${committee.members.length} are.`);
  }
  // The term's last day is inside it: a term from 1 January 2025 may run to 31 December 2027.
  if (daysBetween(addYears(committee.termStart, 3), committee.termEnd) >= 0) {
    warn('TERM_TOO_LONG', 'A term is at most 3 years.');
  }
  const left = daysBetween(today, committee.termEnd);
  if (left < 0) warn('TERM_ENDED', `The committee's term ended on ${committee.termEnd}: constitute the next one.`);
  else if (left <= TERM_WARNING_DAYS)
    warn('TERM_ENDS_SOON', `The committee's term ends in ${left} days, on ${committee.termEnd}.`);
  return warnings;
}

/**
 * Who presides over a case: the presiding officer unless recused, else the member the committee named for that case
 * (IN-06 needs the presiding officer, or the one presiding, present at every hearing). Null when nobody can.
 */
export function presidingForCase(
  committee: Committee,
  recusedIds: ReadonlySet<string>,
  namedToPreside: string | null,
): { memberId: string; substitute: boolean } | null {
  const officer = committee.members.find((m) => m.role === 'PRESIDING_OFFICER');
  if (officer && !recusedIds.has(officer.id)) return { memberId: officer.id, substitute: false };
  const named = committee.members.find(
    (m) => m.id === namedToPreside && !recusedIds.has(m.id) && m.role !== 'EXTERNAL_MEMBER',
  );
  return named ? { memberId: named.id, substitute: true } : null;
}

/** Whether a case can still reach the hearing quorum of 3 (IN-06) with the members not recused from it. */
export function quorumPossible(committee: Committee, recusedIds: ReadonlySet<string>): boolean {
  return committee.members.filter((m) => !recusedIds.has(m.id)).length >= 3;
}

/**
 * Canada (CA-01): a workspace under the federal Code names designated recipients to receive notices of occurrence,
 * not an Internal Committee; the POSH composition does not apply. A recipient is trained before receiving notices
 * (CA-11), which the training records show; here: at least one recipient, and a term still running.
 */
export type RecipientCode = 'NO_DESIGNATED_RECIPIENT' | 'NOT_A_RECIPIENT' | 'TERM_ENDS_SOON' | 'TERM_ENDED';

export function designatedRecipientWarnings(
  committee: { termEnd: IsoDate; members: readonly { name: string; role: string }[] },
  today: IsoDate,
): { code: RecipientCode; message: string }[] {
  const warnings: { code: RecipientCode; message: string }[] = [];
  if (committee.members.length === 0) {
    warnings.push({
      code: 'NO_DESIGNATED_RECIPIENT',
      message: 'Name at least one designated recipient to receive notices of occurrence.',
    });
  }
  for (const m of committee.members) {
    if (m.role !== 'DESIGNATED_RECIPIENT') {
      warnings.push({
        code: 'NOT_A_RECIPIENT',
        message: `Under the Canada Labour Code a notice goes to a designated recipient; ${m.name} is named otherwise.`,
      });
    }
  }
  const left = daysBetween(today, committee.termEnd);
  if (left < 0)
    warnings.push({
      code: 'TERM_ENDED',
      message: `The designation ended on ${committee.termEnd}: name the recipients again.`,
    });
  else if (left <= TERM_WARNING_DAYS)
    warnings.push({
      code: 'TERM_ENDS_SOON',
      message: `The designation ends in ${left} days, on ${committee.termEnd}.`,
    });
  return warnings;
}

/** An address as the migration 0075 finds it in a witness's text (the same pattern, so filing and migration agree). */
const ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * The addresses the witnesses were named with, lower case, sorted, once each. The form's witnesses are free text; an
 * address in it ("Asha Rao <asha@acme.test>") names an account of the workspace. A name alone names nobody (a name is
 * not an identity): the committee confirms who it is.
 */
export function witnessEmails(witnesses: readonly string[]): string[] {
  return [...new Set(witnesses.flatMap((w) => [...w.matchAll(ADDRESS)].map((m) => m[0].toLowerCase())))].sort();
}

/**
 * Whom a party is among the committee members: a member who filed the complaint, is named as respondent or as a
 * witness is a party to it and is recused automatically (IN-11: the committee must be impartial).
 */
export function membersWhoAreParties(
  members: readonly { userId: string; email: string }[],
  parties: {
    complainantUserId: string | null;
    respondentUserId: string | null;
    emails: readonly (string | null | undefined)[];
  },
): string[] {
  const emails = new Set(parties.emails.filter((e): e is string => !!e).map((e) => e.trim().toLowerCase()));
  return members
    .filter(
      (m) =>
        m.userId === parties.complainantUserId ||
        m.userId === parties.respondentUserId ||
        emails.has(m.email.trim().toLowerCase()),
    )
    .map((m) => m.userId);
}
