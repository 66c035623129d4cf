import { PlatformAuditApi } from '../../application/platform/platform-audit-api.port';
import { LeadsApi } from '../../application/leads/leads-api.port';
import { HttpLeadsApi } from '../http/main/http-leads-api';
import { HttpPlatformAuditApi } from '../http/main/http-platform-audit-api';
import { ContainerModule } from 'inversify';
import { CreateWorkspace } from '../../application/platform/create-workspace.use-case';
import { DeleteWorkspace } from '../../application/platform/delete-workspace.use-case';
import { WorkspaceAdminApi } from '../../application/platform/workspace-admin-api.port';
import {
  ChangeWorkspaceUrl,
  SetContractExpiry,
  SetUserLimit,
  SwitchWorkspaceModule,
} from '../../application/platform/workspace-settings.use-case';
import { HttpWorkspaceAdminApi } from '../http/main/http-workspace-admin-api';

/** Bindings of the platform console (main site): its HTTP adapter and use cases. */
export const platformConsoleModule = new ContainerModule(({ bind }) => {
  bind(PlatformAuditApi).to(HttpPlatformAuditApi).inSingletonScope();
  bind(LeadsApi).to(HttpLeadsApi).inSingletonScope();
  bind(WorkspaceAdminApi).to(HttpWorkspaceAdminApi).inSingletonScope();
  const api = (ctx: { get<T>(id: symbol): T }) => ctx.get<WorkspaceAdminApi>(WorkspaceAdminApi);
  bind(CreateWorkspace).toDynamicValue((ctx) => new CreateWorkspace(api(ctx)));
  bind(DeleteWorkspace).toDynamicValue((ctx) => new DeleteWorkspace(api(ctx)));
  bind(ChangeWorkspaceUrl).toDynamicValue((ctx) => new ChangeWorkspaceUrl(api(ctx)));
  bind(SetUserLimit).toDynamicValue((ctx) => new SetUserLimit(api(ctx)));
  bind(SetContractExpiry).toDynamicValue((ctx) => new SetContractExpiry(api(ctx)));
  bind(SwitchWorkspaceModule).toDynamicValue((ctx) => new SwitchWorkspaceModule(api(ctx)));
});
