import type {
  CreatePolicyBody,
  NewVersionBody,
  PolicyDetails,
  ReviewBody,
  PolicyLanguage,
  PolicySummary,
} from '../../contracts/learning/catalogue.contract';
import type {
  AcceptanceRow,
  AcceptedPolicy,
  MyPolicy,
  PolicyReading,
  PublishBody,
  RecordAcceptanceBody,
  WorkspacePolicy,
} from '../../contracts/learning/policies.contract';
import type { UploadTarget } from '../courses/authoring/course-files.port';

export interface CataloguePolicyOffer {
  cataloguePolicyId: string;
  title: string;
  description: string;
  jurisdiction: string | null;
  currentVersion: number;
  languages: PolicyLanguage[];
  workspacePolicyId: string | null;
  /** The workspace's own policy (not the platform's catalogue). */
  own: boolean;
}

/** The platform admin's catalogue of policies (learning API, admin/policy). */
export const CataloguePolicyApi = Symbol('CataloguePolicyApi');
export interface CataloguePolicyApi {
  /** @read */
  list(page: number, pageSize: number, search?: string): Promise<{ items: PolicySummary[]; total: number }>;
  /** @read */
  details(id: string): Promise<PolicyDetails>;
  create(body: CreatePolicyBody): Promise<PolicyDetails>;
  newVersion(id: string, body: NewVersionBody): Promise<PolicyDetails>;
  /** A review that ends in "reviewed, no change" (CA-12), recorded with the next review date. */
  reviewNoChange(id: string, body: ReviewBody): Promise<PolicyDetails>;
  requestUpload(policyId: string, language: PolicyLanguage, fileName: string, size: number): Promise<UploadTarget>;
  confirmUpload(policyId: string, language: PolicyLanguage): Promise<PolicyDetails>;
}

/**
 * A workspace's own policies (learning API, policy/own): the same calls as the catalogue's, on the workspace's host,
 * answering only its own policies (docs/policies.md).
 */
export const OwnPolicyApi = Symbol('OwnPolicyApi');
export type OwnPolicyApi = CataloguePolicyApi;

/** A workspace's policies: what its admins publish and see, what each person reads and accepts. */
export const WorkspacePolicyApi = Symbol('WorkspacePolicyApi');
export interface WorkspacePolicyApi {
  /** @read */
  catalogue(): Promise<CataloguePolicyOffer[]>;
  publish(body: PublishBody): Promise<WorkspacePolicy>;
  /** @read */
  published(): Promise<WorkspacePolicy[]>;
  /** @read */
  acceptances(
    policyId: string,
    page: number,
    pageSize: number,
  ): Promise<{ policy: WorkspacePolicy; items: AcceptanceRow[]; total: number }>;
  /** An acceptance recorded on someone's behalf (a person without a computer), with the reason; audited. */
  recordAcceptance(policyId: string, body: RecordAcceptanceBody): Promise<void>;
  /** @read The acceptance table as a CSV file. */
  exportAcceptances(policyId: string): Promise<{ name: string; content: Blob }>;
  /** @read */
  mine(): Promise<MyPolicy[]>;
  /** @read */
  reading(policyId: string, language?: PolicyLanguage): Promise<PolicyReading>;
  /** @read The PDF itself: fetching it is what lets the reader accept. */
  document(reading: PolicyReading): Promise<Blob>;
  accept(
    policyId: string,
    version: number,
    language: PolicyLanguage,
  ): Promise<{ version: number; language: PolicyLanguage; acceptedAt: string }>;
  /** @read "My policies": the versions the signed-in person accepted, the latest first, a page at a time. */
  accepted(page: number, pageSize: number): Promise<{ items: AcceptedPolicy[]; total: number }>;
  /** @read One version they accepted, to read again. */
  acceptedOne(policyId: string, version: number): Promise<AcceptedPolicy>;
  /** @read The PDF of a version they accepted, in the language they accepted it in. */
  acceptedDocument(accepted: AcceptedPolicy): Promise<Blob>;
}
