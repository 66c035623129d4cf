import { inject, injectable } from 'inversify';
import {
  closeComplaint,
  complaintAudit,
  verifyComplaintAudit,
  complaintCounts,
  complaintReadiness,
  completeStep,
  confirmEvidence,
  createCommittee,
  downloadEvidence,
  evidenceUploadUrl,
  fileComplaint,
  getComplaint,
  getComplaintForm,
  complaintFormResource,
  listCommittees,
  listComplaints,
  committeeSeat,
  postComplaintMessage,
  recordMeeting,
  recuse,
  scheduleMeeting,
  stepRecipients,
  updateCommittee,
  type AuditEntry,
  type AuditVerdict,
  type CaseMeeting,
  type CaseMessage,
  type Committee,
  type CommitteeBody,
  type CommitteeList,
  type CommitteeSeat,
  type ComplaintCounts,
  type ComplaintReadiness,
  type ComplaintDetail,
  type ComplaintForm,
  type ComplaintSummary,
  type EvidenceFile,
  type FileComplaintBody,
  type MeetingBody,
  type Outcome,
  type StepRecipients,
} from '../../../contracts/case/complaints.contract';
import { exportComplaint, type ExportBody } from '../../../contracts/case/case-records.contract';
import {
  overrideComposition,
  proceedExParte,
  recordAttendance,
  signMinutes,
  type AttendanceBody,
  type ExParteBody,
} from '../../../contracts/case/hearings.contract';
import {
  changePartyContact,
  extendFilingLimit,
  recordRespondentReply,
  sendOwnReply,
  type OwnReplyBody,
  type Party,
  type PartyContactBody,
  type RespondentReplyBody,
} from '../../../contracts/case/case-runtime.contract';
import { userSearch } from '../../../contracts/main/users.contract';
import type { ComplaintsApi, PersonOption } from '../../../application/complaints/complaints-api.port';
import type { UploadTarget } from '../../../application/courses/authoring/course-files.port';
import { ApiClient, CaseHttp, MainHttp } from '../api-client';

@injectable()
export class HttpComplaintsApi implements ComplaintsApi {
  constructor(
    @inject(CaseHttp) private readonly caseApi: ApiClient,
    @inject(MainHttp) private readonly main: ApiClient,
  ) {}

  form(): Promise<ComplaintForm> {
    return this.caseApi.call(getComplaintForm, {});
  }

  async formResource(attributeId: string): Promise<string> {
    return (await this.caseApi.call(complaintFormResource, { params: { id: attributeId } })).downloadUrl;
  }

  async requestEvidenceUpload(fileName: string, size: number): Promise<UploadTarget> {
    const t = await this.caseApi.call(evidenceUploadUrl, { body: { fileName, size } });
    return { fileId: t.fileId, url: t.uploadUrl, method: 'PUT', headers: t.headers, maxBytes: t.maxBytes };
  }

  confirmEvidence(fileId: string): Promise<EvidenceFile> {
    return this.caseApi.call(confirmEvidence, { params: { id: fileId } });
  }

  file(body: FileComplaintBody): Promise<ComplaintDetail> {
    return this.caseApi.call(fileComplaint, { body });
  }

  async list(): Promise<ComplaintSummary[]> {
    return (await this.caseApi.call(listComplaints, {})).items;
  }

  committeeSeat(): Promise<CommitteeSeat> {
    return this.caseApi.call(committeeSeat, {});
  }

  get(id: string): Promise<ComplaintDetail> {
    return this.caseApi.call(getComplaint, { params: { id } });
  }

  message(id: string, audience: CaseMessage['audience'], body: string): Promise<CaseMessage> {
    return this.caseApi.call(postComplaintMessage, { params: { id }, body: { audience, body } });
  }

  scheduleMeeting(id: string, body: MeetingBody): Promise<CaseMeeting> {
    return this.caseApi.call(scheduleMeeting, { params: { id }, body });
  }

