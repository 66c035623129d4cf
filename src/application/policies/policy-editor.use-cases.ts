import type {
  CreatePolicyBody,
  NewVersionBody,
  PolicyDetails,
  ReviewBody,
} from '../../contracts/learning/catalogue.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { CataloguePolicyApi } from './policy-api.port';

/** What the policy editor's writes answer: the policy as it now stands, or the server's refusal. */
export type PolicyEditOutcome = Outcome<{ policy: PolicyDetails }>;

// The editor serves two owners: the platform's catalogue (CataloguePolicyApi) and a workspace's own policies
// (OwnPolicyApi, the same calls). Each use case is bound once per owner: its class for the catalogue, the token
// beside it for the workspace's own.

/** A new policy with its first version (no PDF yet). */
export class CreatePolicy {
  constructor(private readonly api: CataloguePolicyApi) {}

  async execute(body: CreatePolicyBody): Promise<PolicyEditOutcome> {
    const outcome = await attempt(() => this.api.create(body));
    return outcome.ok ? { ok: true, policy: outcome.value } : outcome;
  }
}
export const CreateOwnPolicy = Symbol('CreateOwnPolicy');

/** The policy's next version; its PDFs are uploaded to it afterwards. */
export class AddPolicyVersion {
  constructor(private readonly api: CataloguePolicyApi) {}

  async execute(policyId: string, body: NewVersionBody): Promise<PolicyEditOutcome> {
    const outcome = await attempt(() => this.api.newVersion(policyId, body));
    return outcome.ok ? { ok: true, policy: outcome.value } : outcome;
  }
}
export const AddOwnPolicyVersion = Symbol('AddOwnPolicyVersion');

/** A review that ends in "reviewed, no change" (CA-12): recorded with the next review date, the version unchanged. */
export class RecordPolicyReview {
  constructor(private readonly api: CataloguePolicyApi) {}

  async execute(policyId: string, body: ReviewBody): Promise<PolicyEditOutcome> {
    const outcome = await attempt(() => this.api.reviewNoChange(policyId, body));
    return outcome.ok ? { ok: true, policy: outcome.value } : outcome;
  }
}
export const RecordOwnPolicyReview = Symbol('RecordOwnPolicyReview');
