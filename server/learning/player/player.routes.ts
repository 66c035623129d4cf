import type { FastifyInstance } from 'fastify';
import {
  lessonComplete,
  myCourses,
  playerCourse,
  saveAnswer,
  submitAttempt,
  videoProgress,
} from '../../../src/contracts/learning/player.contract';
import { DEFAULT_UPLOAD_LIMITS } from '../../../src/domain/files/uploads';
import type { ApiDeps } from '../../platform/deps';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { CourseFiles } from '../files/files.service';
import { PlayerService, type Learner } from './player.service';

export function learnerOf(ctx: Pick<HandlerContext<never>, 'site' | 'principal' | 'request'>): Learner {
  const { user, workspace } = workspaceUser(ctx);
  return { workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip };
}

/** The learner's calls (src/contracts/learning/player.contract.ts): their own assigned courses only. */
export async function playerRoutes(app: FastifyInstance, deps: ApiDeps): Promise<PlayerService> {
  const files = deps.fileUrls ? new CourseFiles(deps.db, deps.fileUrls, deps.settings.uploadLimits ?? DEFAULT_UPLOAD_LIMITS) : null;
  const player = new PlayerService(deps.db, deps.settings.now ?? (() => new Date()), files ? (ws, ids) => files.links(ws, ids) : null);

  serve(app, myCourses, async (ctx) => player.myCourses(learnerOf(ctx), ctx.query.language));
  serve(app, playerCourse, async (ctx) => player.playerView(learnerOf(ctx), ctx.params.courseId, ctx.query.language));
  serve(app, saveAnswer, async (ctx) => player.saveAnswer(learnerOf(ctx), ctx.body));
  serve(app, videoProgress, async (ctx) => player.videoProgress(learnerOf(ctx), ctx.body));
  serve(app, lessonComplete, async (ctx) => player.lessonComplete(learnerOf(ctx), ctx.body));
  serve(app, submitAttempt, async (ctx) => player.submitAttempt(learnerOf(ctx), ctx.params.courseId, ctx.params.quizId, ctx.body));
  return player;
}
