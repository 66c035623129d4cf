import type { FastifyInstance } from 'fastify';
import {
  addLanguage,
  cloneCourse,
  createCourse,
  deleteCourse,
  publishCourse,
  reminderToggle,
  reorderContent,
  setDefaultLanguage,
  updateCourse,
  workspaceCourseMetadata,
  workspaceCourses,
  workspaceCoursesBrief,
  workspaceCourseStats,
  type CourseMetadata,
} from '../../../src/contracts/learning/courses.contract';
import { BLOCK_TYPES } from '../../../src/contracts/learning/blocks.contract';
import {
  CONTENT_PAGE_SIZE,
  createBlock,
  createLesson,
  deleteBlock,
  deleteLesson,
  lessonContent,
  updateBlock,
  updateLesson,
} from '../../../src/contracts/learning/lessons.contract';
import {
  addQuestion,
  createQuiz,
  deleteOption,
  deleteQuestion,
  deleteQuiz,
  editQuestion,
  orderQuestions,
  QUIZ_DEFAULTS,
  quizQuestions,
  updateQuiz,
} from '../../../src/contracts/learning/quizzes.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { CourseLanguage, LANGUAGE_LABELS } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { offeredLanguages } from '../../platform/languages';
import { answer } from '../../platform/refusal';
import { courseSpace, serve, workspaceUser } from '../../platform/serve';
import * as authoring from './authoring.service';
import { courseBriefs, listCourses, workspaceStats } from './courses.repository';
import type { UnitScope } from './user-directory';

const METADATA: CourseMetadata = {
  languages: CourseLanguage.options.map((language) => ({ language, label: LANGUAGE_LABELS[language] })),
  blockTypes: [...BLOCK_TYPES],
  questionKinds: ['SINGLE', 'MULTIPLE'],
  answerReveals: ['NEVER', 'AFTER_PASSING', 'AFTER_LAST_ATTEMPT'],
  statuses: ['DRAFT', 'PUBLISHED'],
  pageSize: CONTENT_PAGE_SIZE,
  defaults: QUIZ_DEFAULTS,
};

