import type { FastifyInstance } from 'fastify';
import {
  attemptsExceeded,
  COMPLETIONS_FILE_FIELD,
  downloadCertificate,
  importCompletions,
  increaseUserAttempts,
  markDone,
  setUserAttempts,
  verifyCertificate,
  lessonComplete,
  myCourses,
  playerCourse,
  saveAnswer,
  submitAttempt,
  videoProgress,
} from '../../../src/contracts/learning/player.contract';
import { learnerConfirmUpload, learnerUploadUrl } from '../../../src/contracts/learning/learner-uploads.contract';
import { DEFAULT_UPLOAD_LIMITS, handInPurpose } from '../../../src/domain/files/uploads';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors';
import { requirePermission } from '../../platform/permissions';
import { currentWorkspace, serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { IMPORT_MAX_BYTES, LearnerAdminService, type Admin } from './learner-admin.service';
import { CourseFiles } from '../files/files.service';
import * as fileRows from '../../platform/files/files.repository';
import { answer } from '../../platform/refusal';
import { PlayerService, type Learner } from './player.service';
import { queueCompletionMail } from '../notifications/notifications.routes';

export function learnerOf(ctx: Pick<HandlerContext<never>, 'site' | 'principal' | 'request'>): Learner {
  const { user, workspace } = workspaceUser(ctx);
  return { workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip };
}

/** The learner's calls (src/contracts/learning/player.contract.ts): their own assigned courses only. */
export async function playerRoutes(app: FastifyInstance, deps: ApiDeps): Promise<PlayerService> {
  const files = deps.fileUrls
    ? new CourseFiles(deps.db, deps.fileUrls, deps.settings.uploadLimits ?? DEFAULT_UPLOAD_LIMITS)
    : null;
  const player = new PlayerService(deps.db, () => deps.clock.now(), files ? (ws, ids) => files.links(ws, ids) : null);

  serve(app, myCourses, async (ctx) => player.myCourses(learnerOf(ctx), ctx.query.language));
  serve(app, playerCourse, async (ctx) =>
    answer(await player.playerView(learnerOf(ctx), ctx.params.courseId, ctx.query.language)),
  );
  serve(app, saveAnswer, async (ctx) => answer(await player.saveAnswer(learnerOf(ctx), ctx.body)));
  // The learner's file for an ask-for-a-file block: an upload URL for that block only, then the confirm of their own file.
  const fileStore = () => {
    if (!files) throw new HttpError(503, 'NO_FILE_STORAGE', 'This server has no file storage configured.');
    return files;
  };
  serve(app, learnerUploadUrl, async (ctx) => {
    const learner = learnerOf(ctx);
    const accept = answer(await player.uploadBlock(learner, ctx.body.courseId, ctx.body.blockId));
    return answer(
      await fileStore().issue(
        { ...learner, ip: ctx.request.ip },
        { purpose: handInPurpose(ctx.body.fileName, accept), fileName: ctx.body.fileName, size: ctx.body.size },
      ),
    );
  });
  serve(app, learnerConfirmUpload, async (ctx) => {
    const learner = learnerOf(ctx);
    const row = await deps.db.tenant(learner.workspaceId, (tx) =>
      fileRows.findFile(tx, learner.workspaceId, ctx.params.id),
    );
    // The caller's own upload only: not another person's file, nor an author's replacement or cover.
    if (!row || row.owner_id !== learner.userId || row.replaces_file_id || row.cover_of_course_id)
      throw notFound('No such file');
    return answer(await fileStore().confirm({ ...learner, ip: ctx.request.ip }, ctx.params.id, null));
  });
  serve(app, videoProgress, async (ctx) => answer(await player.videoProgress(learnerOf(ctx), ctx.body)));
  // A call that completed the course queues the completion mail (server/learning/notifications).
  const mailIfCompleted = async <T extends { courseCompleted?: boolean }>(
    workspaceId: string,
    result: T,
  ): Promise<T> => {
    if (result.courseCompleted) await queueCompletionMail(deps.jobs, workspaceId);
    return result;
  };
  serve(app, lessonComplete, async (ctx) =>
    mailIfCompleted(learnerOf(ctx).workspaceId, answer(await player.lessonComplete(learnerOf(ctx), ctx.body))),
  );
  serve(app, submitAttempt, async (ctx) =>
    mailIfCompleted(
      learnerOf(ctx).workspaceId,
      answer(await player.submitAttempt(learnerOf(ctx), ctx.params.courseId, ctx.params.quizId, ctx.body)),
    ),
  );

  const admin = new LearnerAdminService(deps.db, player, () => deps.clock.now());
  const adminOf = (ctx: Pick<HandlerContext<never>, 'site' | 'principal' | 'request'>): Admin => {
    const { user, workspace } = workspaceUser(ctx);
    let scope: string | null = null;
    if (!seesAllBusinessUnits(user.role)) {
      if (!user.branchId) throw forbidden('You belong to no business unit');
      scope = user.branchId;
    }
    return { workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip, scope };
  };

  serve(app, downloadCertificate, async (ctx) => {
    const { user } = workspaceUser(ctx);
    const learnerId = ctx.query.userId ?? user.userId;
    let actor: Admin = { ...learnerOf(ctx), scope: null };
    if (learnerId !== user.userId) {
      // Someone else's certificate: their admins only (course-admin permission, their business unit).
      if (user.role === 'EMPLOYEE') throw notFound('No certificate');
      await requirePermission(deps.permissions, ctx.site, ctx.principal, 'courses.assign');
      actor = adminOf(ctx);
    }
    const { bytes, fileName } = answer(
      await admin.certificate(
        actor,
        ctx.params.courseId,
        learnerId,
        ctx.site.kind === 'workspace' ? ctx.site.origin : '',
      ),
    );
    return ctx.reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  serve(app, verifyCertificate, async (ctx) =>
    answer(await admin.verify(currentWorkspace(ctx.site).id, ctx.params.code)),
  );

  serve(app, attemptsExceeded, async (ctx) =>
    answer(await admin.attemptsExceeded(adminOf(ctx), ctx.params.id, ctx.query)),
  );
  serve(app, setUserAttempts, async (ctx) => answer(await admin.setUserAttempts(adminOf(ctx), ctx.body)));
  serve(app, increaseUserAttempts, async (ctx) => answer(await admin.increaseUserAttempts(adminOf(ctx), ctx.body)));
  serve(app, markDone, async (ctx) => {
    const result = answer(await admin.markDone(adminOf(ctx), ctx.params.id, ctx.params.userId, ctx.body));
    await queueCompletionMail(deps.jobs, adminOf(ctx).workspaceId);
    return result;
  });

  serve(app, importCompletions, async (ctx) => {
    const actor = adminOf(ctx);
    const text = await readCsvUpload(ctx.request);
    return answer(await admin.importCompletions(actor, text));
  });
  return player;
}

/** The one CSV part of the import (at most IMPORT_MAX_BYTES, UTF-8 text, no NUL): anything else is a 4xx naming `file`. */
async function readCsvUpload(request: HandlerContext<never>['request']): Promise<string> {
  if (!request.isMultipart())
    throw badRequest('Send the file as multipart/form-data', { [COMPLETIONS_FILE_FIELD]: 'Required' });
  let text: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== COMPLETIONS_FILE_FIELD) {
        if (part.type === 'file') part.file.resume();
        throw badRequest(`Unknown field ${part.fieldname}`, { [part.fieldname]: 'Unknown field' });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > IMPORT_MAX_BYTES)
          throw new HttpError(413, 'FILE_TOO_LARGE', 'The file is larger than 2 MB', {
            [COMPLETIONS_FILE_FIELD]: 'Too large',
          });
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks);
      if (bytes.includes(0))
        throw new HttpError(415, 'FILE_TYPE_REFUSED', 'The file is not a CSV text file', {
          [COMPLETIONS_FILE_FIELD]: 'Not a CSV text file',
        });
      const decoded = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
      if (decoded.includes('\uFFFD'))
        throw new HttpError(415, 'FILE_TYPE_REFUSED', 'The file is not UTF-8 text', {
          [COMPLETIONS_FILE_FIELD]: 'Not UTF-8 text',
        });
      text = decoded;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      throw new HttpError(
        status === 413 ? 413 : 400,
        status === 413 ? 'FILE_TOO_LARGE' : 'VALIDATION',
        'The upload could not be read',
        { [COMPLETIONS_FILE_FIELD]: 'Malformed upload' },
      );
    }
    if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) {
      throw badRequest('The upload is not a valid multipart body', { [COMPLETIONS_FILE_FIELD]: 'Malformed upload' });
    }
    throw error;
  }
  if (text === null) throw badRequest('Attach the CSV file', { [COMPLETIONS_FILE_FIELD]: 'Required' });
  return text;
}
