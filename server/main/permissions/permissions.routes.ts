import type { FastifyInstance } from 'fastify';
import {
  allPermissions,
  navigationV2,
  navigationV3,
  updatePermissions,
  userRoutes,
  type MenuItem,
  type PermissionMatrix,
} from '../../../src/contracts/main/permissions.contract';
import { menuState, NAVIGATION, navigationFor, type NavItem } from '../../../src/domain/auth/navigation';
import {
  eligible,
  grantsOf,
  isEditableRole,
  permission,
  PERMISSIONS,
  type PermissionKey,
  type PermissionOverrides,
} from '../../../src/domain/auth/permissions';
import { Role, ROLE_LABELS } from '../../../src/domain/auth/roles';
import { modulesFrom } from '../../../src/domain/platform/workspace-modules';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { readOverrides } from '../../platform/permissions';
import { serve, workspaceUser } from '../../platform/serve';
import { PermissionsRepository } from './permissions.repository';

function matrix(overrides: PermissionOverrides): PermissionMatrix {
  return {
    permissions: PERMISSIONS.map((p) => ({
      key: p.key,
      label: p.label,
      description: p.description,
      roles: [...p.roles],
    })),
    roles: Role.options.map((role) => ({
      role,
      label: ROLE_LABELS[role],
      editable: isEditableRole(role),
      granted: grantsOf(role, overrides),
    })),
  };
}

function menuItem(item: NavItem): MenuItem {
  return {
    key: item.key,
    label: item.label,
    path: item.path,
    icon: item.icon,
    description: item.description,
    children: [],
  };
}

/** Permissions by role (catalogue, switches) and the menus computed from them; fetched on workspace hosts only. */
export async function permissionRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, allPermissions, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    return matrix(await deps.db.tenant(workspace.id, (tx) => readOverrides(tx, workspace.id)));
  });

  serve(app, updatePermissions, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { role, permissions } = ctx.body;
    const asked = Object.entries(permissions).filter(
      (entry): entry is [PermissionKey, boolean] => typeof entry[1] === 'boolean',
    );
    const refused = asked.filter(([key, on]) => on && !eligible(role, key));
    if (refused.length > 0) {
      throw badRequest(
        `${ROLE_LABELS[role]}s cannot be given ${refused.map(([key]) => `"${permission(key).label}"`).join(', ')}`,
        Object.fromEntries(refused.map(([key]) => [`permissions.${key}`, `Not available to ${ROLE_LABELS[role]}s`])),
      );
    }
    const overrides = await deps.db.tenant(workspace.id, async (tx) => {
      const switches = new PermissionsRepository(tx, workspace.id);
      const before = await readOverrides(tx, workspace.id);
      const changes: Record<string, boolean> = {};
      for (const [key, on] of asked) {
        if (!eligible(role, key)) continue; // off for a role that never holds it: nothing to store
        const was = before[role]?.[key] ?? true;
        if (was !== on) changes[key] = on;
        if (on) await switches.switchOn(role, key);
        else await switches.switchOff(role, key, user.userId);
      }
      if (Object.keys(changes).length > 0) {
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: user.userId,
          action: 'permissions.updated',
          target: role,
          ip: ctx.request.ip,
          details: { role, changes },
        });
      }
      return readOverrides(tx, workspace.id);
    });
    deps.permissions.forget(workspace.id);
    return matrix(overrides);
  });

  /** The caller's menu: their role's items, less switched-off modules and permissions. */
  async function menuOf(workspaceId: string, role: Role, disabledModules: string[] | null | undefined) {
    const overrides = await deps.permissions.overrides(workspaceId);
    const modules = modulesFrom(disabledModules);
    return { overrides, modules, items: navigationFor(role, modules, overrides) };
  }

  serve(app, navigationV2, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { items } = await menuOf(workspace.id, user.role, workspace.disabled_modules);
    return { navigations: items.map(menuItem) };
  });

  serve(app, navigationV3, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { items, modules, overrides } = await menuOf(workspace.id, user.role, workspace.disabled_modules);
    const menuStates: Record<string, 'on' | 'module-off' | 'permission-off'> = {};
    for (const item of NAVIGATION) {
      const state = menuState(item, user.role, modules, overrides);
      if (state !== 'not-for-role') menuStates[item.key] = state;
    }
    return {
      navigations: items.map(menuItem),
      enabledMenuFlags: Object.fromEntries(Object.entries(menuStates).map(([key, state]) => [key, state === 'on'])),
      menuStates,
      modules,
    };
  });

  serve(app, userRoutes, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const found = await deps.db.tenant(workspace.id, async (tx) => {
      const target = await new PermissionsRepository(tx, workspace.id).user(ctx.params.id);
      return target ? { target, overrides: await readOverrides(tx, workspace.id) } : null;
    });
    // Another workspace's user (or none) answers 404, like any object of another workspace.
    if (!found) throw notFound('There is no such user in this workspace');
    const { target, overrides } = found;
    const items = navigationFor(target.role, modulesFrom(workspace.disabled_modules), overrides);
    return {
      userId: target.id,
      role: target.role,
      permissions: grantsOf(target.role, overrides),
      routes: items.map((item) => ({ key: item.key, path: item.path })),
    };
  });
}
