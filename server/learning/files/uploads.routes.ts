import type { FastifyInstance } from 'fastify';
import {
  confirmUpload,
  courseFileLinks,
  generateCourseCoverUploadUrl,
  generateUploadUrl,
  generateUploadUrlForUpdate,
} from '../../../src/contracts/learning/uploads.contract';
import { DEFAULT_UPLOAD_LIMITS } from '../../../src/domain/files/uploads';
import type { ApiDeps } from '../../platform/deps';
import { answer, raise, refuse } from '../../platform/refusal';
import { courseSpace, serve, type HandlerContext } from '../../platform/serve';
import { CourseFiles } from './files.service';
import type { Acting } from '../../platform/actor';

/** The uploads area of the learning API (docs/files.md): upload URLs, the confirm, and the course's cover image. */
export async function uploadRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const urls = deps.fileUrls;
  const courseFiles = urls ? new CourseFiles(deps.db, urls, deps.settings.uploadLimits ?? DEFAULT_UPLOAD_LIMITS) : null;
  const ready = () => {
    if (!courseFiles) raise(refuse('unavailable', 'NO_FILE_STORAGE', 'This server has no file storage configured.'));
    return courseFiles;
  };
  const actorOf = (
    ctx: Pick<HandlerContext<never>, 'site' | 'principal' | 'request'>,
  ): Acting<'workspaceId' | 'userId' | 'ip'> => {
    // Also the platform admin's catalogue courses on the main site (courseSpace).
    const space = courseSpace(ctx);
    return { workspaceId: space.workspaceId, userId: space.userId, ip: ctx.request.ip };
  };

  serve(app, generateUploadUrl, async (ctx) => answer(await ready().issue(actorOf(ctx), ctx.body)));
  serve(app, generateUploadUrlForUpdate, async (ctx) => answer(await ready().issueReplacement(actorOf(ctx), ctx.body)));
  serve(app, generateCourseCoverUploadUrl, async (ctx) =>
    answer(await ready().issueCover(actorOf(ctx), ctx.params.id, ctx.body)),
  );
  serve(app, courseFileLinks, async (ctx) => answer(await ready().courseLinks(actorOf(ctx), ctx.params.id)));
  serve(app, confirmUpload, async (ctx) =>
    answer(await ready().confirm(actorOf(ctx), ctx.params.id, ctx.query.language ?? null)),
  );
}
