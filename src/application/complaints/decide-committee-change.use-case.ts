import type { MembershipChange } from '../../contracts/case/committee-membership.contract';
import { refusalOf, type Refusal } from '../shared/refusal';
import type { CommitteeMembershipApi } from './committee-membership-api.port';

export type DecisionOutcome = { ok: true; change: MembershipChange } | Refusal;

/** The presiding officer (or a second admin, for the presiding officer's own seat) approves or rejects a change of members. */
export class DecideCommitteeChange {
  constructor(private readonly api: CommitteeMembershipApi) {}

  async execute(changeId: string, decision: 'APPROVE' | 'REJECT', note = ''): Promise<DecisionOutcome> {
    try {
      return { ok: true, change: await this.api.decide(changeId, decision, note.trim()) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
