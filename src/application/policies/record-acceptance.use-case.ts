import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import { ApiError } from '../shared/api-error';
import { invalid, refusalFrom, type Outcome } from '../shared/refusal';
import type { WorkspacePolicyApi } from './policy-api.port';

/** The contract's words for a reason too short to say why (at least 3 characters). */
export const REASON_NEEDED = 'Say why you record it for them';

/**
 * The workspace admin records a policy's acceptance on someone's behalf (a person without a computer, who signed a
 * paper copy), in the language they read, with the reason; the server audits it. A reason of fewer than 3 characters
 * is refused on its field before the server is asked, in the contract's words.
 */
export class RecordAcceptance {
  constructor(private readonly policies: WorkspacePolicyApi) {}

  async execute(policyId: string, userId: string, language: PolicyLanguage, reason: string): Promise<Outcome> {
    const why = reason.trim();
    if (why.length < 3) return invalid(REASON_NEEDED, 'reason');
    try {
      await this.policies.recordAcceptance(policyId, { userId, language, reason: why });
      return { ok: true };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      throw error;
    }
  }
}
