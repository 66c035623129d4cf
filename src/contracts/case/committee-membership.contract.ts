import { z } from 'zod';
import { Id, IdParams, route } from '../route';

/**
 * Committee membership (docs/case.md "Committee membership"): a change of a committee's members waits for approval;
 * a member who joined after a case was filed reads it only once the one presiding admits them; the committee
 * confirms a respondent named without an address as a person of the workspace; the presiding officer acknowledges
 * that a person with a stake in an open case may be deleted. None of these paths is in endpoints.tsv: they are ours.
 */

const MEMBERS = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;
const DECIDED_ON_SERVER =
  "decided on the server by the caller's seat: the presiding officer (or a second admin or employer for the presiding officer's own seat) decides; an admin cannot switch that on or off";

export const PersonRef = z.object({ userId: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;

export const MembershipChange = z.object({
  changeId: z.string(),
  committeeId: z.string(),
  committeeName: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  /** Who decides: the committee's presiding officer, or a workspace admin or employer other than the one who asked. */
  approver: z.enum(['PRESIDING_OFFICER', 'SECOND_ADMIN']),
  added: z.array(PersonRef),
  removed: z.array(PersonRef),
  requestedBy: PersonRef,
  requestedAt: z.string(),
  decidedBy: PersonRef.nullable(),
  decidedAt: z.string().nullable(),
  note: z.string(),
  /** Whether the caller may approve it (a requester may still withdraw their own by rejecting it). */
  mayApprove: z.boolean(),
  mayReject: z.boolean(),
});
export type MembershipChange = z.infer<typeof MembershipChange>;

/** A member who joined after a case was filed and waits to be admitted to it (shown to the one presiding only). */
export const AdmissionWaiting = z.object({ complaintId: z.string(), caseNumber: z.string(), member: PersonRef });
export type AdmissionWaiting = z.infer<typeof AdmissionWaiting>;

export const CommitteeChanges = z.object({ changes: z.array(MembershipChange), admissions: z.array(AdmissionWaiting) });
export type CommitteeChanges = z.infer<typeof CommitteeChanges>;

export const listCommitteeChanges = route({
  api: 'case',
  method: 'GET',
  path: '/api/committee-changes',
  summary:
    'The membership changes the caller may see (admins and employers: every committee; a presiding officer: their committee), pending first, then the history; and, for the one presiding, the members waiting to be admitted to earlier cases',
  response: CommitteeChanges,
  access: MEMBERS,
  noPermission: DECIDED_ON_SERVER,
});

export const DecisionBody = z.strictObject({
  decision: z.enum(['APPROVE', 'REJECT']),
  note: z.string().trim().max(2000).default(''),
});

export const decideCommitteeChange = route({
  api: 'case',
  method: 'POST',
  path: '/api/committee-changes/{id}/decision',
  summary:
    'Approve or reject a pending membership change; approval applies it (new members are recused from the open cases they are a party to and wait to be admitted to earlier cases)',
  params: IdParams,
  body: DecisionBody,
  response: MembershipChange,
  access: MEMBERS,
  noPermission: DECIDED_ON_SERVER,
});

export const admitMember = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/admissions',
  summary: 'The one presiding admits a member who joined after the case was filed: from now on they read it',
  params: IdParams,
  body: z.strictObject({ userId: Id }),
  response: z.object({ ok: z.literal(true) }),
  access: MEMBERS,
  noPermission: DECIDED_ON_SERVER,
});

export const confirmRespondentAccount = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/respondent-account',
  summary:
    'The one presiding confirms that the respondent named on the case is this person of the workspace: they are recused from it at once if they sit on the committee, and treated as the respondent from now on',
  params: IdParams,
  body: z.strictObject({ userId: Id }),
  response: z.object({ recused: z.boolean() }),
  access: MEMBERS,
  noPermission: DECIDED_ON_SERVER,
});

export const confirmWitnessAccount = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/witness-accounts',
  summary:
    'The one presiding confirms that a witness named on the case without an address is this person of the workspace: they are a named witness of the case from now on, recused from it at once if they sit on the committee and the workspace recuses witnesses',
  params: IdParams,
  body: z.strictObject({ userId: Id }),
  response: z.object({ recused: z.boolean() }),
  access: MEMBERS,
  noPermission: DECIDED_ON_SERVER,
});

export const acknowledgeDeparture = route({
  api: 'case',
  method: 'POST',
  path: '/api/case-departures',
  summary:
    'A presiding officer acknowledges that a person with a stake in an open case of their committee (a party or a presiding officer) may be deleted or deactivated; recorded in each of those cases',
  body: z.strictObject({ userId: Id, note: z.string().trim().max(2000).default('') }),
  response: z.object({ openCases: z.number().int() }),
  access: MEMBERS,
  noPermission: DECIDED_ON_SERVER,
});
