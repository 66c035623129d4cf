import { ApiError } from '../../src/application/shared/api-error';
import type { WorkspacePolicyApi } from '../../src/application/policies/policy-api.port';
import type { PolicyLanguage } from '../../src/contracts/learning/catalogue.contract';
import type { AcceptedPolicy, PolicyReading } from '../../src/contracts/learning/policies.contract';

/** The reader's side of the policies API, in memory: one policy, what was fetched, what was accepted. */
export class FakeWorkspacePolicyApi implements Partial<WorkspacePolicyApi> {
  readonly fetched: string[] = [];
  readonly acceptCalls: { policyId: string; version: number; language: PolicyLanguage }[] = [];
  readonly acceptedPages: [page: number, pageSize: number][] = [];
  acceptRefusal: ApiError | null = null;
  acceptedItems: AcceptedPolicy[] = [];

  constructor(readonly policy: PolicyReading = READING) {}

  async reading(policyId: string, language?: PolicyLanguage): Promise<PolicyReading> {
    if (policyId !== this.policy.id) throw new ApiError('not-found', 'NOT_FOUND', 'No such policy');
    return { ...this.policy, language: language ?? this.policy.language };
  }

  async document(reading: PolicyReading): Promise<Blob> {
    this.fetched.push(`${reading.id}/${reading.language}`);
    return new Blob([`%PDF-1.4 ${reading.title}`], { type: 'application/pdf' });
  }

  async accept(policyId: string, version: number, language: PolicyLanguage) {
    this.acceptCalls.push({ policyId, version, language });
    if (this.acceptRefusal) throw this.acceptRefusal;
    return { version, language, acceptedAt: '2026-12-12T09:30:00.000Z' };
  }

  async accepted(page: number, pageSize: number) {
    this.acceptedPages.push([page, pageSize]);
    return {
      items: this.acceptedItems.slice(page * pageSize, (page + 1) * pageSize),
      total: this.acceptedItems.length,
    };
  }

  async acceptedOne(policyId: string, version: number): Promise<AcceptedPolicy> {
    const found = this.acceptedItems.find((i) => i.policyId === policyId && i.version === version);
    if (!found) throw new ApiError('not-found', 'NOT_FOUND', 'You have not accepted this policy version');
    return found;
  }

  async acceptedDocument(accepted: AcceptedPolicy): Promise<Blob> {
    this.fetched.push(`${accepted.policyId}/v${accepted.version}`);
    return new Blob([`%PDF-1.4 ${accepted.title} v${accepted.version}`], { type: 'application/pdf' });
  }

  asPort(): WorkspacePolicyApi {
    return this as unknown as WorkspacePolicyApi;
  }
}

export const READING: PolicyReading = {
  id: 'p1',
  title: 'Code of conduct',
  description: 'How we work together',
  version: 2,
  change: 'MATERIAL',
  summary: 'A new complaint channel',
  language: 'ENGLISH',
  fallback: false,
  languages: ['ENGLISH', 'HINDI'],
  documentPath: '/api/policy/my/p1/document?language=ENGLISH',
  opened: false,
  state: 'PENDING',
  dueOn: '2026-12-20',
  acceptedVersion: null,
  acceptedAt: null,
};

export const acceptedItem = (over: Partial<AcceptedPolicy> = {}): AcceptedPolicy => ({
  policyId: 'p1',
  title: 'Code of conduct',
  version: 1,
  language: 'HINDI',
  acceptedAt: '2026-12-12T09:30:00.000Z',
  recordedForThem: false,
  currentVersion: 1,
  documentPath: '/api/policy/accepted/p1/1/document',
  ...over,
});
