import { ContainerModule } from 'inversify';
import { ApiKeysViewModel } from './api-keys.view-model';
import { BrandingViewModel } from './branding.view-model';
import { BusinessUnitsViewModel } from './business-units.view-model';
import { DepartmentsViewModel } from './departments.view-model';
import { InvitationTemplateViewModel } from './invitation-template.view-model';
import { PermissionsViewModel } from './permissions.view-model';
import { SignupAllowListViewModel } from './signup-allow-list.view-model';
import { WorkspaceSettingsViewModel } from './workspace-settings.view-model';
import { WorkspaceCalendarViewModel } from './workspace-calendar.view-model';
import { WebhooksViewModel } from './webhooks.view-model';

/** Binds the view-models of the organisation area (one instance per mounted screen). */
export const organisationViewModels = new ContainerModule(({ bind }) => {
  bind(BusinessUnitsViewModel).toSelf();
  bind(PermissionsViewModel).toSelf();
  bind(DepartmentsViewModel).toSelf();
  bind(BrandingViewModel).toSelf();
  bind(WorkspaceSettingsViewModel).toSelf();
  bind(WorkspaceCalendarViewModel).toSelf();
  bind(SignupAllowListViewModel).toSelf();
  bind(InvitationTemplateViewModel).toSelf();
  bind(WebhooksViewModel).toSelf();
  bind(ApiKeysViewModel).toSelf();
});
