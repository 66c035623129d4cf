import { randomBytes } from 'node:crypto';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '../../../src/contracts/main/api-keys.contract';
import { API_KEY_HINT_LENGTH, API_KEY_PREFIX } from '../../../src/domain/integrations/api-keys';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import { hashToken } from '../../platform/sessions';
import { findKey, insertKey, listKeys, revokeKey } from './api-keys.repository';
import type { Acting } from '../../platform/actor';

/**
 * A new secret: the prefix and 32 random bytes in base64url. Only its SHA-256 is stored (migration 0151): 256 random
 * bits cannot be guessed, so a slow password hash would buy nothing and cost every call.
 */
function newSecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** The workspace admins' API keys (docs/integrations.md). */
export class ApiKeysService {
  constructor(private readonly db: Database) {}

  async list(workspaceId: string): Promise<ApiKey[]> {
    return this.db.tenant(workspaceId, (tx) => listKeys(tx, workspaceId));
  }

  async create(actor: Acting<'workspaceId' | 'userId' | 'ip'>, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    const secret = newSecret();
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const id = await insertKey(tx, {
        workspaceId: actor.workspaceId,
        name: body.name,
        scopes: body.scopes,
        hint: secret.slice(0, API_KEY_HINT_LENGTH),
        secretHash: hashToken(secret),
        createdBy: actor.userId,
        expiresInDays: body.expiresInDays,
      });
      await audit(tx, {
        workspaceId: actor.workspaceId,
        actorUserId: actor.userId,
        action: 'api_key.created',
        target: id,
        ip: actor.ip,
        details: { name: body.name, scopes: body.scopes, expiresInDays: body.expiresInDays },
      });
      const key = await findKey(tx, actor.workspaceId, id);
      return { key: key!, secret };
    });
  }

  async revoke(actor: Acting<'workspaceId' | 'userId' | 'ip'>, id: string): Promise<Outcome<ApiKey>> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const key = await findKey(tx, actor.workspaceId, id);
      if (!key) return refuse('not-found', 'NOT_FOUND', 'There is no such API key');
      if (await revokeKey(tx, actor.workspaceId, id, actor.userId)) {
        await audit(tx, {
          workspaceId: actor.workspaceId,
          actorUserId: actor.userId,
          action: 'api_key.revoked',
          target: id,
          ip: actor.ip,
          details: { name: key.name },
        });
      }
      return ok((await findKey(tx, actor.workspaceId, id))!);
    });
  }
}
