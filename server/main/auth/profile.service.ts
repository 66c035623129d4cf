import type { UpdateProfileBody } from '../../../src/contracts/main/auth.contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { offeredLanguages } from '../../platform/languages';
import { clearFirstLogin, updateNameAndLanguage } from './profile.repository';

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
      return {
        refused: 'LANGUAGE_NOT_OFFERED',
        field: 'language',
        message: 'This workspace does not offer that language',
      } as const;
    }
    await updateNameAndLanguage(tx, who.workspaceId, who.userId, body);
    await audit(tx, {
      workspaceId: who.workspaceId,
      actorUserId: who.userId,
      action: 'PROFILE_UPDATED',
      target: who.userId,
      ip: who.ip,
    });
    return null;
  });
}

/** The person has seen the first-login welcome: it is not shown again. */
export async function endFirstLogin(db: Database, who: { workspaceId: string; userId: string }): Promise<void> {
  await db.tenant(who.workspaceId, (tx) => clearFirstLogin(tx, who.workspaceId, who.userId));
}
