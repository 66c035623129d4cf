import type { CreditRequest, RequestCreditsBody } from '../../contracts/learning/credits.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { CourseCreditsApi } from './catalogue-courses.port';

/** A workspace's admin asks the platform for credits of a catalogue course; the idempotency key makes a retried request ask once. */
export class RequestCredits {
  constructor(private readonly api: CourseCreditsApi) {}

  async execute(body: RequestCreditsBody): Promise<Outcome<{ request: CreditRequest }>> {
    const outcome = await attempt(() => this.api.request(body));
    return outcome.ok ? { ok: true, request: outcome.value } : outcome;
  }
}
