/**
 * Who sees a case, and which part of it (IN-11, Canada s.35). Decided on the server from what the case records:
 * - the complainant (who filed it) sees the case and what is addressed to the complainant;
 * - the committee members of the case's committee who are not recused (nor parties) see everything;
 * - the respondent sees only what is shared with them, and only once the copy of the complaint has been sent
 *   (IN-05): before that, the case must not tip them off;
 * - everybody else (workspace admins, employers, platform staff, other committees' members) sees nothing of it:
 *   counts and clocks come through a call of their own, without names or contents.
 */

export type CaseRole = 'COMPLAINANT' | 'COMMITTEE' | 'RESPONDENT';
export type Audience = 'COMPLAINANT' | 'RESPONDENT' | 'COMMITTEE';

export interface CaseParties {
  filedBy: string;
  respondentUserId: string | null;
  respondentCopySent: boolean;
  /** The members of the case's committee. */
  memberIds: readonly string[];
  /** Members recused, by themselves, as a party, or denied by the case. */
  recusedIds: readonly string[];
}

/** The caller's role on the case, or null: nothing of it may be shown (answered as 404, so its existence is not told). */
export function caseRole(userId: string, parties: CaseParties): CaseRole | null {
  // A party is a party before anything else: a seat on the committee never lets them read the case against them,
  // whether or not the recusal was written (defence in depth behind the recusal at filing and at joining).
  if (userId === parties.filedBy) return 'COMPLAINANT';
  if (parties.respondentUserId === userId) return parties.respondentCopySent ? 'RESPONDENT' : null;
  if (parties.memberIds.includes(userId) && !parties.recusedIds.includes(userId)) return 'COMMITTEE';
  return null;
}

/** The message audiences a role reads: each party exactly what was addressed to them; the committee all. */
export function audiencesFor(role: CaseRole): Audience[] {
  if (role === 'COMMITTEE') return ['COMPLAINANT', 'RESPONDENT', 'COMMITTEE'];
  return [role];
}

/**
 * An audience names a thread: the complainant's (the committee and the complainant), the respondent's (the committee
 * and the respondent) and the committee's internal one. A party writes in their own thread only; the committee in any.
 */
export function mayWriteTo(role: CaseRole, audience: Audience): boolean {
  return role === 'COMMITTEE' || audience === role;
}
