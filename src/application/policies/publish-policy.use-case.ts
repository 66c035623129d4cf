import type { PublishBody } from '../../contracts/learning/policies.contract';
import { ApiError } from '../shared/api-error';
import { invalid, refusalFrom, type Outcome } from '../shared/refusal';
import type { WorkspacePolicyApi } from './policy-api.port';

/**
 * The workspace admin publishes a catalogue policy to the whole workspace or to business units, with the days given
 * to accept it. Publishing to units without naming one is refused before the server is asked (the server holds the
 * same rule); the server's refusals are answered as a Refusal in its words.
 */
export class PublishPolicy {
  constructor(private readonly policies: WorkspacePolicyApi) {}

  async execute(body: PublishBody): Promise<Outcome> {
    if (body.scope === 'UNITS' && !body.branchIds?.length)
      return invalid('Choose at least one business unit', 'branchIds');
    try {
      await this.policies.publish(body);
      return { ok: true };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      throw error;
    }
  }
}
