import type { OccurrenceCategories } from '../../contracts/case/occurrence-categories.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { InvestigationsApi } from './investigations-api.port';

/**
 * CA-10: the committee of a Canadian case records its categories for the annual report (LAB1206). A ground named twice
 * is refused before any call; the server decides who may record them.
 */
export class RecordOccurrenceCategories {
  constructor(private readonly api: InvestigationsApi) {}

  async execute(
    complaintId: string,
    categories: OccurrenceCategories,
  ): Promise<{ ok: true; categories: OccurrenceCategories } | Refusal> {
    if (new Set(categories.grounds).size !== categories.grounds.length)
      return invalid('Name each ground once', 'grounds');
    const outcome = await attempt(() => this.api.recordOccurrenceCategories(complaintId, categories));
    return outcome.ok ? { ok: true, categories: outcome.value } : outcome;
  }
}
