import { ContainerModule } from 'inversify';
import { CreateJurisdiction } from '../../application/policies/create-jurisdiction.use-case';
import { RenameJurisdiction } from '../../application/policies/rename-jurisdiction.use-case';
import { DeleteJurisdiction } from '../../application/policies/delete-jurisdiction.use-case';
import { SaveCompliance } from '../../application/policies/save-compliance.use-case';
import { DeleteCompliance } from '../../application/policies/delete-compliance.use-case';
import { SaveComplianceCategory } from '../../application/policies/save-compliance-category.use-case';
import { DeleteComplianceCategory } from '../../application/policies/delete-compliance-category.use-case';
import { DeclareJurisdictions } from '../../application/policies/declare-jurisdictions.use-case';
import { ComplianceCatalogueApi } from '../../application/policies/compliance-catalogue.port';
import { WorkspaceComplianceApi } from '../../application/policies/workspace-compliance.port';
import { CataloguePolicyApi, OwnPolicyApi, WorkspacePolicyApi } from '../../application/policies/policy-api.port';
import { AcceptPolicy } from '../../application/policies/accept-policy.use-case';
import { PublishPolicy } from '../../application/policies/publish-policy.use-case';
import { RecordAcceptance } from '../../application/policies/record-acceptance.use-case';
import { UploadOwnPolicyPdf, UploadPolicyPdf } from '../../application/policies/upload-policy-pdf.use-case';
import {
  AddOwnPolicyVersion,
  AddPolicyVersion,
  CreateOwnPolicy,
  CreatePolicy,
  RecordOwnPolicyReview,
  RecordPolicyReview,
} from '../../application/policies/policy-editor.use-cases';
import { XhrFileTransfer } from '../http/learning/http-course-files-api';
import { HttpOwnPolicyApi } from '../http/learning/http-own-policy-api';
import { HttpComplianceCatalogueApi } from '../http/learning/http-compliance-catalogue-api';
import { HttpWorkspaceComplianceApi } from '../http/learning/http-workspace-compliance-api';
import { LawApi } from '../../application/law/law-api.port';
import { GenerateReturn } from '../../application/law/generate-return.use-case';
import { RecordAwarenessEvent } from '../../application/law/record-awareness-event.use-case';
import { SaveEmployerDuties } from '../../application/law/save-employer-duties.use-case';
import { SaveReturnInputs } from '../../application/law/save-return-inputs.use-case';
import { HttpLawApi } from '../http/case/http-law-api';
import { PreventionProgrammeApi } from '../../application/law/prevention-programme-api.port';
import { SavePreventionProgramme } from '../../application/law/save-prevention-programme.use-case';
import { HttpPreventionProgrammeApi } from '../http/case/http-prevention-programme-api';
import { CommitteeDisagreementsApi } from '../../application/law/committee-disagreements-api.port';
import { RecordCommitteeDisagreement } from '../../application/law/record-committee-disagreement.use-case';
import { DeleteCommitteeDisagreement } from '../../application/law/delete-committee-disagreement.use-case';
import { HttpCommitteeDisagreementsApi } from '../http/case/http-committee-disagreements-api';
import { HttpCataloguePolicyApi, HttpWorkspacePolicyApi } from '../http/learning/http-policy-api';

