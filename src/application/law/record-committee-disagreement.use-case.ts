import type {
  CommitteeDisagreement,
  CommitteeDisagreementBody,
} from '../../contracts/case/committee-disagreements.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { CommitteeDisagreementsApi } from './committee-disagreements-api.port';

/**
 * CA-09: an admin or employer records a disagreement with the workplace committee: its subject, each side's position
 * and the day it arose. A side left blank or a day after today is refused before any call (the server decides on the
 * workspace's own day).
 */
export class RecordCommitteeDisagreement {
  constructor(
    private readonly api: CommitteeDisagreementsApi,
    private readonly today: () => string,
  ) {}

  async execute(body: CommitteeDisagreementBody): Promise<{ ok: true; disagreement: CommitteeDisagreement } | Refusal> {
    const trimmed = {
      subject: body.subject.trim(),
      committeePosition: body.committeePosition.trim(),
      employerPosition: body.employerPosition.trim(),
      occurredOn: body.occurredOn,
    };
    if (!trimmed.subject) return invalid('Enter the subject', 'subject');
    if (!trimmed.committeePosition) return invalid('Enter the committee’s position', 'committeePosition');
    if (!trimmed.employerPosition) return invalid('Enter the employer’s position', 'employerPosition');
    if (!trimmed.occurredOn) return invalid('Enter the day it arose', 'occurredOn');
    if (trimmed.occurredOn > this.today()) return invalid('Not a future day', 'occurredOn');
    const outcome = await attempt(() => this.api.record(trimmed));
    return outcome.ok ? { ok: true, disagreement: outcome.value } : outcome;
  }
}
