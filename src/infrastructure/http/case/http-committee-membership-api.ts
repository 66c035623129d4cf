import { inject, injectable } from 'inversify';
import {
  admitMember,
  decideCommitteeChange,
  listCommitteeChanges,
  type CommitteeChanges,
  type MembershipChange,
} from '../../../contracts/case/committee-membership.contract';
import type { CommitteeMembershipApi } from '../../../application/complaints/committee-membership-api.port';
import { ApiClient, CaseHttp } from '../api-client';

@injectable()
export class HttpCommitteeMembershipApi implements CommitteeMembershipApi {
  constructor(@inject(CaseHttp) private readonly caseApi: ApiClient) {}

  changes(): Promise<CommitteeChanges> {
    return this.caseApi.call(listCommitteeChanges, {});
  }

  decide(changeId: string, decision: 'APPROVE' | 'REJECT', note: string): Promise<MembershipChange> {
    return this.caseApi.call(decideCommitteeChange, { params: { id: changeId }, body: { decision, note } });
  }

  async admit(complaintId: string, userId: string): Promise<void> {
    await this.caseApi.call(admitMember, { params: { id: complaintId }, body: { userId } });
  }
}
