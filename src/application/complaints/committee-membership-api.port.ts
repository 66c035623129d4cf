import type { CommitteeChanges, MembershipChange } from '../../contracts/case/committee-membership.contract';

/** Changes of a committee's members and the admission of new members to earlier cases (docs/case.md "Committee membership"). */
export const CommitteeMembershipApi = Symbol('CommitteeMembershipApi');
export interface CommitteeMembershipApi {
  /** @read */
  changes(): Promise<CommitteeChanges>;
  decide(changeId: string, decision: 'APPROVE' | 'REJECT', note: string): Promise<MembershipChange>;
  admit(complaintId: string, userId: string): Promise<void>;
}
