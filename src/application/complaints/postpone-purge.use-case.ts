import type { PostponeBody, RetentionState } from '../../contracts/case/retention.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { RetentionApi } from './retention-api.port';

/** The presiding officer postpones a closed case's purge to a later day, with a reason. */
export class PostponePurge {
  constructor(private readonly api: RetentionApi) {}

  async execute(complaintId: string, body: PostponeBody): Promise<Outcome<{ state: RetentionState }>> {
    const outcome = await attempt(() => this.api.postpone(complaintId, body));
    return outcome.ok ? { ok: true, state: outcome.value } : outcome;
  }
}
