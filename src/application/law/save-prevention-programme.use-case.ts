import type { PreventionProgramme, PreventionProgrammeBody } from '../../contracts/case/prevention-programme.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { PreventionProgrammeApi } from './prevention-programme-api.port';

/**
 * CA-03, CA-12: the employer records the elements its policy contains and the days of the last joint reviews. A
 * review day after today is refused before any call (the server decides on the workspace's own day).
 */
export class SavePreventionProgramme {
  constructor(
    private readonly api: PreventionProgrammeApi,
    private readonly today: () => string,
  ) {}

  async execute(body: PreventionProgrammeBody): Promise<{ ok: true; programme: PreventionProgramme } | Refusal> {
    for (const field of ['policyReviewedOn', 'assessmentReviewedOn'] as const)
      if (body[field] && body[field] > this.today()) return invalid('Not a future day', field);
    const outcome = await attempt(() => this.api.save({ ...body, elements: [...new Set(body.elements)] }));
    return outcome.ok ? { ok: true, programme: outcome.value } : outcome;
  }
}
