import type { UploadTarget } from '../../src/application/courses/authoring/course-files.port';
import { OwnPolicyApi } from '../../src/application/policies/policy-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import type {
  CreatePolicyBody,
  NewVersionBody,
  PolicyDetails,
  PolicyLanguage,
  ReviewBody,
} from '../../src/contracts/learning/catalogue.contract';
import { translationStates } from '../../src/domain/compliance/compliance-rules';

/** A workspace's own policies in memory, refusing what the server refuses. */
export class FakeOwnPolicyApi implements OwnPolicyApi {
  policies: PolicyDetails[] = [];
  confirmed: string[] = [];
  private n = 0;
  async list() {
    return { items: this.policies, total: this.policies.length };
  }
  async details(id: string) {
    const found = this.policies.find((p) => p.id === id);
    if (!found) throw new ApiError('not-found', 'NOT_FOUND', 'No such policy');
    return found;
  }
  async create(body: CreatePolicyBody) {
    if (!body.title.trim()) throw new ApiError('invalid', 'BAD_REQUEST', 'Give a title', { title: 'Give a title' });
    const policy: PolicyDetails = {
      id: `p${++this.n}`,
      title: body.title,
      description: body.description ?? '',
      ownerName: body.ownerName,
      reviewDueOn: body.reviewDueOn,
      jurisdiction: null,
      currentVersion: 1,
      translations: {},
      workspaceCount: 0,
      updatedAt: '2026-11-27T00:00:00Z',
      versions: [
        {
          version: 1,
          change: 'MATERIAL',
          summary: body.summary ?? 'First version',
          createdAt: '2026-11-27T00:00:00Z',
          languages: [],
        },
      ],
      documents: [],
      reviews: [],
      compliances: [],
    };
    this.policies.push(policy);
    return policy;
  }
  async newVersion(id: string, body: NewVersionBody) {
    const p = await this.details(id);
    p.currentVersion += 1;
    p.versions.unshift({
      version: p.currentVersion,
      change: body.change,
      summary: body.summary,
      createdAt: '2026-11-28T00:00:00Z',
      languages: [],
    });
    p.translations = translationStates(p.currentVersion, p.documents);
    return p;
  }
  async reviewNoChange(id: string, body: ReviewBody) {
    const p = await this.details(id);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.nextReviewOn))
      throw new ApiError('invalid', 'BAD_REQUEST', 'Give a date', { nextReviewOn: 'Give a date' });
    p.reviewDueOn = body.nextReviewOn;
    p.reviews.unshift({
      outcome: 'NO_CHANGE',
      version: p.currentVersion,
      note: body.note ?? '',
      nextReviewOn: body.nextReviewOn,
      reviewedAt: '2026-11-28T00:00:00Z',
    });
    return p;
  }
  async requestUpload(
    policyId: string,
    language: PolicyLanguage,
    fileName: string,
    size: number,
  ): Promise<UploadTarget> {
    return {
      fileId: `${policyId}/${language}`,
      url: `https://files.test/${fileName}`,
      method: 'PUT',
      headers: {},
      maxBytes: size + 1,
    };
  }
  async confirmUpload(policyId: string, language: PolicyLanguage) {
    const p = await this.details(policyId);
    p.documents.push({
      language,
      version: p.currentVersion,
      fileName: `${language}.pdf`,
      size: 10,
      uploadedAt: '2026-11-27T00:00:00Z',
    });
    p.translations = translationStates(p.currentVersion, p.documents);
    this.confirmed.push(`${policyId}/${language}`);
    return p;
  }
}
