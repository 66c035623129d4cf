import type { ScimSettings } from '../../../src/contracts/main/api-keys.contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { groupKindOf, setGroupKind } from './scim.repository';
import type { Acting } from '../../platform/actor';

/** The admin's choice of what a SCIM Group is: departments or business units. */
export class ScimSettingsService {
  constructor(private readonly db: Database) {}

  async read(workspaceId: string): Promise<ScimSettings> {
    return { groups: await groupKindOf(this.db, workspaceId) };
  }

  async update(actor: Acting<'workspaceId' | 'userId' | 'ip'>, settings: ScimSettings): Promise<ScimSettings> {
    const before = await groupKindOf(this.db, actor.workspaceId);
    if (before !== settings.groups) {
      // `workspaces` is a reference table: written as the owner (migration 0085), audited in the tenant's log.
      await setGroupKind(this.db, actor.workspaceId, settings.groups);
      await this.db.tenant(actor.workspaceId, (tx) =>
        audit(tx, {
          workspaceId: actor.workspaceId,
          actorUserId: actor.userId,
          action: 'scim.settings.updated',
          ip: actor.ip,
          details: { groups: settings.groups, before },
        }),
      );
    }
    return { groups: settings.groups };
  }
}