  recordMeeting(id: string, meetingId: string, body: { minutes?: string; outcome?: string }): Promise<CaseMeeting> {
    return this.caseApi.call(recordMeeting, { params: { id, meetingId }, body });
  }

  recordAttendance(id: string, meetingId: string, body: AttendanceBody): Promise<ComplaintDetail> {
    return this.caseApi.call(recordAttendance, { params: { id, meetingId }, body });
  }

  signMinutes(id: string, meetingId: string): Promise<ComplaintDetail> {
    return this.caseApi.call(signMinutes, { params: { id, meetingId } });
  }

  proceedExParte(id: string, body: ExParteBody): Promise<ComplaintDetail> {
    return this.caseApi.call(proceedExParte, { params: { id }, body });
  }

  extendFilingLimit(id: string, reasons: string): Promise<ComplaintDetail> {
    return this.caseApi.call(extendFilingLimit, { params: { id }, body: { reasons } });
  }

  recordRespondentReply(id: string, body: RespondentReplyBody): Promise<ComplaintDetail> {
    return this.caseApi.call(recordRespondentReply, { params: { id }, body });
  }

  sendOwnReply(id: string, body: OwnReplyBody): Promise<ComplaintDetail> {
    return this.caseApi.call(sendOwnReply, { params: { id }, body });
  }

  overrideComposition(id: string, reasons: string): Promise<ComplaintDetail> {
    return this.caseApi.call(overrideComposition, { params: { id }, body: { reasons } });
  }

  stepRecipients(id: string, stepId: string): Promise<StepRecipients> {
    return this.caseApi.call(stepRecipients, { params: { id, stepId } });
  }

  completeStep(id: string, stepId: string, confirmedRecipients: string[]): Promise<ComplaintDetail> {
    return this.caseApi.call(completeStep, { params: { id, stepId }, body: { confirmedRecipients } });
  }

  close(id: string, outcome: Outcome, summary: string, override?: { reasons: string }): Promise<ComplaintDetail> {
    return this.caseApi.call(closeComplaint, {
      params: { id },
      body: { outcome, summary, ...(override ? { override } : {}) },
    });
  }

  changeContact(id: string, party: Party, change: PartyContactBody): Promise<ComplaintDetail> {
    return this.caseApi.call(changePartyContact, { params: { id, party }, body: change });
  }

  async recuse(id: string): Promise<void> {
    await this.caseApi.call(recuse, { params: { id }, body: {} });
  }

  async audit(id: string): Promise<AuditEntry[]> {
    return (await this.caseApi.call(complaintAudit, { params: { id } })).items;
  }

  verifyAudit(id: string): Promise<AuditVerdict> {
    return this.caseApi.call(verifyComplaintAudit, { params: { id } });
  }

  async exportCase(id: string, body: ExportBody): Promise<Blob> {
    return (await this.caseApi.send(exportComplaint, { params: { id }, body })).blob();
  }

  async evidenceLink(id: string, fileId: string): Promise<string> {
    return (await this.caseApi.call(downloadEvidence, { params: { id, fileId } })).downloadUrl;
  }

  counts(): Promise<ComplaintCounts> {
    return this.caseApi.call(complaintCounts, {});
  }

  readiness(): Promise<ComplaintReadiness> {
    return this.caseApi.call(complaintReadiness, {});
  }

  committees(): Promise<CommitteeList> {
    return this.caseApi.call(listCommittees, {});
  }

  createCommittee(body: CommitteeBody): Promise<Committee> {
    return this.caseApi.call(createCommittee, { body });
  }

  updateCommittee(id: string, body: Omit<CommitteeBody, 'branchId'>): Promise<Committee> {
    return this.caseApi.call(updateCommittee, { params: { id }, body });
  }

  async findPeople(text: string): Promise<PersonOption[]> {
    const people = await this.main.call(userSearch, { body: { searchText: text } });
    return people.map((p) => ({
      userId: p.userId,
      label: `${`${p.firstName} ${p.lastName}`.trim() || p.email} (${p.email})`,
    }));
  }
}
