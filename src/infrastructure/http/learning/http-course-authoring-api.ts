import { refuse } from '../../../application/shared/refusal';
import { inject, injectable } from 'inversify';
import type {
  AuthoringBlock,
  AuthoringContent,
  AuthoringCourse,
  AuthoringCourseQuery,
  CourseAuthoringApi,
  NewCourse,
  PublishResult,
  QuizSettings,
} from '../../../application/courses/authoring/course-authoring-api.port';
import { ApiError } from '../../../application/shared/api-error';
import type { LessonBlock } from '../../../contracts/learning/blocks.contract';
import {
  addLanguage,
  courseDetails,
  courseList,
  createCourse,
  deleteCourse,
  cloneCourse,
  publishCourse,
  reminderToggle,
  reorderContent,
  setDefaultLanguage,
  updateCourse,
  type CourseContent,
  type QuizQuestion,
} from '../../../contracts/learning/courses.contract';
import {
  createBlock,
  createLesson,
  deleteBlock,
  deleteLesson,
  updateBlock,
  updateLesson,
} from '../../../contracts/learning/lessons.contract';
import {
  addQuestion,
  createQuiz,
  deleteQuestion,
  deleteQuiz,
  editQuestion,
  orderQuestions,
  updateQuiz,
  type QuestionInput,
} from '../../../contracts/learning/quizzes.contract';
import type { CourseLanguage } from '../../../domain/courses/course';
import { ApiClient, LearningHttp } from '../api-client';

type Texts<T> = Partial<Record<CourseLanguage, T>>;

/**
 * A quiz question as the builder edits it: a multiple-choice block (one right answer) or a multiple-response block
 * (several), so the same option editor and preview serve lessons and quizzes. The wire keeps a question's words per
 * language on the question and on each option.
 */
export function questionToBlock(question: Pick<QuizQuestion, 'kind' | 'texts' | 'options'>): LessonBlock {
  const texts: Texts<{ prompt: string; options: Record<string, string>; explanation?: string }> = {};
  const languages = new Set<CourseLanguage>([
    ...(Object.keys(question.texts) as CourseLanguage[]),
    ...question.options.flatMap((o) => Object.keys(o.texts) as CourseLanguage[]),
  ]);
  for (const language of languages) {
    const own = question.texts[language];
    const options: Record<string, string> = {};
    for (const option of question.options) {
      const label = option.texts[language];
      if (label !== undefined) options[option.key] = label;
    }
    texts[language] = {
      prompt: own?.text ?? '',
      options,
      ...(own?.explanation ? { explanation: own.explanation } : {}),
    };
  }
  const options = question.options.map((o) => ({ key: o.key, correct: o.correct }));
  return question.kind === 'SINGLE'
    ? { type: 'MULTIPLE_CHOICE', alignment: 'LEFT', options, texts }
    : { type: 'MULTIPLE_RESPONSE', alignment: 'LEFT', scoring: 'ALL_OR_NOTHING', options, texts };
}

export function blockToQuestion(block: LessonBlock): QuestionInput {
  if (
    block.type !== 'MULTIPLE_CHOICE' &&
    block.type !== 'SINGLE_SELECT_QUESTION' &&
    block.type !== 'MULTIPLE_RESPONSE' &&
    block.type !== 'MULTI_SELECT_QUESTION'
  ) {
    throw new ApiError('invalid', 'VALIDATION', 'A quiz question has one or several right answers among options', {
      type: 'Choose a question with options',
    });
  }
  const single = block.type === 'MULTIPLE_CHOICE' || block.type === 'SINGLE_SELECT_QUESTION';
  const texts: QuestionInput['texts'] = {};
  for (const [language, text] of Object.entries(block.texts) as [
    CourseLanguage,
    NonNullable<(typeof block.texts)[CourseLanguage]>,
  ][]) {
    texts[language] = { text: text.prompt, ...(text.explanation ? { explanation: text.explanation } : {}) };
  }
  return {
    kind: single ? 'SINGLE' : 'MULTIPLE',
    texts,
    options: block.options.map((o) => {
      const labels: Texts<string> = {};
      for (const [language, text] of Object.entries(block.texts) as [
        CourseLanguage,
        { options: Record<string, string> },
      ][]) {
        const label = text.options[o.key];
        if (label !== undefined && label.trim() !== '') labels[language] = label;
      }
      return { key: o.key, correct: o.correct, texts: labels };
    }),
  };
}

function toContent(content: CourseContent): AuthoringContent {
  if (content.kind === 'LESSON') {
    return {
      kind: 'LESSON',
      contentId: content.contentId,
      title: content.title,
      titles: content.titles,
      blocks: content.blocks.map((b): AuthoringBlock => ({ blockId: b.blockId, block: b.block })),
    };
  }
  const quiz = content.quiz ?? { passMark: 70, maxAttempts: null, answerReveal: 'AFTER_PASSING' as const };
  return {
    kind: 'QUIZ',
    contentId: content.contentId,
    title: content.title,
    titles: content.titles,
    ...quiz,
    questions: content.questions.map((q) => ({ blockId: q.questionId, block: questionToBlock(q) })),
  };
}

