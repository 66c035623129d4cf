import type { ReturnInputs } from '../../contracts/case/law.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { LawApi } from './law-api.port';

/** Saves what the returns need that no case gives (kept for the next year). An address, if given, must look like one. */
export class SaveReturnInputs {
  constructor(private readonly api: LawApi) {}

  async execute(values: ReturnInputs): Promise<{ ok: true; inputs: ReturnInputs } | Refusal> {
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (v ?? '').trim()])) as ReturnInputs;
    if (trimmed.contactEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed.contactEmail))
      return invalid('Give the contact’s email address', 'contactEmail');
    const outcome = await attempt(() => this.api.saveReturnInputs(trimmed));
    return outcome.ok ? { ok: true, inputs: outcome.value } : outcome;
  }
}
