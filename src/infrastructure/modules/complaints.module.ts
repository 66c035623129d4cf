import { ContainerModule } from 'inversify';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import { CaseExtrasApi } from '../../application/complaints/case-extras-api.port';
import { IntakeApi } from '../../application/complaints/intake-api.port';
import { CommitteeMembershipApi } from '../../application/complaints/committee-membership-api.port';
import { DecideCommitteeChange } from '../../application/complaints/decide-committee-change.use-case';
import { AdmitMember } from '../../application/complaints/admit-member.use-case';
import { HttpCommitteeMembershipApi } from '../http/case/http-committee-membership-api';
import { RetentionApi } from '../../application/complaints/retention-api.port';
import { UploadEvidence } from '../../application/complaints/upload-evidence.use-case';
import { ChangePartyContact } from '../../application/complaints/change-party-contact.use-case';
import { CloseCase } from '../../application/complaints/close-case.use-case';
import { SaveComplaintSettings } from '../../application/complaints/save-complaint-settings.use-case';
import { RecordAttendance } from '../../application/complaints/record-attendance.use-case';
import { SignMinutes } from '../../application/complaints/sign-minutes.use-case';
import { ProceedExParte } from '../../application/complaints/proceed-ex-parte.use-case';
import { OverrideComposition } from '../../application/complaints/override-composition.use-case';
import { RecordRespondentReply } from '../../application/complaints/record-respondent-reply.use-case';
import { SendOwnReply } from '../../application/complaints/send-own-reply.use-case';
import { PostCaseMessage } from '../../application/complaints/post-case-message.use-case';
import { PostReporterMessage } from '../../application/complaints/post-reporter-message.use-case';
import { ExtendFilingLimit } from '../../application/complaints/extend-filing-limit.use-case';
import { UploadReporterEvidence } from '../../application/complaints/upload-reporter-evidence.use-case';
import { HttpComplaintsApi } from '../http/case/http-complaints-api';
import { HttpCaseExtrasApi } from '../http/case/http-case-extras-api';
import { HttpIntakeApi } from '../http/case/http-intake-api';
import { HttpRetentionApi } from '../http/case/http-retention-api';
import { XhrFileTransfer } from '../http/learning/http-course-files-api';
import { InvestigationsApi } from '../../application/complaints/investigations-api.port';
import { AddInvestigator } from '../../application/complaints/add-investigator.use-case';
import { ChooseInvestigator } from '../../application/complaints/choose-investigator.use-case';
import { SubmitInvestigationReport } from '../../application/complaints/submit-investigation-report.use-case';
import { RecordRecommendation } from '../../application/complaints/record-recommendation.use-case';
import { HttpInvestigationsApi } from '../http/case/http-investigations-api';
import { RecordOccurrenceCategories } from '../../application/complaints/record-occurrence-categories.use-case';
import { EndInvestigation } from '../../application/complaints/end-investigation.use-case';
import { SaveRetentionSettings } from '../../application/complaints/save-retention-settings.use-case';
import { SetLegalHold } from '../../application/complaints/set-legal-hold.use-case';
import { PostponePurge } from '../../application/complaints/postpone-purge.use-case';
import { SaveCommittee } from '../../application/complaints/save-committee.use-case';
import { SetInvestigatorActive } from '../../application/complaints/set-investigator-active.use-case';
import { RecordOnBehalf } from '../../application/complaints/record-on-behalf.use-case';
import { ConfirmComplaint } from '../../application/complaints/confirm-complaint.use-case';
import { RequestInterimRelief } from '../../application/complaints/request-interim-relief.use-case';
import { DecideInterimRelief } from '../../application/complaints/decide-interim-relief.use-case';
import { RequestConciliation } from '../../application/complaints/request-conciliation.use-case';
import { RecordConciliation } from '../../application/complaints/record-conciliation.use-case';
import { DenyCaseAccess } from '../../application/complaints/deny-case-access.use-case';
import { RestoreCaseAccess } from '../../application/complaints/restore-case-access.use-case';

