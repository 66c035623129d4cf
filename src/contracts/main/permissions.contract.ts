import { z } from 'zod';
import { EditableRole, PermissionKey } from '../../domain/auth/permissions';
import { Role } from '../../domain/auth/roles';
import { route } from '../route';

const ALL_ROLES = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;

export const PermissionEntry = z.object({
  key: PermissionKey,
  label: z.string(),
  description: z.string(),
  /** The roles that may hold it (and hold it by default). */
  roles: z.array(Role),
});

export const RoleGrants = z.object({
  role: Role,
  label: z.string(),
  /** WORKSPACE_ADMIN's permissions are fixed. */
  editable: z.boolean(),
  /** The permissions the role holds in this workspace. */
  granted: z.array(PermissionKey),
});

export const PermissionMatrix = z.object({
  permissions: z.array(PermissionEntry),
  roles: z.array(RoleGrants),
});
export type PermissionMatrix = z.infer<typeof PermissionMatrix>;

/** The catalogue of permissions and, for each role, those it holds in this workspace. */
export const allPermissions = route({
  api: 'main',
  method: 'GET',
  path: '/api/permission/all',
  summary: "The permission catalogue and this workspace's grants by role",
  response: PermissionMatrix,
  access: ['WORKSPACE_ADMIN'],
});

/** One role's switches: every key named is set on (true) or off (false); keys not named keep their value. */
export const PermissionUpdate = z.strictObject({
  role: EditableRole,
  permissions: z.strictObject(
    Object.fromEntries(PermissionKey.options.map((key) => [key, z.boolean().optional()])) as Record<
      PermissionKey,
      z.ZodOptional<z.ZodBoolean>
    >,
  ),
});
export type PermissionUpdate = z.infer<typeof PermissionUpdate>;

export const updatePermissions = route({
  api: 'main',
  method: 'POST',
  path: '/api/permission/update',
  summary: "Switches permissions on or off for a role of this workspace (not WORKSPACE_ADMIN's, which are fixed)",
  body: PermissionUpdate,
  response: PermissionMatrix,
  access: ['WORKSPACE_ADMIN'],
});

export const MenuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    key: z.string(),
    label: z.string(),
    path: z.string(),
    /** An Ant Design icon name. */
    icon: z.string(),
    description: z.string(),
    children: z.array(MenuItem),
  }),
);
export interface MenuItem {
  key: string;
  label: string;
  path: string;
  icon: string;
  description: string;
  children: MenuItem[];
}

export const NavigationV2 = z.object({ navigations: z.array(MenuItem) });
export type NavigationV2 = z.infer<typeof NavigationV2>;

export const MenuFlagState = z.enum(['on', 'module-off', 'permission-off']);
export const NavigationV3 = z.object({
  navigations: z.array(MenuItem),
  /** Every menu of the caller's role: whether it is on, and if not, what switched it off. */
  enabledMenuFlags: z.record(z.string(), z.boolean()),
  menuStates: z.record(z.string(), MenuFlagState),
  /** The workspace's module switches (spec 6). */
  modules: z.record(z.string(), z.boolean()),
});
export type NavigationV3 = z.infer<typeof NavigationV3>;

/** The caller's menu: the items they may see (computed on the server from role, permissions and modules). */
export const navigationV2 = route({
  api: 'main',
  method: 'GET',
  path: '/api/navigation/v2',
  summary: "The caller's menu: the items their role may see in this workspace",
  response: NavigationV2,
  access: ALL_ROLES,
  noPermission: "the caller's own menu, which already leaves out what is switched off",
});

/** v2 plus the enabled menu flags: which of the role's menus are on, and why the others are off. */
export const navigationV3 = route({
  api: 'main',
  method: 'GET',
  path: '/api/navigation/v3',
  summary: "The caller's menu plus the enabled menu flags (each of the role's menus on or off, and why)",
  response: NavigationV3,
  access: ALL_ROLES,
  noPermission: "the caller's own menu, which already leaves out what is switched off",
});

export const UserRoutes = z.object({
  userId: z.string(),
  role: Role,
  permissions: z.array(PermissionKey),
  routes: z.array(z.object({ key: z.string(), path: z.string() })),
});
export type UserRoutes = z.infer<typeof UserRoutes>;

/** The pages a user of this workspace may open (admins only; another workspace's user is 404). */
export const userRoutes = route({
  api: 'main',
  method: 'GET',
  path: '/api/internal/userroutes/{id}',
  summary: 'The routes a user of this workspace may open, and the permissions they hold',
  params: z.strictObject({ id: z.string().uuid() }),
  response: UserRoutes,
  access: ['WORKSPACE_ADMIN'],
});
