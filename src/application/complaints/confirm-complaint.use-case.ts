import { attempt, type Outcome } from '../shared/refusal';
import type { CaseExtrasApi } from './case-extras-api.port';

/** The employee confirms a complaint a committee member recorded for them: the committee goes ahead, and its time limits start. */
export class ConfirmComplaint {
  constructor(private readonly api: CaseExtrasApi) {}

  async execute(complaintId: string): Promise<Outcome> {
    const outcome = await attempt(() => this.api.confirm(complaintId));
    return outcome.ok ? { ok: true } : outcome;
  }
}
