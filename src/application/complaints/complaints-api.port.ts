import type {
  AuditEntry,
  AuditVerdict,
  CaseMeeting,
  CaseMessage,
  Committee,
  CommitteeBody,
  CommitteeList,
  CommitteeSeat,
  ComplaintCounts,
  ComplaintReadiness,
  ComplaintDetail,
  ComplaintForm,
  ComplaintSummary,
  EvidenceFile,
  FileComplaintBody,
  MeetingBody,
  Outcome,
  StepRecipients,
} from '../../contracts/case/complaints.contract';
import type { ExportBody } from '../../contracts/case/case-records.contract';
import type {
  OwnReplyBody,
  Party,
  PartyContactBody,
  RespondentReplyBody,
} from '../../contracts/case/case-runtime.contract';
import type { AttendanceBody, ExParteBody } from '../../contracts/case/hearings.contract';
import type { UploadTarget } from '../courses/authoring/course-files.port';

/** A person to name on a committee. */
export interface PersonOption {
  userId: string;
  label: string;
}

/** The complaint calls of the case API (docs/case.md "Complaints"). Failures throw ApiError. */
export const ComplaintsApi = Symbol('ComplaintsApi');
export interface ComplaintsApi {
  /** @read */
  form(): Promise<ComplaintForm>;
  /** @read A short-lived download link of the file an admin attached to a field of the form. */
  formResource(attributeId: string): Promise<string>;
  requestEvidenceUpload(fileName: string, size: number): Promise<UploadTarget>;
  confirmEvidence(fileId: string): Promise<EvidenceFile>;
  file(body: FileComplaintBody): Promise<ComplaintDetail>;
  /** @read */
  list(): Promise<ComplaintSummary[]>;
  /** @read
   * Whether the caller sits on a committee of the workspace (they may record a complaint for someone), and the cases
   * (numbers only) they wait to be admitted to.
   */
  committeeSeat(): Promise<CommitteeSeat>;
  /** @read */
  get(id: string): Promise<ComplaintDetail>;
  message(id: string, audience: CaseMessage['audience'], body: string): Promise<CaseMessage>;
  scheduleMeeting(id: string, body: MeetingBody): Promise<CaseMeeting>;
  recordMeeting(id: string, meetingId: string, body: { minutes?: string; outcome?: string }): Promise<CaseMeeting>;
  /** Records who attended a meeting (the case's committee only, once it has begun). */
  recordAttendance(id: string, meetingId: string, body: AttendanceBody): Promise<ComplaintDetail>;
  /** Signs a meeting's minutes (the one presiding); a POSH hearing's need the quorum (IN-06). */
  signMinutes(id: string, meetingId: string): Promise<ComplaintDetail>;
  /** Proceeds ex parte against a party (the one presiding; IN-06). */
  proceedExParte(id: string, body: ExParteBody): Promise<ComplaintDetail>;
  /** Proceeds with a committee not constituted as IN-02 asks (the one presiding), with written reasons. */
  overrideComposition(id: string, reasons: string): Promise<ComplaintDetail>;
  /** @read Who the mails of a step would go to: shown in the "Complete step" dialog before the member confirms. */
  stepRecipients(id: string, stepId: string): Promise<StepRecipients>;
  /** `confirmedRecipients`: the addresses the member was shown and confirmed (a 409 when they changed since). */
  completeStep(id: string, stepId: string, confirmedRecipients: string[]): Promise<ComplaintDetail>;
  /** `override`: the presiding officer's reasons for closing with a mandatory step open. */
  close(id: string, outcome: Outcome, summary: string, override?: { reasons: string }): Promise<ComplaintDetail>;
  /** Extends the filing limit of a complaint filed late, with the committee's reasons (IN-03). */
  extendFilingLimit(id: string, reasons: string): Promise<ComplaintDetail>;
  /** Records the respondent's written reply and its day (the case's committee only; IN-05). */
  recordRespondentReply(id: string, body: RespondentReplyBody): Promise<ComplaintDetail>;
  /** Sends the respondent's own written reply (the case's respondent only; IN-05). */
  sendOwnReply(id: string, body: OwnReplyBody): Promise<ComplaintDetail>;
  /** Adds or corrects a party's contact (the case's committee only). */
  changeContact(id: string, party: Party, change: PartyContactBody): Promise<ComplaintDetail>;
  recuse(id: string): Promise<void>;
  /** @read */
  audit(id: string): Promise<AuditEntry[]>;
  /** @read Whether the case's access log still holds to its hash chain, recomputed by the server (committee only). */
  verifyAudit(id: string): Promise<AuditVerdict>;
  /** @read */
  evidenceLink(id: string, fileId: string): Promise<string>;
  /** The case file as one PDF with the chosen parts redacted (the one presiding only). */
  exportCase(id: string, body: ExportBody): Promise<Blob>;
  /** @read */
  counts(): Promise<ComplaintCounts>;
  /** @read Whether a process is published and a committee constituted (the admin's home warns otherwise). */
  readiness(): Promise<ComplaintReadiness>;
  /** @read */
  committees(): Promise<CommitteeList>;
  createCommittee(body: CommitteeBody): Promise<Committee>;
  updateCommittee(id: string, body: Omit<CommitteeBody, 'branchId'>): Promise<Committee>;
  /** @read */
  findPeople(text: string): Promise<PersonOption[]>;
}
