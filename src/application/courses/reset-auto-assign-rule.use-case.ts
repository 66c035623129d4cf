import { attempt, type Outcome } from '../shared/refusal';
import type { AutoAssignApi } from './auto-assign-api.port';

/** The admin clears a course's auto-assign rule; nobody is unassigned. Answers how many rules there were. */
export class ResetAutoAssignRule {
  constructor(private readonly api: AutoAssignApi) {}

  async execute(courseIds: string[]): Promise<Outcome<{ cleared: number }>> {
    const outcome = await attempt(() => this.api.reset(courseIds));
    return outcome.ok ? { ok: true, cleared: outcome.value } : outcome;
  }
}
