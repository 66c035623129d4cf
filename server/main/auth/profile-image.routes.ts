import type { FastifyInstance } from 'fastify';
import {
  generateProfileImageUploadUrl,
  profileImage,
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  removeProfileImage,
  uploadProfileImage,
} from '../../../src/contracts/main/signup.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { currentWorkspace, serve, workspaceUser } from '../../platform/serve';
import { readMultipart } from '../platform-tools/support';
import { ProfileImages, profileImageVersion } from './profile-image.service';

/** The address of a user's picture on this API, at its version (null without a picture). */
export function profileImagePath(prefix: string, userId: string, key: string | null): string | null {
  return key ? `${prefix}/api/user/profile-image/${userId}/${profileImageVersion(key)}` : null;
}

/**
 * One's own profile picture: an upload address (a single-use 256-bit token, 10 minutes) on this API, the picture
 * kept in the file store, served on the workspace's own host.
 */
export async function profileImageRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const pictures = new ProfileImages(deps.db, deps.fileUrls);

  serve(app, generateProfileImageUploadUrl, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { token, expiresAt } = await pictures.issueUpload({
      workspaceId: workspace.id,
      userId: user.userId,
      ip: ctx.request.ip,
    });
    return {
      uploadUrl: `${app.prefix}/api/user/profile-image/upload/${token}`,
      uploadToken: token,
      expiresAt: new Date(expiresAt).toISOString(),
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
      contentTypes: [...PROFILE_IMAGE_TYPES],
    };
  });

  serve(app, uploadProfileImage, async (ctx) => {
    const workspace = currentWorkspace(ctx.site);
    // The token is checked before the body is read: a stranger's upload is not buffered.
    const userId = answer(await pictures.uploader(workspace.id, ctx.params.token));
    const { file } = await readMultipart(ctx.request, {
      textFields: [],
      fileFields: [PROFILE_IMAGE_FIELD],
      maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
      tooLarge: `The picture is larger than ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    });
    const { key } = answer(
      await pictures.store(workspace.id, ctx.params.token, { userId, ip: ctx.request.ip }, file?.bytes ?? null),
    );
    return { profileImageUrl: profileImagePath(app.prefix, userId, key)! };
  });

  serve(app, removeProfileImage, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    await pictures.remove({ workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip });
    return { ok: true as const };
  });

  serve(app, profileImage, async (ctx) => {
    const workspace = currentWorkspace(ctx.site);
    const { bytes, type } = answer(await pictures.picture(workspace.id, ctx.params.userId, ctx.params.version));
    return ctx.reply
      .code(200)
      .type(type)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(bytes));
  });
}
