import { attempt, type Outcome } from '../shared/refusal';
import type { ReminderApi } from './reminder-api.port';

/** The admin sets how many years a course's certificates are valid (null: they do not expire); learners are assigned the course again before. */
export class SetCertificateValidity {
  constructor(private readonly api: ReminderApi) {}

  async execute(courseId: string, years: 1 | 2 | 3 | null): Promise<Outcome> {
    const outcome = await attempt(() => this.api.setValidity(courseId, years));
    return outcome.ok ? { ok: true } : outcome;
  }
}
