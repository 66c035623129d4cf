import type { EmployerDuties, EmployerDutiesBody } from '../../contracts/case/law.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { LawApi } from './law-api.port';

/** IN-12: publishes (or withdraws) the notice shown to staff, with where to get help with a police complaint. */
export class SaveEmployerDuties {
  constructor(private readonly api: LawApi) {}

  async execute(body: EmployerDutiesBody): Promise<{ ok: true; duties: EmployerDuties } | Refusal> {
    const policeHelp = body.policeHelp.trim();
    // The notice tells staff where to get help with a police complaint (IN-12): it is not published without it.
    if (body.noticePublished && !policeHelp)
      return invalid('Say where staff get help with a police complaint before publishing the notice', 'policeHelp');
    const outcome = await attempt(() =>
      this.api.saveEmployerDuties({ noticePublished: body.noticePublished, policeHelp }),
    );
    return outcome.ok ? { ok: true, duties: outcome.value } : outcome;
  }
}
