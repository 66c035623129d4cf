import { inject, injectable } from 'inversify';
import type { UploadTarget } from '../../../application/courses/authoring/course-files.port';
import type { OwnPolicyApi } from '../../../application/policies/policy-api.port';
import type {
  CreatePolicyBody,
  NewVersionBody,
  PolicyLanguage,
  ReviewBody,
} from '../../../contracts/learning/catalogue.contract';
import {
  ownPolicyConfirmUpload,
  ownPolicyCreate,
  ownPolicyDetails,
  ownPolicyList,
  ownPolicyNewVersion,
  ownPolicyReview,
  ownPolicyUploadUrl,
} from '../../../contracts/learning/own-policies.contract';
import { ApiClient, LearningHttp } from '../api-client';

/** A workspace's own policies over the learning API (policy/own/...). */
@injectable()
export class HttpOwnPolicyApi implements OwnPolicyApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  async list(page: number, pageSize: number, search?: string) {
    const all = await this.learning.call(ownPolicyList, {});
    const found = search ? all.items.filter((p) => p.title.toLowerCase().includes(search.toLowerCase())) : all.items;
    return { items: found.slice(page * pageSize, (page + 1) * pageSize), total: found.length };
  }

  details(id: string) {
    return this.learning.call(ownPolicyDetails, { params: { id } });
  }

  create(body: CreatePolicyBody) {
    return this.learning.call(ownPolicyCreate, { body });
  }

  newVersion(id: string, body: NewVersionBody) {
    return this.learning.call(ownPolicyNewVersion, { params: { id }, body });
  }

  reviewNoChange(id: string, body: ReviewBody) {
    return this.learning.call(ownPolicyReview, { params: { id }, body });
  }

  async requestUpload(
    policyId: string,
    language: PolicyLanguage,
    fileName: string,
    size: number,
  ): Promise<UploadTarget> {
    const ticket = await this.learning.call(ownPolicyUploadUrl, {
      params: { policyId, language },
      body: { fileName, size },
    });
    return {
      fileId: ticket.fileId,
      url: ticket.uploadUrl,
      method: ticket.method,
      headers: ticket.headers,
      maxBytes: ticket.maxBytes,
    };
  }

  confirmUpload(policyId: string, language: PolicyLanguage) {
    return this.learning.call(ownPolicyConfirmUpload, { params: { policyId, language } });
  }
}
