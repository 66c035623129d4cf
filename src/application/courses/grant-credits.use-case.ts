import type { AdminCreditRequest } from '../../contracts/learning/credits.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { CatalogueCourseApi } from './catalogue-courses.port';

/** The platform admin grants a workspace's request for course credits; answers the request with the workspace's new balance. */
export class GrantCredits {
  constructor(private readonly api: CatalogueCourseApi) {}

  async execute(requestId: string): Promise<Outcome<{ granted: AdminCreditRequest }>> {
    const outcome = await attempt(() => this.api.grant(requestId));
    return outcome.ok ? { ok: true, granted: outcome.value } : outcome;
  }
}
