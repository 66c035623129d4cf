import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { Principal } from '../../platform/sessions';
import type { Actor } from '../../platform/actor';

/** The acting platform admin (the contract's access rule has checked the kind). */
export function platformActor(
  principal: Principal | null,
  ip: string,
): Pick<Actor, 'platformAdminId' | 'userId' | 'ip'> {
  return { platformAdminId: principal?.kind === 'platform-admin' ? principal.platformAdminId : null, userId: null, ip };
}

/** A change to the catalogue, in the platform's own trail. */
export async function auditCatalogue(
  tx: Sql,
  actor: Pick<Actor, 'platformAdminId' | 'ip'>,
  action: string,
  target: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await audit(tx, {
    workspaceId: null,
    actorPlatformAdminId: actor.platformAdminId,
    action,
    target,
    ip: actor.ip,
    details,
  });
}
