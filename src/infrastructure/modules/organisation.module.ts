import { ContainerModule } from 'inversify';
import {
  DeleteBusinessUnit,
  SaveBusinessUnit,
  SetBusinessUnitColour,
} from '../../application/organisation/business-unit.use-cases';
import {
  AppointDepartmentManager,
  CreateDepartment,
  DeleteDepartments,
  RemoveDepartmentManager,
  RenameDepartment,
} from '../../application/organisation/department.use-cases';
import {
  BusinessUnitsApi,
  DepartmentsApi,
  MessageTemplatesApi,
  SignupAllowListApi,
  WorkspaceAdminApi,
} from '../../application/organisation/organisation-admin-api.port';
import {
  AddToSignupAllowList,
  PreviewMessageTemplate,
  SaveMessageTemplate,
  SaveWorkspaceSettings,
  SetWorkspaceColour,
  UploadLogo,
} from '../../application/organisation/workspace-admin.use-cases';
import {
  HttpBusinessUnitsApi,
  HttpDepartmentsApi,
  HttpMessageTemplatesApi,
  HttpSignupAllowListApi,
  HttpWorkspaceAdminApi,
} from '../http/main/http-organisation-admin-api';
import { PermissionsApi, SavePermissions } from '../../application/organisation/permissions.use-cases';
import { HttpPermissionsApi } from '../http/main/http-permissions-api';
import {
  ApiKeysApi,
  ChooseScimGroups,
  CreateApiKey,
  RevokeApiKey,
} from '../../application/integrations/api-keys.use-cases';
import { HttpApiKeysApi } from '../http/main/http-api-keys-api';
import { WorkspaceCalendarApi } from '../../application/organisation/workspace-calendar-api.port';
import { SaveWorkspaceCalendar } from '../../application/organisation/save-workspace-calendar.use-case';
import { HttpWorkspaceCalendarApi } from '../http/main/http-workspace-calendar-api';
import { WebhooksApi } from '../../application/organisation/webhooks-api.port';
import {
  DeleteWebhookEndpoint,
  RedeliverWebhook,
  RegisterWebhookEndpoint,
  SendWebhookTest,
  SetWebhookEndpointActive,
} from '../../application/organisation/webhooks.use-cases';
import { HttpWebhooksApi } from '../http/main/http-webhooks-api';
import { RemoveLogo } from '../../application/organisation/remove-logo.use-case';
import { ResetInvitationTemplate } from '../../application/organisation/reset-invitation-template.use-case';
import { RemoveFromSignupAllowList } from '../../application/organisation/remove-from-signup-allow-list.use-case';

