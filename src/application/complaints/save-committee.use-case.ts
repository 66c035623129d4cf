import type { Committee, CommitteeBody } from '../../contracts/case/complaints.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/**
 * The admin sets up a new committee (no committee id), or saves an existing one's name, term and members. The server
 * holds the law's composition rules; its refusal comes back beside the field it names.
 */
export class SaveCommittee {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    committeeId: string | null,
    body: Omit<CommitteeBody, 'branchId'>,
  ): Promise<Outcome<{ committee: Committee }>> {
    const outcome = await attempt(() =>
      committeeId === null
        ? this.api.createCommittee({ ...body, branchId: null })
        : this.api.updateCommittee(committeeId, body),
    );
    return outcome.ok ? { ok: true, committee: outcome.value } : outcome;
  }
}
