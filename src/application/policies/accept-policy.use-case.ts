import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import { refusalOf, type Refusal } from '../shared/refusal';
import type { WorkspacePolicyApi } from './policy-api.port';

export interface AcceptPolicyInput {
  policyId: string;
  version: number;
  language: PolicyLanguage;
  /** Whether the document was drawn in front of the reader (its first page shown). */
  shown: boolean;
}

export type AcceptPolicyOutcome = { ok: true; version: number; language: PolicyLanguage; acceptedAt: string } | Refusal;

/**
 * The signed-in person accepts the version of a policy they read. Only once the document was shown to them: the
 * server holds the same rule (it refuses with NOT_OPENED unless this person fetched this version's document), so an
 * acceptance is evidence that the text was put in front of them (docs/policies.md).
 */
export class AcceptPolicy {
  constructor(private readonly policies: WorkspacePolicyApi) {}

  async execute(input: AcceptPolicyInput): Promise<AcceptPolicyOutcome> {
    if (!input.shown)
      return { ok: false, reason: 'conflict', message: 'Open and read the policy before you accept it.', fields: {} };
    try {
      return { ok: true, ...(await this.policies.accept(input.policyId, input.version, input.language)) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