@injectable()
export class HttpCourseAuthoringApi implements CourseAuthoringApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  async list(query: AuthoringCourseQuery) {
    const page = await this.learning.call(courseList, {
      query: { page: query.page, pageSize: query.pageSize, search: query.search || undefined },
    });
    return {
      total: page.total,
      items: page.items.map((c) => ({
        courseId: c.courseId,
        title: c.title,
        status: c.status,
        languages: c.languages,
        lessonCount: c.lessonCount,
        quizCount: c.quizCount,
        assignedCount: c.assignedCount,
        completedCount: c.completedCount,
        updatedAt: c.updatedAt,
      })),
    };
  }

  create(course: NewCourse) {
    return this.learning.call(createCourse, {
      body: {
        title: course.title,
        description: course.description,
        language: course.primaryLanguage,
        ...(course.reminderEnabled === undefined ? {} : { reminderEnabled: course.reminderEnabled }),
      },
    });
  }

  async update(courseId: string, changes: { title: string; description: string }) {
    await this.learning.call(updateCourse, { params: { id: courseId }, body: changes });
  }

  async remove(courseId: string) {
    await this.learning.call(deleteCourse, { params: { id: courseId } });
  }

  async load(courseId: string): Promise<AuthoringCourse> {
    const details = await this.learning.call(courseDetails, { params: { id: courseId }, query: { texts: 'ALL' } });
    const published = details.versions.map((v) => ({
      version: v.version,
      status: 'PUBLISHED' as const,
      learners: v.learners,
    }));
    const editing = published.some((v) => v.version === details.version)
      ? []
      : [{ version: details.version, status: 'DRAFT' as const, learners: 0 }];
    return {
      courseId: details.courseId,
      title: details.texts[details.primaryLanguage]?.title ?? details.title,
      description: details.texts[details.primaryLanguage]?.description ?? details.description,
      status: details.status,
      reminderEnabled: details.reminderEnabled,
      coverFileId: details.coverFileId,
      version: details.version,
      versions: [...editing, ...published].sort((a, b) => b.version - a.version),
      languages: details.languages,
      contents: details.contents.map(toContent),
    };
  }

  async addLanguage(courseId: string, language: CourseLanguage) {
    await this.learning.call(addLanguage, { body: { courseId, language } });
  }

  async setPrimaryLanguage(courseId: string, language: CourseLanguage) {
    await this.learning.call(setDefaultLanguage, { params: { id: courseId, lang: language } });
  }

  async clone(courseId: string) {
    const copy = await this.learning.call(cloneCourse, { body: { courseId } });
    return { courseId: copy.courseId };
  }

  async setReminders(courseId: string, enabled: boolean) {
    await this.learning.call(reminderToggle, { params: { id: courseId }, body: { enabled } });
  }

  async moveBlock(blockId: string, block: LessonBlock, position: number) {
    await this.learning.call(updateBlock, { body: { blockId, block, position } });
  }

  async orderQuestions(quizId: string, questionIds: string[]) {
    await this.learning.call(orderQuestions, { params: { quizId }, body: { questionIds } });
  }

  async reorder(courseId: string, contentIds: string[]) {
    await this.learning.call(reorderContent, { params: { id: courseId }, body: { contentIds } });
  }

  async createLesson(courseId: string, title: string) {
    const lesson = await this.learning.call(createLesson, { params: { courseId }, body: { title } });
    return { contentId: lesson.lessonId };
  }

  async renameLesson(lessonId: string, title: string) {
    await this.learning.call(updateLesson, { params: { id: lessonId }, body: { title } });
  }

  async renameContent(kind: 'LESSON' | 'QUIZ', contentId: string, title: string, language: CourseLanguage) {
    if (kind === 'LESSON')
      await this.learning.call(updateLesson, { params: { id: contentId }, body: { title, language } });
    else await this.learning.call(updateQuiz, { body: { quizId: contentId, title, language } });
  }

  async deleteLesson(lessonId: string) {
    await this.learning.call(deleteLesson, { params: { id: lessonId } });
  }

  async createBlock(lessonId: string, block: LessonBlock) {
    const created = await this.learning.call(createBlock, { body: { lessonId, block } });
    return { blockId: created.blockId };
  }

  async updateBlock(blockId: string, block: LessonBlock) {
    await this.learning.call(updateBlock, { body: { blockId, block } });
  }

  async deleteBlock(blockId: string) {
    await this.learning.call(deleteBlock, { query: { blockId } });
  }

  async createQuiz(courseId: string, settings: QuizSettings) {
    const quiz = await this.learning.call(createQuiz, { body: { courseId, ...settings } });
    return { contentId: quiz.quizId };
  }

  async updateQuiz(quizId: string, settings: QuizSettings) {
    await this.learning.call(updateQuiz, { body: { quizId, ...settings } });
  }

  async deleteQuiz(quizId: string) {
    await this.learning.call(deleteQuiz, { query: { quizId } });
  }

  async addQuestion(quizId: string, block: LessonBlock) {
    const question = await this.learning.call(addQuestion, { params: { quizId }, body: blockToQuestion(block) });
    return { blockId: question.questionId };
  }

  async editQuestion(questionId: string, block: LessonBlock) {
    await this.learning.call(editQuestion, { params: { id: questionId }, body: blockToQuestion(block) });
  }

  async deleteQuestion(questionId: string) {
    await this.learning.call(deleteQuestion, { params: { id: questionId } });
  }

  async publish(courseId: string): Promise<PublishResult> {
    try {
      const result = await this.learning.call(publishCourse, { params: { id: courseId } });
      return { ok: true, version: result.version };
    } catch (error) {
      // 409 names what is missing: the message, and each missing part as a field.
      if (ApiError.is(error) && (error.reason === 'conflict' || error.reason === 'invalid')) {
        return refuse(error.reason === 'conflict' ? 'conflict' : 'invalid', error.message, { fields: error.fields });
      }
      throw error;
    }
  }
}
