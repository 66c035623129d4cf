import type { AwarenessEventBody, EmployerDuties } from '../../contracts/case/law.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { LawApi } from './law-api.port';

/** IN-12: records a workshop, an awareness programme or the committee's orientation; attendees by name or a head count, not both. */
export class RecordAwarenessEvent {
  constructor(private readonly api: LawApi) {}

  async execute(body: AwarenessEventBody): Promise<{ ok: true; duties: EmployerDuties } | Refusal> {
    if ((body.headCount === null) === (body.attendeeIds.length === 0))
      return invalid('Choose the attendees from the directory, or give a head count', 'headCount');
    const outcome = await attempt(() => this.api.recordAwarenessEvent(body));
    return outcome.ok ? { ok: true, duties: outcome.value } : outcome;
  }
}
