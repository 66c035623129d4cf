import type { Sql } from '../../platform/db/database';

/** The SQL of Google and Microsoft sign-in (docs/identity.md): pending requests and linked identities. */

/** A pending sign-in's secrets, kept until its callback (and a day after it expired). */
export async function savePendingRequest(
  tx: Sql,
  workspaceId: string,
  pending: {
    platform: string;
    bindingHash: string;
    state: string;
    nonce: string;
    codeVerifier: string;
    redirectUri: string;
    minutes: number;
  },
): Promise<void> {
  await tx.query(
    `DELETE FROM oidc_sign_in_requests WHERE workspace_id = $1 AND expires_at < now() - interval '1 day'`,
    [workspaceId],
  );
  await tx.query(
    `INSERT INTO oidc_sign_in_requests (workspace_id, provider, binding_hash, state, nonce, code_verifier, redirect_uri, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
    [
      workspaceId,
      pending.platform,
      pending.bindingHash,
      pending.state,
      pending.nonce,
      pending.codeVerifier,
      pending.redirectUri,
      pending.minutes,
    ],
  );
}

export interface PendingRequest {
  id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  live: boolean;
}

/** The pending request of this browser binding, spent (single use) whatever its state; null unless it was live. */
export async function spendPendingRequest(
  tx: Sql,
  workspaceId: string,
  bindingHash: string,
  platform: string,
): Promise<PendingRequest | null> {
  const [row] = await tx.query<PendingRequest>(
    `SELECT id, state, nonce, code_verifier, redirect_uri, (used_at IS NULL AND expires_at > now()) AS live
           FROM oidc_sign_in_requests WHERE workspace_id = $1 AND binding_hash = $2 AND provider = $3 FOR UPDATE`,
    [workspaceId, bindingHash, platform],
  );
  if (row)
    await tx.query('UPDATE oidc_sign_in_requests SET used_at = now() WHERE workspace_id = $1 AND id = $2', [
      workspaceId,
      row.id,
    ]);
  return row?.live ? row : null;
}

export async function linkedIdentity(
  tx: Sql,
  workspaceId: string,
  issuer: string,
  subject: string,
): Promise<{ id: string; user_id: string } | undefined> {
  const [linked] = await tx.query<{ id: string; user_id: string }>(
    'SELECT id, user_id FROM user_identities WHERE workspace_id = $1 AND issuer = $2 AND subject = $3',
    [workspaceId, issuer, subject],
  );
  return linked;
}

export async function identityUsed(
  tx: Sql,
  workspaceId: string,
  identityId: string,
  email: string | null,
): Promise<void> {
  await tx.query(
    'UPDATE user_identities SET last_used_at = now(), last_email = $3 WHERE workspace_id = $1 AND id = $2',
    [workspaceId, identityId, email],
  );
}

/** The workspace's active or invited user with this email, and whether they have an identity of this provider. */
export async function userForLink(
  tx: Sql,
  workspaceId: string,
  email: string,
  platform: string,
): Promise<{ id: string; has_identity: boolean } | undefined> {
  const [user] = await tx.query<{ id: string; has_identity: boolean }>(
    `SELECT u.id, EXISTS (SELECT 1 FROM user_identities i WHERE i.workspace_id = u.workspace_id AND i.user_id = u.id AND i.provider = $3) AS has_identity
           FROM users u WHERE u.workspace_id = $1 AND lower(u.email) = $2 AND u.status <> 'INACTIVE'`,
    [workspaceId, email, platform],
  );
  return user;
}

export async function linkIdentity(
  tx: Sql,
  workspaceId: string,
  identity: { userId: string; platform: string; issuer: string; subject: string; email: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO user_identities (workspace_id, user_id, provider, issuer, subject, linked_email, last_email) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [workspaceId, identity.userId, identity.platform, identity.issuer, identity.subject, identity.email],
  );
}

export async function userState(
  tx: Sql,
  workspaceId: string,
  userId: string,
): Promise<{ status: string; locked: boolean } | undefined> {
  const [user] = await tx.query<{ status: string; locked: boolean }>(
    'SELECT status, (locked_until > now()) IS TRUE AS locked FROM users WHERE workspace_id = $1 AND id = $2',
    [workspaceId, userId],
  );
  return user;
}
