import { AsyncLocalStorage } from 'node:async_hooks';
import { apiKeyPeopleProblem, type ApiKeyScope } from '../../src/domain/integrations/api-keys';
import type { Database } from './db/database';
import { HttpError } from './errors';
import { refuse, type Refusal } from './refusal';
import type { Principal } from './sessions';
import { hashToken } from './sessions';

export type ApiKeyPrincipal = Extract<Principal, { kind: 'api-key' }>;

/** How often a key's `last_used_at` is written: at most once a minute, so a busy key is not a write per call. */
const LAST_USED_RESOLUTION_SECONDS = 60;

/** A refused key: unknown here, revoked or expired. One answer for all three, so a key's state is not disclosed. */
export const invalidApiKey = () =>
  new HttpError(401, 'INVALID_API_KEY', 'This API key is not valid here: it is unknown, revoked or expired');

interface KeyRow {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  created_by: string | null;
  stale: boolean;
}

/**
 * The principal behind an API key sent to a workspace's host. A key is looked up only among that workspace's keys (by
 * `(workspace_id, secret_hash)`), so a key is worthless on any other host.
 */
export class ApiKeyAuthenticator {
  constructor(private readonly db: Database) {}

  async principal(workspaceId: string, secret: string): Promise<ApiKeyPrincipal | null> {
    const hash = hashToken(secret);
    return this.db.tenant(workspaceId, async (tx) => {
      const [row] = await tx.query<KeyRow>(
        `SELECT id, name, scopes, created_by,
                last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $3) AS stale
           FROM api_keys
          WHERE workspace_id = $1 AND secret_hash = $2 AND revoked_at IS NULL AND expires_at > now()`,
        [workspaceId, hash, LAST_USED_RESOLUTION_SECONDS],
      );
      if (!row) return null;
      if (row.stale) {
        await tx.query(`UPDATE api_keys SET last_used_at = now() WHERE workspace_id = $1 AND id = $2`, [
          workspaceId,
          row.id,
        ]);
      }
      return {
        kind: 'api-key',
        keyId: row.id,
        workspaceId,
        name: row.name,
        scopes: row.scopes,
        createdBy: row.created_by,
      };
    });
  }
}

/** The key a request is made with, for the whole of its handler (`serve`), so every write it causes names the key. */
const actingKey = new AsyncLocalStorage<string>();

/**
 * Runs a route's handler as the caller: for a workspace API key, everything it writes to the security log
 * (`audit`) and to a case's access log (`recordDepartures`) names the key and no person, whatever the route passes as
 * the actor (docs/integrations.md, "Audit").
 */
export function actAs<T>(principal: Principal | null, work: () => Promise<T>): Promise<T> {
  return principal?.kind === 'api-key' ? actingKey.run(principal.keyId, work) : work();
}

/** The API key whose request is running, if a key's. */
export function actingApiKey(): string | undefined {
  return actingKey.getStore();
}

/** `apiKeyPeopleProblem` for the caller: a refusal when a key asks what a key may not do, else null. */
export function keyPeopleRefusal(
  principal: Principal | null,
  change: Parameters<typeof apiKeyPeopleProblem>[0],
): Refusal | null {
  if (principal?.kind !== 'api-key') return null;
  const problem = apiKeyPeopleProblem(change);
  return problem ? refuse('forbidden', 'API_KEY_LIMIT', problem) : null;
}
