import { createHash, randomBytes } from 'node:crypto';
import { isCanadian, languagesOf } from '../../platform/languages';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import { templates } from '../../platform/message-templates';
import type { WorkspaceRow } from '../../platform/tenancy';
import { workspaceWording } from '../templates/templates.repository';

/** How long an invitation link works, unless the workspace says otherwise (workspaces.invite_valid_days). */
export const DEFAULT_INVITE_DAYS = 14;
const SEND_BATCH = 1000;

export const inviteCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * The workspace's public address for links in messages: its stored workspace_url on the configured scheme and
 * port (Site.origin), never the request's Host header.
 */
export function siteOrigin(request: FastifyRequest): string {
  const site = request.ctx.site;
  if (site.kind === 'unknown') throw new Error('No site to link to');
  return site.origin;
}

export async function inviteValidDays(tx: Sql, workspaceId: string): Promise<number> {
  const [row] = await tx.query<{ days: number }>(`SELECT invite_valid_days AS days FROM workspaces WHERE id = $1`, [
    workspaceId,
  ]);
  return row?.days ?? DEFAULT_INVITE_DAYS;
}

/**
 * Sends (or sends again) the invitations of these people, in the caller's transaction: a new code each (an earlier
 * link stops working), the clock restarted, one mail each through the outbox. Only unclaimed invitations of
 * people still "invited" are sent; answers how many were.
 */
export async function sendInvitations(
  tx: Sql,
  mail: Mailer,
  workspace: Pick<WorkspaceRow, 'id' | 'company_name'>,
  origin: string,
  userIds: readonly string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const days = await inviteValidDays(tx, workspace.id);
  const wording = await workspaceWording(tx, workspace.id, 'INVITATION');
  const pending = await tx.query<{ user_id: string; email: string; first_name: string }>(
    `SELECT i.user_id, u.email, u.first_name
       FROM invites i JOIN users u ON u.workspace_id = i.workspace_id AND u.id = i.user_id
      WHERE i.workspace_id = $1 AND i.user_id = ANY($2::uuid[]) AND i.claimed_at IS NULL AND u.status = 'INVITED'
      ORDER BY u.email
      FOR UPDATE OF i`,
    [workspace.id, userIds],
  );
  const languages = await languagesOf(
    tx,
    workspace.id,
    pending.map((p) => p.user_id),
  );
  const country = (await isCanadian(tx, workspace.id)) ? ('CA' as const) : ('IN' as const);
  for (let start = 0; start < pending.length; start += SEND_BATCH) {
    const batch = pending
      .slice(start, start + SEND_BATCH)
      .map((p) => ({ ...p, code: randomBytes(24).toString('base64url') }));
    await tx.query(
      `UPDATE invites i SET code_hash = decode(t.hash, 'hex'), sent_at = now(), expires_at = now() + make_interval(days => $4)
         FROM unnest($2::uuid[], $3::text[]) AS t(user_id, hash)
        WHERE i.workspace_id = $1 AND i.user_id = t.user_id`,
      [workspace.id, batch.map((b) => b.user_id), batch.map((b) => inviteCodeHash(b.code)), days],
    );
    await mail.sendMany(
      batch.map((b) => ({
        workspaceId: workspace.id,
        to: b.email,
        ...templates.invitation({
          language: languages.get(b.user_id),
          country,
          workspaceName: workspace.company_name,
          firstName: b.first_name,
          link: `${origin}/invite/${b.code}`,
          days,
          wording,
        }),
      })),
      tx,
    );
  }
  return pending.length;
}
