import type { Role } from '../../src/domain/auth/roles';
import { MAIN_SITE_WORKSPACE_ID } from './db/database';
import type { Principal } from './sessions';
import type { Site } from './tenancy';
import { unauthorized } from './errors';
import { currentWorkspace, workspaceUser } from './serve';

/**
 * Who acts in a service call: the one actor type of the server. A route builds it from its request
 * (`workspaceActor`, `platformAdminActor`, `visitorActor`), a job or the product's own setup from its workspace
 * (`systemActor`). A service takes `Actor`, or a `Pick<Actor, ...>` of the fields it reads.
 *
 * It says who and from where, never what may be done: access is the contract's (`serve`), and a service still
 * checks the objects it is handed (role, scope, membership) as its rules say.
 */
export interface Actor {
  /** A signed-in workspace user, the platform admin, a workspace API key (SCIM too), a visitor of a public route, or the product itself. */
  kind: 'user' | 'platform-admin' | 'api-key' | 'visitor' | 'system';
  /** The workspace acted in (the main site's nil id for the platform admin). */
  workspaceId: string;
  /** The workspace's company name, for mail and documents. */
  workspaceName: string;
  /**
   * The acting user: for an API key the user who made it (the key acts as a workspace admin would, `workspaceUser`);
   * null for the platform admin, a visitor and the product itself.
   */
  userId: string | null;
  platformAdminId: string | null;
  /** The API key acting (a SCIM client is one), else null. */
  keyId: string | null;
  /** The acting user's role here (an API key acts as `WORKSPACE_ADMIN`), else null. */
  role: Role | null;
  /** The business unit a business-unit admin's rights are scoped to (null: none). */
  branchId: string | null;
  /** The acting user's address and display name, when a route has read them (`withPerson`); '' otherwise. */
  email: string;
  name: string;
  /**
   * Whether the actor sets the case process up and manages cases: an admin or employer whose role holds
   * `workflows.design` here (CA-06). Read from the workspace's permission overrides by the routes that need it;
   * false otherwise.
   */
  manager: boolean;
  /** The request's network address (null for the product itself). */
  ip: string | null;
  userAgent: string | null;
  /** The site's public address (scheme, host, port), for links in mail and in answers. */
  origin: string;
}

/**
 * The fields `K` of an actor whose user, role and network address are known: what a service of a signed-in person's
 * action takes (a `workspaceActor` is one).
 */
export type Acting<K extends keyof Actor> = Pick<Actor, K> & {
  [P in Extract<K, 'userId' | 'role' | 'ip'>]: NonNullable<Actor[P]>;
};

/** What an actor is built from: the request's site, principal and connection (a route's handler context has them). */
export interface ActorSource {
  site: Site;
  principal: Principal | null;
  request: { ip: string; headers: Record<string, string | string[] | undefined> };
}

const nobody = {
  userId: null,
  platformAdminId: null,
  keyId: null,
  role: null,
  branchId: null,
  email: '',
  name: '',
  manager: false,
  userAgent: null,
} as const;

/** Where a request comes from, as every actor built from one records it. */
function requestOf(source: ActorSource): { ip: string; userAgent: string | null; origin: string } {
  const agent = source.request.headers['user-agent'];
  return {
    ip: source.request.ip,
    userAgent: typeof agent === 'string' ? agent : null,
    origin: source.site.kind === 'unknown' ? '' : source.site.origin,
  };
}

/**
 * The signed-in workspace user of a route whose access is a role list (or an API key's scope): the same checks as
 * `workspaceUser`, which refuses anyone else.
 */
export function workspaceActor(source: ActorSource): Acting<keyof Actor> {
  const { user, workspace } = workspaceUser(source);
  return {
    ...nobody,
    kind: source.principal?.kind === 'api-key' ? 'api-key' : 'user',
    workspaceId: workspace.id,
    workspaceName: workspace.company_name,
    userId: user.userId,
    keyId: source.principal?.kind === 'api-key' ? source.principal.keyId : null,
    role: user.role,
    branchId: user.branchId,
    email: user.email,
    ...requestOf(source),
  };
}

/** The platform admin of a `platform-admin` route (the contract's access has checked the kind; else no id). */
export function platformAdminActor(source: ActorSource): Actor & { ip: string } {
  const admin = source.principal?.kind === 'platform-admin' ? source.principal : null;
  return {
    ...nobody,
    kind: 'platform-admin',
    workspaceId: MAIN_SITE_WORKSPACE_ID,
    workspaceName: '',
    platformAdminId: admin?.platformAdminId ?? null,
    email: admin?.email ?? '',
    ...requestOf(source),
  };
}

/** A workspace API key (SCIM's bearer): the route has checked the key's scope; anyone else is refused. */
export function keyActor(source: ActorSource): Actor & { keyId: string; ip: string } {
  const workspace = currentWorkspace(source.site);
  const key = source.principal?.kind === 'api-key' ? source.principal : null;
  if (!key) throw unauthorized();
  return {
    ...nobody,
    kind: 'api-key',
    workspaceId: workspace.id,
    workspaceName: workspace.company_name,
    userId: key.createdBy,
    keyId: key.keyId,
    ...requestOf(source),
  };
}

/** Someone on a public route of a workspace (or the main site: workspace id the main site's). */
export function visitorActor(source: ActorSource): Actor & { ip: string } {
  const workspace = source.site.kind === 'workspace' ? source.site.workspace : null;
  return {
    ...nobody,
    kind: 'visitor',
    workspaceId: workspace?.id ?? MAIN_SITE_WORKSPACE_ID,
    workspaceName: workspace?.company_name ?? '',
    ...requestOf(source),
  };
}

/** The product itself acting in a workspace: a job, a workspace's setup. */
export function systemActor(workspace: { id: string; name?: string }, ip: string | null = null): Actor {
  return {
    ...nobody,
    kind: 'system',
    workspaceId: workspace.id,
    workspaceName: workspace.name ?? '',
    ip,
    origin: '',
  };
}

/** The acting workspace as the mail and document helpers read it (`id`, `company_name`). */
export function workspaceOf(actor: Pick<Actor, 'workspaceId' | 'workspaceName'>): { id: string; company_name: string } {
  return { id: actor.workspaceId, company_name: actor.workspaceName };
}
