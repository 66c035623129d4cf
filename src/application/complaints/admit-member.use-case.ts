import { refusalOf, type Refusal } from '../shared/refusal';
import type { CommitteeMembershipApi } from './committee-membership-api.port';

/** The one presiding admits a member who joined after the case was filed: from then on they read it. */
export class AdmitMember {
  constructor(private readonly api: CommitteeMembershipApi) {}

  async execute(complaintId: string, userId: string): Promise<{ ok: true } | Refusal> {
    try {
      await this.api.admit(complaintId, userId);
      return { ok: true };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