/** Bindings of the organisation area (business units, departments, branding, settings). */
export const organisationModule = new ContainerModule(({ bind }) => {
  bind(BusinessUnitsApi).to(HttpBusinessUnitsApi).inSingletonScope();
  bind(DepartmentsApi).to(HttpDepartmentsApi).inSingletonScope();
  bind(WorkspaceAdminApi).to(HttpWorkspaceAdminApi).inSingletonScope();
  bind(SignupAllowListApi).to(HttpSignupAllowListApi).inSingletonScope();
  bind(MessageTemplatesApi).to(HttpMessageTemplatesApi).inSingletonScope();
  bind(RemoveLogo).toDynamicValue((ctx) => new RemoveLogo(ctx.get<WorkspaceAdminApi>(WorkspaceAdminApi)));
  bind(ResetInvitationTemplate).toDynamicValue(
    (ctx) => new ResetInvitationTemplate(ctx.get<MessageTemplatesApi>(MessageTemplatesApi)),
  );
  bind(RemoveFromSignupAllowList).toDynamicValue(
    (ctx) => new RemoveFromSignupAllowList(ctx.get<SignupAllowListApi>(SignupAllowListApi)),
  );
  bind(SaveBusinessUnit).toDynamicValue((ctx) => new SaveBusinessUnit(ctx.get<BusinessUnitsApi>(BusinessUnitsApi)));
  bind(DeleteBusinessUnit).toDynamicValue((ctx) => new DeleteBusinessUnit(ctx.get<BusinessUnitsApi>(BusinessUnitsApi)));
  bind(SetBusinessUnitColour).toDynamicValue(
    (ctx) => new SetBusinessUnitColour(ctx.get<BusinessUnitsApi>(BusinessUnitsApi)),
  );
  bind(CreateDepartment).toDynamicValue((ctx) => new CreateDepartment(ctx.get<DepartmentsApi>(DepartmentsApi)));
  bind(RenameDepartment).toDynamicValue((ctx) => new RenameDepartment(ctx.get<DepartmentsApi>(DepartmentsApi)));
  bind(DeleteDepartments).toDynamicValue((ctx) => new DeleteDepartments(ctx.get<DepartmentsApi>(DepartmentsApi)));
  bind(AppointDepartmentManager).toDynamicValue(
    (ctx) => new AppointDepartmentManager(ctx.get<DepartmentsApi>(DepartmentsApi)),
  );
  bind(RemoveDepartmentManager).toDynamicValue(
    (ctx) => new RemoveDepartmentManager(ctx.get<DepartmentsApi>(DepartmentsApi)),
  );
  bind(SetWorkspaceColour).toDynamicValue(
    (ctx) => new SetWorkspaceColour(ctx.get<WorkspaceAdminApi>(WorkspaceAdminApi)),
  );
  bind(UploadLogo).toDynamicValue((ctx) => new UploadLogo(ctx.get<WorkspaceAdminApi>(WorkspaceAdminApi)));
  bind(PermissionsApi).to(HttpPermissionsApi).inSingletonScope();
  bind(SavePermissions).toDynamicValue((ctx) => new SavePermissions(ctx.get<PermissionsApi>(PermissionsApi)));
  bind(ApiKeysApi).to(HttpApiKeysApi).inSingletonScope();
  bind(CreateApiKey).toDynamicValue((ctx) => new CreateApiKey(ctx.get<ApiKeysApi>(ApiKeysApi)));
  bind(RevokeApiKey).toDynamicValue((ctx) => new RevokeApiKey(ctx.get<ApiKeysApi>(ApiKeysApi)));
  bind(ChooseScimGroups).toDynamicValue((ctx) => new ChooseScimGroups(ctx.get<ApiKeysApi>(ApiKeysApi)));
  bind(SaveWorkspaceSettings).toDynamicValue(
    (ctx) => new SaveWorkspaceSettings(ctx.get<WorkspaceAdminApi>(WorkspaceAdminApi)),
  );
  bind(AddToSignupAllowList).toDynamicValue(
    (ctx) => new AddToSignupAllowList(ctx.get<SignupAllowListApi>(SignupAllowListApi)),
  );
  bind(SaveMessageTemplate).toDynamicValue(
    (ctx) => new SaveMessageTemplate(ctx.get<MessageTemplatesApi>(MessageTemplatesApi)),
  );
  bind(PreviewMessageTemplate).toDynamicValue(
    (ctx) => new PreviewMessageTemplate(ctx.get<MessageTemplatesApi>(MessageTemplatesApi)),
  );
  bind(WorkspaceCalendarApi).to(HttpWorkspaceCalendarApi).inSingletonScope();
  bind(WebhooksApi).to(HttpWebhooksApi).inSingletonScope();
  bind(RegisterWebhookEndpoint).toDynamicValue((ctx) => new RegisterWebhookEndpoint(ctx.get<WebhooksApi>(WebhooksApi)));
  bind(SetWebhookEndpointActive).toDynamicValue(
    (ctx) => new SetWebhookEndpointActive(ctx.get<WebhooksApi>(WebhooksApi)),
  );
  bind(DeleteWebhookEndpoint).toDynamicValue((ctx) => new DeleteWebhookEndpoint(ctx.get<WebhooksApi>(WebhooksApi)));
  bind(SendWebhookTest).toDynamicValue((ctx) => new SendWebhookTest(ctx.get<WebhooksApi>(WebhooksApi)));
  bind(RedeliverWebhook).toDynamicValue((ctx) => new RedeliverWebhook(ctx.get<WebhooksApi>(WebhooksApi)));
  bind(SaveWorkspaceCalendar).toDynamicValue(
    (ctx) => new SaveWorkspaceCalendar(ctx.get<WorkspaceCalendarApi>(WorkspaceCalendarApi)),
  );
});