/** Bindings of the complaints area: its HTTP adapter and the evidence upload (its own transfer, so the courses area's binding stays single). */
export const complaintsModule = new ContainerModule(({ bind }) => {
  bind(ComplaintsApi).to(HttpComplaintsApi).inSingletonScope();
  bind(UploadEvidence).toDynamicValue(
    (ctx) => new UploadEvidence(ctx.get<ComplaintsApi>(ComplaintsApi), new XhrFileTransfer()),
  );
  bind(ChangePartyContact).toDynamicValue((ctx) => new ChangePartyContact(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(CloseCase).toDynamicValue((ctx) => new CloseCase(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(RecordAttendance).toDynamicValue((ctx) => new RecordAttendance(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(SignMinutes).toDynamicValue((ctx) => new SignMinutes(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(ProceedExParte).toDynamicValue((ctx) => new ProceedExParte(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(OverrideComposition).toDynamicValue((ctx) => new OverrideComposition(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(ExtendFilingLimit).toDynamicValue((ctx) => new ExtendFilingLimit(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(RecordRespondentReply).toDynamicValue((ctx) => new RecordRespondentReply(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(SendOwnReply).toDynamicValue((ctx) => new SendOwnReply(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(SaveCommittee).toDynamicValue((ctx) => new SaveCommittee(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(PostCaseMessage).toDynamicValue((ctx) => new PostCaseMessage(ctx.get<ComplaintsApi>(ComplaintsApi)));
  bind(PostReporterMessage).toDynamicValue((ctx) => new PostReporterMessage(ctx.get<IntakeApi>(IntakeApi)));
  bind(IntakeApi).to(HttpIntakeApi).inSingletonScope();
  bind(CaseExtrasApi).to(HttpCaseExtrasApi).inSingletonScope();
  bind(RetentionApi).to(HttpRetentionApi).inSingletonScope();
  bind(SaveRetentionSettings).toDynamicValue((ctx) => new SaveRetentionSettings(ctx.get<RetentionApi>(RetentionApi)));
  bind(SetLegalHold).toDynamicValue((ctx) => new SetLegalHold(ctx.get<RetentionApi>(RetentionApi)));
  bind(PostponePurge).toDynamicValue((ctx) => new PostponePurge(ctx.get<RetentionApi>(RetentionApi)));
  bind(CommitteeMembershipApi).to(HttpCommitteeMembershipApi).inSingletonScope();
  bind(DecideCommitteeChange).toDynamicValue(
    (ctx) => new DecideCommitteeChange(ctx.get<CommitteeMembershipApi>(CommitteeMembershipApi)),
  );
  bind(AdmitMember).toDynamicValue((ctx) => new AdmitMember(ctx.get<CommitteeMembershipApi>(CommitteeMembershipApi)));
  bind(RecordOnBehalf).toDynamicValue((ctx) => new RecordOnBehalf(ctx.get<CaseExtrasApi>(CaseExtrasApi)));
  bind(ConfirmComplaint).toDynamicValue((ctx) => new ConfirmComplaint(ctx.get<CaseExtrasApi>(CaseExtrasApi)));
  bind(RequestInterimRelief).toDynamicValue((ctx) => new RequestInterimRelief(ctx.get<CaseExtrasApi>(CaseExtrasApi)));
  bind(DecideInterimRelief).toDynamicValue((ctx) => new DecideInterimRelief(ctx.get<CaseExtrasApi>(CaseExtrasApi)));
  bind(RequestConciliation).toDynamicValue((ctx) => new RequestConciliation(ctx.get<CaseExtrasApi>(CaseExtrasApi)));
  bind(RecordConciliation).toDynamicValue((ctx) => new RecordConciliation(ctx.get<CaseExtrasApi>(CaseExtrasApi)));
  bind(DenyCaseAccess).toDynamicValue((ctx) => new DenyCaseAccess(ctx.get<CaseExtrasApi>(CaseExtrasApi)));
  bind(RestoreCaseAccess).toDynamicValue((ctx) => new RestoreCaseAccess(ctx.get<CaseExtrasApi>(CaseExtrasApi)));
  bind(SaveComplaintSettings).toDynamicValue((ctx) => new SaveComplaintSettings(ctx.get<CaseExtrasApi>(CaseExtrasApi)));
  bind(UploadReporterEvidence).toDynamicValue(
    (ctx) => new UploadReporterEvidence(ctx.get<IntakeApi>(IntakeApi), new XhrFileTransfer()),
  );
  // Canada's investigation (docs/case.md "Canada's investigation").
  bind(InvestigationsApi).to(HttpInvestigationsApi).inSingletonScope();
  const investigations = (ctx: { get<T>(id: symbol): T }) => ctx.get<InvestigationsApi>(InvestigationsApi);
  bind(AddInvestigator).toDynamicValue((ctx) => new AddInvestigator(investigations(ctx)));
  bind(ChooseInvestigator).toDynamicValue((ctx) => new ChooseInvestigator(investigations(ctx)));
  bind(SubmitInvestigationReport).toDynamicValue((ctx) => new SubmitInvestigationReport(investigations(ctx)));
  bind(RecordRecommendation).toDynamicValue((ctx) => new RecordRecommendation(investigations(ctx)));
  bind(SetInvestigatorActive).toDynamicValue((ctx) => new SetInvestigatorActive(investigations(ctx)));
  bind(EndInvestigation).toDynamicValue((ctx) => new EndInvestigation(investigations(ctx)));
  bind(RecordOccurrenceCategories).toDynamicValue((ctx) => new RecordOccurrenceCategories(investigations(ctx)));
});
