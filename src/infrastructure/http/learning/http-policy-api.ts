import { inject, injectable } from 'inversify';
import type { UploadTarget } from '../../../application/courses/authoring/course-files.port';
import type {
  CataloguePolicyApi,
  CataloguePolicyOffer,
  WorkspacePolicyApi,
} from '../../../application/policies/policy-api.port';
import {
  policyConfirmUpload,
  policyCreate,
  policyDetails,
  policyList,
  policyNewVersion,
  policyReview,
  policyUploadUrl,
  type CreatePolicyBody,
  type NewVersionBody,
  type ReviewBody,
  type PolicyLanguage,
} from '../../../contracts/learning/catalogue.contract';
import {
  acceptedPolicyDocument,
  acceptPolicy,
  myAcceptedPolicies,
  readAcceptedPolicy,
  type AcceptedPolicy,
  myPolicies,
  policyAcceptances,
  policyAcceptancesExport,
  policyDocument,
  publishPolicy,
  readPolicy,
  recordAcceptance,
  workspacePolicyCatalogue,
  workspacePolicyList,
  type PolicyReading,
  type PublishBody,
  type RecordAcceptanceBody,
} from '../../../contracts/learning/policies.contract';
import { ApiClient, LearningHttp } from '../api-client';

@injectable()
export class HttpCataloguePolicyApi implements CataloguePolicyApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  list(page: number, pageSize: number, search?: string) {
    return this.learning.call(policyList, { query: { page, pageSize, search: search || undefined } });
  }

  details(id: string) {
    return this.learning.call(policyDetails, { params: { id } });
  }

  create(body: CreatePolicyBody) {
    return this.learning.call(policyCreate, { body });
  }

  newVersion(id: string, body: NewVersionBody) {
    return this.learning.call(policyNewVersion, { params: { id }, body });
  }

  reviewNoChange(id: string, body: ReviewBody) {
    return this.learning.call(policyReview, { params: { id }, body });
  }

  async requestUpload(
    policyId: string,
    language: PolicyLanguage,
    fileName: string,
    size: number,
  ): Promise<UploadTarget> {
    const ticket = await this.learning.call(policyUploadUrl, {
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
    return this.learning.call(policyConfirmUpload, { params: { policyId, language } });
  }
}

@injectable()
export class HttpWorkspacePolicyApi implements WorkspacePolicyApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  async catalogue(): Promise<CataloguePolicyOffer[]> {
    return (await this.learning.call(workspacePolicyCatalogue)).items;
  }

  publish(body: PublishBody) {
    return this.learning.call(publishPolicy, { body });
  }

  async published() {
    return (await this.learning.call(workspacePolicyList)).items;
  }

  async recordAcceptance(policyId: string, body: RecordAcceptanceBody) {
    await this.learning.call(recordAcceptance, { params: { id: policyId }, body });
  }

  acceptances(policyId: string, page: number, pageSize: number) {
    return this.learning.call(policyAcceptances, { params: { id: policyId }, query: { page, pageSize } });
  }

  async exportAcceptances(policyId: string) {
    const response = await this.learning.send(policyAcceptancesExport, { params: { id: policyId } });
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'acceptances.csv';
    return { name, content: await response.blob() };
  }

  async mine() {
    return (await this.learning.call(myPolicies)).items;
  }

  reading(policyId: string, language?: PolicyLanguage) {
    return this.learning.call(readPolicy, { params: { id: policyId }, query: { language } });
  }

  async document(reading: PolicyReading): Promise<Blob> {
    const response = await this.learning.send(policyDocument, {
      params: { id: reading.id },
      query: { language: reading.language },
    });
    return response.blob();
  }

  accept(policyId: string, version: number, language: PolicyLanguage) {
    return this.learning.call(acceptPolicy, { params: { id: policyId }, body: { version, language } });
  }

  accepted(page: number, pageSize: number) {
    return this.learning.call(myAcceptedPolicies, { query: { page, pageSize } });
  }

  acceptedOne(policyId: string, version: number) {
    return this.learning.call(readAcceptedPolicy, { params: { id: policyId, version } });
  }

  async acceptedDocument(accepted: AcceptedPolicy): Promise<Blob> {
    const response = await this.learning.send(acceptedPolicyDocument, {
      params: { id: accepted.policyId, version: accepted.version },
    });
    return response.blob();
  }
}
