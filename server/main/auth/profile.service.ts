import type { UpdateProfileBody } from '../../../src/contracts/main/auth.contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { offeredLanguages } from '../../platform/languages';

export type ProfileRefusal = { refused: 'LANGUAGE_NOT_OFFERED'; field: 'language'; message: string };

/**
 * The signed-in person's own name and language. A language the workspace does not offer (French outside Canada)
 * is refused before anything changes; an absent language leaves the stored choice, null returns to the default.
 */
export async function updateOwnProfile(
  db: Database,
  who: { workspaceId: string; userId: string; ip: string },
  body: UpdateProfileBody,
): Promise<ProfileRefusal | null> {
  return db.tenant(who.workspaceId, async (tx) => {
    if (body.language && !(await offeredLanguages(tx, who.workspaceId)).includes(body.language)) {
      return { refused: 'LANGUAGE_NOT_OFFERED', field: 'language', message: 'This workspace does not offer that language' } as const;
    }
    await tx.query(
      `UPDATE users SET first_name = $3, last_name = $4, language = CASE WHEN $5 THEN $6 ELSE language END, updated_at = now()
        WHERE workspace_id = $1 AND id = $2`,
      [who.workspaceId, who.userId, body.firstName, body.lastName, body.language !== undefined, body.language ?? null],
    );
    await audit(tx, { workspaceId: who.workspaceId, actorUserId: who.userId, action: 'PROFILE_UPDATED', target: who.userId, ip: who.ip });
    return null;
  });
}
