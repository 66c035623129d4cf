import type { FastifyInstance } from 'fastify';
import { apiDocs } from '../platform/api-docs';
import type { ApiDeps } from '../platform/deps';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { codeSignInRoutes } from './auth/code-sign-in.routes';
import { profileRoutes } from './auth/profile.routes';
import { profileImageRoutes } from './auth/profile-image.routes';
import { signUpRoutes } from './auth/signup.routes';
import { sessionRoutes } from './auth/session.routes';
import { sessionAdminRoutes } from './auth/session-admin.routes';
import { flagRoutes } from './flags/flags.routes';
import { invitationRoutes } from './invitations/invitations.routes';
import { importRoutes } from './imports/imports.routes';
import { inviteManagementRoutes } from './invitations/invite-management.routes';
import { workspaceRoutes } from './workspace/workspace.routes';
import { workspaceCalendarRoutes } from './workspace/workspace-calendar.routes';
import { ipRangeRoutes } from './platform/ip-ranges.routes';
import { userRoutes } from './users/users.routes';
import { brandingRoutes } from './organisation/branding.routes';
import { businessUnitRoutes } from './organisation/business-units.routes';
import { departmentRoutes } from './organisation/departments.routes';
import { signupAllowListRoutes } from './organisation/signup-allow-list.routes';
import { templateRoutes } from './templates/templates.routes';
import { platformWorkspaceRoutes } from './platform/workspaces.routes';
import { platformAuditRoutes } from './platform/platform-audit.routes';
import { platformToolRoutes } from './platform-tools/platform-tools.routes';
import { MAIN_API_BASE } from './main-api.base';
import { permissionRoutes } from './permissions/permissions.routes';
import { leadRoutes } from './leads/leads.routes';
import { webhookRoutes } from './webhooks/webhooks.routes';
import { apiKeyRoutes } from './integrations/api-keys.routes';

export { MAIN_API_BASE } from './main-api.base';

/** The main API: identity, users, workspaces, business units, departments, invites, flags. */
export async function mainApi(api: FastifyInstance, deps: ApiDeps): Promise<void> {
  await apiDocs(api, {
    title: 'Main API',
    description: 'Identity, users, workspaces, invites, flags',
    base: MAIN_API_BASE,
  });
  await authRoutes(api, deps);
  await codeSignInRoutes(api, deps);
  await profileRoutes(api, deps);
  await profileImageRoutes(api, deps);
  await signUpRoutes(api, deps);
  await sessionAdminRoutes(api, deps);
  await sessionRoutes(api, deps);
  await workspaceRoutes(api, deps);
  await workspaceCalendarRoutes(api, deps);
  await flagRoutes(api, deps);
  await importRoutes(api, deps);
  await invitationRoutes(api, deps);
  await inviteManagementRoutes(api, deps);
  await auditRoutes(api, deps);
  await ipRangeRoutes(api, deps);
  await userRoutes(api, deps);
  await businessUnitRoutes(api, deps);
  await departmentRoutes(api, deps);
  await brandingRoutes(api, deps);
  await signupAllowListRoutes(api, deps);
  await templateRoutes(api, deps);
  await platformWorkspaceRoutes(api, deps);
  await platformAuditRoutes(api, deps);
  await platformToolRoutes(api, deps);
  await permissionRoutes(api, deps);
  await leadRoutes(api, deps);
  await webhookRoutes(api, deps);
  await apiKeyRoutes(api, deps);
}
