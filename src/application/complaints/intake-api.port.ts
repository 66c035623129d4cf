import type { CaseMessage, EvidenceFile } from '../../contracts/case/complaints.contract';
import type {
  CaseEvent,
  IntakeBody,
  IntakeForm,
  IntakeReceipt,
  ReporterCase,
} from '../../contracts/case/intake.contract';
import type { InterimReliefRequest } from './case-extras-api.port';
import type { UploadTarget } from '../courses/authoring/course-files.port';

/**
 * The confidential intake of the case API (docs/case.md "Confidential intake"): a report without an account and the
 * reporter's follow-up with their receipt key. The key and the receipt session travel in request bodies only.
 * Failures throw ApiError.
 */
export const IntakeApi = Symbol('IntakeApi');
export interface IntakeApi {
  /** @read */
  form(): Promise<IntakeForm>;
  /** @read A short-lived download link of the file an admin attached to a field of the form. */
  formResource(attributeId: string): Promise<string>;
  file(body: IntakeBody): Promise<IntakeReceipt>;
  confirmKey(session: string, receiptKey: string): Promise<void>;
  signIn(receiptKey: string, password: string | null): Promise<{ session: string; sessionExpiresAt: string }>;
  signOut(session: string): Promise<void>;
  /** @read */
  read(session: string): Promise<ReporterCase>;
  message(session: string, body: string): Promise<CaseMessage>;
  requestEvidenceUpload(session: string, fileName: string, size: number): Promise<UploadTarget>;
  confirmEvidence(session: string, fileId: string): Promise<EvidenceFile>;
  /** Interim relief (IN-08, POSH cases) and conciliation (IN-04), asked through the receipt session. */
  requestInterimRelief(session: string, body: InterimReliefRequest): Promise<CaseEvent>;
  requestConciliation(session: string, note: string): Promise<CaseEvent>;
}