/** Course authoring: workspace admins and employers, each call in one tenant transaction with its audit event. */
export async function authoringRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  /** Runs a call as the signed-in author, in one tenant transaction (the service's), and answers its outcome. */
  // The platform admin on the main site authors the catalogue's courses (the main site's nil workspace id) the same way.
  const asAuthor = async <T>(
    ctx: Parameters<typeof workspaceUser>[0] & { request: { ip: string } },
    fn: (tx: Sql, who: authoring.Author) => Promise<T>,
  ): Promise<T> => {
    const space = courseSpace(ctx);
    const who: authoring.Author = {
      workspaceId: space.workspaceId,
      userId: space.userId,
      ip: ctx.request.ip ?? null,
      platformAdmin: space.platformAdmin,
    };
    return answer(await authoring.authoringCall(deps.db, who, fn));
  };

  // Courses.
  serve(app, createCourse, async (ctx) => asAuthor(ctx, (tx, who) => authoring.createCourse(tx, who, ctx.body)));
  serve(app, updateCourse, async (ctx) =>
    asAuthor(ctx, (tx, who) => authoring.updateCourse(tx, who, ctx.params.id, ctx.body)),
  );
  serve(app, deleteCourse, async (ctx) => {
    await asAuthor(ctx, (tx, who) => authoring.deleteCourse(tx, who, ctx.params.id));
    return { ok: true as const };
  });
  serve(app, publishCourse, async (ctx) => asAuthor(ctx, (tx, who) => authoring.publishCourse(tx, who, ctx.params.id)));
  serve(app, cloneCourse, async (ctx) => asAuthor(ctx, (tx, who) => authoring.cloneCourse(tx, who, ctx.body)));
  serve(app, reorderContent, async (ctx) =>
    asAuthor(ctx, (tx, who) => authoring.reorderContent(tx, who, ctx.params.id, ctx.body.contentIds)),
  );
  serve(app, reminderToggle, async (ctx) =>
    asAuthor(ctx, (tx, who) => authoring.toggleReminders(tx, who, ctx.params.id, ctx.body.enabled)),
  );
  serve(app, addLanguage, async (ctx) => asAuthor(ctx, (tx, who) => authoring.addLanguage(tx, who, ctx.body)));
  serve(app, setDefaultLanguage, async (ctx) =>
    asAuthor(ctx, (tx, who) => authoring.setDefaultLanguage(tx, who, ctx.params.id, ctx.params.lang)),
  );

  // Lessons and their blocks.
  serve(app, createLesson, async (ctx) =>
    asAuthor(ctx, (tx, who) => authoring.createLesson(tx, who, ctx.params.courseId, ctx.body)),
  );
  serve(app, updateLesson, async (ctx) =>
    asAuthor(ctx, (tx, who) => authoring.updateLesson(tx, who, ctx.params.id, ctx.body)),
  );
  serve(app, deleteLesson, async (ctx) => {
    await asAuthor(ctx, (tx, who) => authoring.deleteLesson(tx, who, ctx.params.id));
    return { ok: true as const };
  });
  serve(app, lessonContent, async (ctx) => {
    const { page, pageSize } = ctx.query;
    const result = await asAuthor(ctx, (tx, who) => authoring.lessonContent(tx, who, ctx.params.lessonId, ctx.query));
    return { ...result, page, pageSize };
  });
  serve(app, createBlock, async (ctx) => asAuthor(ctx, (tx, who) => authoring.createBlock(tx, who, ctx.body)));
  serve(app, updateBlock, async (ctx) => asAuthor(ctx, (tx, who) => authoring.updateBlock(tx, who, ctx.body)));
  serve(app, deleteBlock, async (ctx) => {
    await asAuthor(ctx, (tx, who) => authoring.deleteBlock(tx, who, ctx.query.blockId));
    return { ok: true as const };
  });

  // Quizzes and their questions.
  serve(app, createQuiz, async (ctx) => asAuthor(ctx, (tx, who) => authoring.createQuiz(tx, who, ctx.body)));
  serve(app, updateQuiz, async (ctx) => asAuthor(ctx, (tx, who) => authoring.updateQuiz(tx, who, ctx.body)));
  serve(app, deleteQuiz, async (ctx) => {
    await asAuthor(ctx, (tx, who) => authoring.deleteQuiz(tx, who, ctx.query.quizId));
    return { ok: true as const };
  });
  serve(app, quizQuestions, async (ctx) => {
    const { page, pageSize } = ctx.query;
    const result = await asAuthor(ctx, (tx, who) => authoring.quizQuestions(tx, who, ctx.params.quizId, ctx.query));
    return { ...result, page, pageSize };
  });
  serve(app, addQuestion, async (ctx) =>
    asAuthor(ctx, (tx, who) => authoring.addQuestion(tx, who, ctx.params.quizId, ctx.body)),
  );
  serve(app, editQuestion, async (ctx) =>
    asAuthor(ctx, (tx, who) => authoring.editQuestion(tx, who, ctx.params.id, ctx.body)),
  );
  serve(app, deleteQuestion, async (ctx) => {
    await asAuthor(ctx, (tx, who) => authoring.deleteQuestion(tx, who, ctx.params.id));
    return { ok: true as const };
  });
  serve(app, deleteOption, async (ctx) => asAuthor(ctx, (tx, who) => authoring.deleteOption(tx, who, ctx.params.id)));
  serve(app, orderQuestions, async (ctx) =>
    asAuthor(ctx, (tx, who) => authoring.orderQuestions(tx, who, ctx.params.quizId, ctx.body.questionIds)),
  );

  // Workspace courses: figures, the assignable courses, a brief list for pickers, the builder's options.
  const scopeOf = (ctx: Parameters<typeof workspaceUser>[0]): UnitScope => {
    const { user } = workspaceUser(ctx);
    if (seesAllBusinessUnits(user.role)) return null;
    if (!user.branchId) throw forbidden('You belong to no business unit');
    return user.branchId;
  };
  serve(app, workspaceCourseStats, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const scope = scopeOf(ctx);
    return deps.db.tenant(workspace.id, (tx) => workspaceStats(tx, workspace.id, scope));
  });
  serve(app, workspaceCourses, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const scope = scopeOf(ctx);
    const { page, pageSize } = ctx.query;
    const result = await deps.db.tenant(workspace.id, (tx) =>
      listCourses(tx, workspace.id, scope, { ...ctx.query, status: 'PUBLISHED' }),
    );
    return { ...result, page, pageSize };
  });
  serve(app, workspaceCoursesBrief, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, (tx) => courseBriefs(tx, workspace.id));
  });
  serve(app, workspaceCourseMetadata, async (ctx) => {
    const { workspaceId } = courseSpace(ctx);
    const offered = await deps.db.tenant(workspaceId, (tx) => offeredLanguages(tx, workspaceId));
    return { ...METADATA, languages: METADATA.languages.filter((l) => offered.includes(l.language)) };
  });
}
