import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { Principal } from '../../platform/sessions';

export interface PlatformActor {
  platformAdminId: string | null;
  ip: string;
}

/** The acting platform admin (the contract's access rule has checked the kind). */
export function platformActor(principal: Principal | null, ip: string): PlatformActor {
  return { platformAdminId: principal?.kind === 'platform-admin' ? principal.platformAdminId : null, ip };
}

/** A change to the catalogue, in the platform's own trail. */
export async function auditCatalogue(
  tx: Sql,
  actor: PlatformActor,
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
