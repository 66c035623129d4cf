import { inject, injectable } from 'inversify';
import type { CaseMessage, EvidenceFile } from '../../../contracts/case/complaints.contract';
import {
  confirmReceipt,
  confirmReporterEvidence,
  fileIntake,
  getIntakeForm,
  getIntakeFormResource,
  postReporterMessage,
  readReporterCase,
  receiptSignIn,
  receiptSignOut,
  reporterEvidenceUploadUrl,
  type IntakeBody,
  type IntakeForm,
  type IntakeReceipt,
  type ReporterCase,
} from '../../../contracts/case/intake.contract';
import type { IntakeApi } from '../../../application/complaints/intake-api.port';
import type { InterimReliefRequest } from '../../../application/complaints/case-extras-api.port';
import {
  reporterConciliationRequest,
  reporterInterimRelief,
  type CaseEvent,
} from '../../../contracts/case/intake.contract';
import type { UploadTarget } from '../../../application/courses/authoring/course-files.port';
import { ApiClient, CaseHttp } from '../api-client';

/** The intake calls: all public (the server ignores any signed-in session), the key and session in the body. */
@injectable()
export class HttpIntakeApi implements IntakeApi {
  constructor(@inject(CaseHttp) private readonly caseApi: ApiClient) {}

  form(): Promise<IntakeForm> {
    return this.caseApi.call(getIntakeForm, {});
  }

  async formResource(attributeId: string): Promise<string> {
    return (await this.caseApi.call(getIntakeFormResource, { params: { id: attributeId } })).downloadUrl;
  }

  file(body: IntakeBody): Promise<IntakeReceipt> {
    return this.caseApi.call(fileIntake, { body });
  }

  async confirmKey(session: string, receiptKey: string): Promise<void> {
    await this.caseApi.call(confirmReceipt, { body: { session, receiptKey } });
  }

  signIn(receiptKey: string, password: string | null): Promise<{ session: string; sessionExpiresAt: string }> {
    return this.caseApi.call(receiptSignIn, { body: { receiptKey, password } });
  }

  async signOut(session: string): Promise<void> {
    await this.caseApi.call(receiptSignOut, { body: { session } });
  }

  read(session: string): Promise<ReporterCase> {
    return this.caseApi.call(readReporterCase, { body: { session } });
  }

  message(session: string, body: string): Promise<CaseMessage> {
    return this.caseApi.call(postReporterMessage, { body: { session, body } });
  }

  async requestEvidenceUpload(session: string, fileName: string, size: number): Promise<UploadTarget> {
    const t = await this.caseApi.call(reporterEvidenceUploadUrl, { body: { session, fileName, size } });
    return { fileId: t.fileId, url: t.uploadUrl, method: 'PUT', headers: t.headers, maxBytes: t.maxBytes };
  }

  confirmEvidence(session: string, fileId: string): Promise<EvidenceFile> {
    return this.caseApi.call(confirmReporterEvidence, { params: { id: fileId }, body: { session } });
  }

  async requestInterimRelief(session: string, body: InterimReliefRequest): Promise<CaseEvent> {
    return this.caseApi.call(reporterInterimRelief, { body: { session, ...body } });
  }

  async requestConciliation(session: string, note: string): Promise<CaseEvent> {
    return this.caseApi.call(reporterConciliationRequest, { body: { session, note } });
  }
}
