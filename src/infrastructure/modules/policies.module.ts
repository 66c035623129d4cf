import { ContainerModule } from 'inversify';
import { ComplianceCatalogueApi } from '../../application/policies/compliance-catalogue.port';
import { WorkspaceComplianceApi } from '../../application/policies/workspace-compliance.port';
import { CataloguePolicyApi, OwnPolicyApi, WorkspacePolicyApi } from '../../application/policies/policy-api.port';
import { AcceptPolicy } from '../../application/policies/accept-policy.use-case';
import { UploadOwnPolicyPdf, UploadPolicyPdf } from '../../application/policies/upload-policy-pdf.use-case';
import { XhrFileTransfer } from '../http/learning/http-course-files-api';
import { HttpOwnPolicyApi } from '../http/learning/http-own-policy-api';
import { HttpComplianceCatalogueApi } from '../http/learning/http-compliance-catalogue-api';
import { HttpWorkspaceComplianceApi } from '../http/learning/http-workspace-compliance-api';
import { HttpCataloguePolicyApi, HttpWorkspacePolicyApi } from '../http/learning/http-policy-api';

/** Bindings of the policies area: the catalogue (platform admin) and the workspace's policies (docs/policies.md). */
export const policiesModule = new ContainerModule(({ bind }) => {
  bind(CataloguePolicyApi).to(HttpCataloguePolicyApi).inSingletonScope();
  bind(WorkspacePolicyApi).to(HttpWorkspacePolicyApi).inSingletonScope();
  bind(AcceptPolicy).toDynamicValue((ctx) => new AcceptPolicy(ctx.get<WorkspacePolicyApi>(WorkspacePolicyApi)));
  bind(WorkspaceComplianceApi).to(HttpWorkspaceComplianceApi).inSingletonScope();
  bind(ComplianceCatalogueApi).to(HttpComplianceCatalogueApi).inSingletonScope();
  // Its own transfer: the courses area binds FileTransfer too, and both areas may be loaded.
  bind(UploadPolicyPdf).toDynamicValue((ctx) => new UploadPolicyPdf(ctx.get<CataloguePolicyApi>(CataloguePolicyApi), new XhrFileTransfer()));
  bind(OwnPolicyApi).to(HttpOwnPolicyApi).inSingletonScope();
  bind(UploadOwnPolicyPdf).toDynamicValue((ctx) => new UploadPolicyPdf(ctx.get<OwnPolicyApi>(OwnPolicyApi), new XhrFileTransfer()));
});
