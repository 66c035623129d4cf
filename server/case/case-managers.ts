import { requirePermission, type PermissionStore } from '../platform/permissions';
import { workspaceUser } from '../platform/serve';
import type { Principal } from '../platform/sessions';
import type { Site } from '../platform/tenancy';

/**
 * Whether the signed-in member manages the workspace's cases: a workspace admin or employer whose role holds
 * `workflows.design` here (the permission that sets committees and processes up, docs/case.md). A manager reads
 * what the law gives the employer (an investigation's report, the annual returns); anyone else may still preside.
 */
export async function isCaseManager(
  permissions: PermissionStore,
  ctx: { site: Site; principal: Principal | null },
): Promise<boolean> {
  const { user } = workspaceUser(ctx);
  if (user.role !== 'WORKSPACE_ADMIN' && user.role !== 'EMPLOYER') return false;
  return requirePermission(permissions, ctx.site, ctx.principal, 'workflows.design').then(
    () => true,
    () => false,
  );
}
