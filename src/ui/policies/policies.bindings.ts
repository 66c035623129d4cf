import { ContainerModule } from 'inversify';
import { OwnPolicyApi } from '../../application/policies/policy-api.port';
import { UploadOwnPolicyPdf, type UploadPolicyPdf } from '../../application/policies/upload-policy-pdf.use-case';
import {
  AddOwnPolicyVersion,
  CreateOwnPolicy,
  RecordOwnPolicyReview,
  type AddPolicyVersion,
  type CreatePolicy,
  type RecordPolicyReview,
} from '../../application/policies/policy-editor.use-cases';
import { CataloguePoliciesViewModel, OwnPoliciesViewModel } from './catalogue-policies.view-model';
import { ComplianceStatusViewModel } from './compliance-status.view-model';
import { TrainingCadenceViewModel } from './training-cadence.view-model';
import { CompliancesViewModel } from './compliances.view-model';
import { JurisdictionsViewModel } from './jurisdictions.view-model';
import { AcceptedPoliciesViewModel } from './accepted-policies.view-model';
import { AcceptedPolicyViewModel } from './accepted-policy.view-model';
import { MyPoliciesViewModel } from './my-policies.view-model';
import { PolicyReaderViewModel } from './policy-reader.view-model';
import { WorkspacePoliciesViewModel } from './workspace-policies.view-model';
import { EmployerDutiesViewModel } from '../law/employer-duties.view-model';
import { PreventionProgrammeViewModel } from '../law/prevention-programme.view-model';
import { CommitteeDisagreementsViewModel } from '../law/committee-disagreements.view-model';
import { LegalRulesViewModel } from './legal-rules.view-model';
import { PoshNoticeViewModel } from '../law/posh-notice.view-model';
import { ReturnsViewModel } from '../law/returns.view-model';

/** Binds the policies area's view-models (one instance per mounted screen). */
export const policiesViewModels = new ContainerModule(({ bind }) => {
  bind(CataloguePoliciesViewModel).toSelf();
  bind(WorkspacePoliciesViewModel).toSelf();
  bind(OwnPoliciesViewModel).toDynamicValue(
    (ctx) =>
      new CataloguePoliciesViewModel(
        ctx.get<OwnPolicyApi>(OwnPolicyApi),
        ctx.get<UploadPolicyPdf>(UploadOwnPolicyPdf),
        ctx.get<CreatePolicy>(CreateOwnPolicy),
        ctx.get<AddPolicyVersion>(AddOwnPolicyVersion),
        ctx.get<RecordPolicyReview>(RecordOwnPolicyReview),
      ),
  );
  bind(PolicyReaderViewModel).toSelf();
  bind(MyPoliciesViewModel).toSelf();
  bind(AcceptedPoliciesViewModel).toSelf();
  bind(AcceptedPolicyViewModel).toSelf();
  bind(JurisdictionsViewModel).toSelf();
  bind(CompliancesViewModel).toSelf();
  bind(ComplianceStatusViewModel).toSelf();
  bind(TrainingCadenceViewModel).toSelf();
  // The law (docs/law.md), on the compliance pages.
  bind(LegalRulesViewModel).toSelf();
  bind(ReturnsViewModel).toSelf();
  bind(EmployerDutiesViewModel).toSelf();
  bind(PreventionProgrammeViewModel).toSelf();
  bind(CommitteeDisagreementsViewModel).toSelf();
  bind(PoshNoticeViewModel).toSelf();
});