/** Bindings of the policies area: the catalogue (platform admin) and the workspace's policies (docs/policies.md). */
export const policiesModule = new ContainerModule(({ bind }) => {
  bind(CataloguePolicyApi).to(HttpCataloguePolicyApi).inSingletonScope();
  bind(WorkspacePolicyApi).to(HttpWorkspacePolicyApi).inSingletonScope();
  bind(AcceptPolicy).toDynamicValue((ctx) => new AcceptPolicy(ctx.get<WorkspacePolicyApi>(WorkspacePolicyApi)));
  bind(PublishPolicy).toDynamicValue((ctx) => new PublishPolicy(ctx.get<WorkspacePolicyApi>(WorkspacePolicyApi)));
  bind(RecordAcceptance).toDynamicValue((ctx) => new RecordAcceptance(ctx.get<WorkspacePolicyApi>(WorkspacePolicyApi)));
  bind(WorkspaceComplianceApi).to(HttpWorkspaceComplianceApi).inSingletonScope();
  bind(ComplianceCatalogueApi).to(HttpComplianceCatalogueApi).inSingletonScope();
  // Its own transfer: the courses area binds FileTransfer too, and both areas may be loaded.
  bind(UploadPolicyPdf).toDynamicValue(
    (ctx) => new UploadPolicyPdf(ctx.get<CataloguePolicyApi>(CataloguePolicyApi), new XhrFileTransfer()),
  );
  bind(CreatePolicy).toDynamicValue((ctx) => new CreatePolicy(ctx.get<CataloguePolicyApi>(CataloguePolicyApi)));
  bind(AddPolicyVersion).toDynamicValue((ctx) => new AddPolicyVersion(ctx.get<CataloguePolicyApi>(CataloguePolicyApi)));
  bind(RecordPolicyReview).toDynamicValue(
    (ctx) => new RecordPolicyReview(ctx.get<CataloguePolicyApi>(CataloguePolicyApi)),
  );
  bind(OwnPolicyApi).to(HttpOwnPolicyApi).inSingletonScope();
  bind(CreateOwnPolicy).toDynamicValue((ctx) => new CreatePolicy(ctx.get<OwnPolicyApi>(OwnPolicyApi)));
  bind(AddOwnPolicyVersion).toDynamicValue((ctx) => new AddPolicyVersion(ctx.get<OwnPolicyApi>(OwnPolicyApi)));
  bind(RecordOwnPolicyReview).toDynamicValue((ctx) => new RecordPolicyReview(ctx.get<OwnPolicyApi>(OwnPolicyApi)));
  bind(UploadOwnPolicyPdf).toDynamicValue(
    (ctx) => new UploadPolicyPdf(ctx.get<OwnPolicyApi>(OwnPolicyApi), new XhrFileTransfer()),
  );
  // The law (docs/law.md): served by the case API, shown on the compliance pages of this area.
  bind(LawApi).to(HttpLawApi).inSingletonScope();
  bind(GenerateReturn).toDynamicValue((ctx) => new GenerateReturn(ctx.get<LawApi>(LawApi)));
  bind(SaveReturnInputs).toDynamicValue((ctx) => new SaveReturnInputs(ctx.get<LawApi>(LawApi)));
  bind(RecordAwarenessEvent).toDynamicValue((ctx) => new RecordAwarenessEvent(ctx.get<LawApi>(LawApi)));
  bind(SaveEmployerDuties).toDynamicValue((ctx) => new SaveEmployerDuties(ctx.get<LawApi>(LawApi)));
  bind(PreventionProgrammeApi).to(HttpPreventionProgrammeApi).inSingletonScope();
  bind(SavePreventionProgramme).toDynamicValue(
    (ctx) =>
      new SavePreventionProgramme(ctx.get<PreventionProgrammeApi>(PreventionProgrammeApi), () =>
        // The browser's own day plus one: the server judges on the workspace's day; this only stops a plain slip.
        new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      ),
  );
  bind(CommitteeDisagreementsApi).to(HttpCommitteeDisagreementsApi).inSingletonScope();
  bind(RecordCommitteeDisagreement).toDynamicValue(
    (ctx) =>
      new RecordCommitteeDisagreement(ctx.get<CommitteeDisagreementsApi>(CommitteeDisagreementsApi), () =>
        // The browser's own day plus one: the server judges on the workspace's day; this only stops a plain slip.
        new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      ),
  );
  bind(DeleteCommitteeDisagreement).toDynamicValue(
    (ctx) => new DeleteCommitteeDisagreement(ctx.get<CommitteeDisagreementsApi>(CommitteeDisagreementsApi)),
  );
  bind(CreateJurisdiction).toDynamicValue(
    (ctx) => new CreateJurisdiction(ctx.get<ComplianceCatalogueApi>(ComplianceCatalogueApi)),
  );
  bind(RenameJurisdiction).toDynamicValue(
    (ctx) => new RenameJurisdiction(ctx.get<ComplianceCatalogueApi>(ComplianceCatalogueApi)),
  );
  bind(DeleteJurisdiction).toDynamicValue(
    (ctx) => new DeleteJurisdiction(ctx.get<ComplianceCatalogueApi>(ComplianceCatalogueApi)),
  );
  bind(SaveCompliance).toDynamicValue(
    (ctx) => new SaveCompliance(ctx.get<ComplianceCatalogueApi>(ComplianceCatalogueApi)),
  );
  bind(DeleteCompliance).toDynamicValue(
    (ctx) => new DeleteCompliance(ctx.get<ComplianceCatalogueApi>(ComplianceCatalogueApi)),
  );
  bind(SaveComplianceCategory).toDynamicValue(
    (ctx) => new SaveComplianceCategory(ctx.get<ComplianceCatalogueApi>(ComplianceCatalogueApi)),
  );
  bind(DeleteComplianceCategory).toDynamicValue(
    (ctx) => new DeleteComplianceCategory(ctx.get<ComplianceCatalogueApi>(ComplianceCatalogueApi)),
  );
  bind(DeclareJurisdictions).toDynamicValue(
    (ctx) => new DeclareJurisdictions(ctx.get<WorkspaceComplianceApi>(WorkspaceComplianceApi)),
  );
});
