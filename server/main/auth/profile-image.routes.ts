import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  generateProfileImageUploadUrl,
  profileImage,
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  PROFILE_IMAGE_UPLOAD_MINUTES,
  removeProfileImage,
  uploadProfileImage,
} from '../../../src/contracts/main/signup.contract';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { currentWorkspace, serve, workspaceUser } from '../../platform/serve';
import { logoType } from '../organisation/branding.routes';
import { readMultipart } from '../platform-tools/support';

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The version of a stored picture: the last part of its file-store key, 128 random bits chosen at upload (pictures
 * stored before that carry the first 16 hex digits of their SHA-256, which only someone holding the picture can
 * compute). The picture is served only at its own version, so a user id alone opens nothing.
 */
export function profileImageVersion(key: string): string {
  return key.slice(key.lastIndexOf('-') + 1);
}

/** The address of a user's picture on this API, at its version (null without a picture). */
export function profileImagePath(prefix: string, userId: string, key: string | null): string | null {
  return key ? `${prefix}/api/user/profile-image/${userId}/${profileImageVersion(key)}` : null;
}

/**
 * One's own profile picture: an upload address (a single-use 256-bit token, 10 minutes) on this API, the picture
 * kept in the file store, served on the workspace's own host.
 */
export async function profileImageRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, generateProfileImageUploadUrl, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const token = randomBytes(32).toString('base64url');
    const [row] = await deps.db.tenant(workspace.id, async (tx) => {
      // Old unused addresses of this user stop working: one upload address at a time.
      await tx.query(
        `DELETE FROM profile_image_uploads WHERE workspace_id = $1 AND (user_id = $2 OR expires_at < now())`,
        [workspace.id, user.userId],
      );
      return tx.query<{ expires_at: Date }>(
        `INSERT INTO profile_image_uploads (workspace_id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))
         RETURNING expires_at`,
        [workspace.id, user.userId, tokenHash(token), PROFILE_IMAGE_UPLOAD_MINUTES],
      );
    });
    return {
      uploadUrl: `${app.prefix}/api/user/profile-image/upload/${token}`,
      uploadToken: token,
      expiresAt: new Date(row.expires_at).toISOString(),
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
      contentTypes: [...PROFILE_IMAGE_TYPES],
    };
  });

  serve(app, uploadProfileImage, async (ctx) => {
    const workspace = currentWorkspace(ctx.site);
    // The token is checked before the body is read: a stranger's upload is not buffered.
    const hash = tokenHash(ctx.params.token);
    const [upload] = await deps.db.tenant(workspace.id, (tx) =>
      tx.query<{ user_id: string }>(
        `SELECT user_id FROM profile_image_uploads WHERE workspace_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()`,
        [workspace.id, hash],
      ),
    );
    if (!upload)
      throw new HttpError(
        404,
        'UPLOAD_URL_INVALID',
        'This upload address is not valid or has expired. Ask for a new one.',
      );
    const { file } = await readMultipart(ctx.request, {
      textFields: [],
      fileFields: [PROFILE_IMAGE_FIELD],
      maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
      tooLarge: `The picture is larger than ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    });
    if (!file || file.bytes.length === 0) throw badRequest('Attach the picture', { [PROFILE_IMAGE_FIELD]: 'Required' });
    const type = logoType(file.bytes);
    if (!type) {
      throw new HttpError(400, 'UNSUPPORTED_IMAGE', 'The picture must be a PNG, JPEG or WebP image', {
        [PROFILE_IMAGE_FIELD]: 'Not a PNG, JPEG or WebP picture',
      });
    }
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const key = await deps.files.put(
      workspace.id,
      `profile-${upload.user_id}-${randomBytes(16).toString('hex')}`,
      file.bytes,
    );
    const previous = await deps.db.tenant(workspace.id, async (tx) => {
      const [spent] = await tx.query<{ id: string }>(
        `UPDATE profile_image_uploads SET used_at = now() WHERE workspace_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
        [workspace.id, hash],
      );
      if (!spent) return { refused: true as const };
      const [before] = await tx.query<{ key: string | null }>(
        `SELECT profile_image_key AS key FROM users WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
        [workspace.id, upload.user_id],
      );
      await tx.query(
        `UPDATE users SET profile_image_key = $3, profile_image_type = $4, profile_image_sha256 = $5, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
        [workspace.id, upload.user_id, key, type, sha256],
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: upload.user_id,
        action: 'PROFILE_IMAGE_UPLOADED',
        target: upload.user_id,
        ip: ctx.request.ip,
        details: { contentType: type, bytes: file.bytes.length, sha256 },
      });
      return { key: before?.key ?? null };
    });
    if ('refused' in previous)
      throw new HttpError(404, 'UPLOAD_URL_INVALID', 'This upload address was already used. Ask for a new one.');
    if (previous.key && previous.key !== key) await deps.files.remove(workspace.id, previous.key);
    return { profileImageUrl: profileImagePath(app.prefix, upload.user_id, key)! };
  });

  serve(app, removeProfileImage, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const key = await deps.db.tenant(workspace.id, async (tx) => {
      const [before] = await tx.query<{ key: string | null }>(
        `SELECT profile_image_key AS key FROM users WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
        [workspace.id, user.userId],
      );
      await tx.query(
        `UPDATE users SET profile_image_key = NULL, profile_image_type = NULL, profile_image_sha256 = NULL, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
        [workspace.id, user.userId],
      );
      if (before?.key) {
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: user.userId,
          action: 'PROFILE_IMAGE_REMOVED',
          target: user.userId,
          ip: ctx.request.ip,
        });
      }
      return before?.key ?? null;
    });
    if (key) await deps.files.remove(workspace.id, key);
    return { ok: true as const };
  });

  serve(app, profileImage, async (ctx) => {
    const workspace = currentWorkspace(ctx.site);
    const [row] = await deps.db.tenant(workspace.id, (tx) =>
      tx.query<{ key: string; type: string; sha256: string }>(
        `SELECT profile_image_key AS key, profile_image_type AS type, profile_image_sha256 AS sha256
           FROM users WHERE workspace_id = $1 AND id = $2 AND profile_image_key IS NOT NULL`,
        [workspace.id, ctx.params.userId],
      ),
    );
    // Only at the picture's own version: a made-up or an old one answers as if there were no picture.
    if (!row || !sameText(profileImageVersion(row.key), ctx.params.version))
      throw notFound('This person has no profile picture');
    const bytes = await deps.files.get(workspace.id, row.key);
    if (!bytes) throw notFound('This person has no profile picture');
    return ctx.reply
      .code(200)
      .type(row.type)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(bytes));
  });
}
