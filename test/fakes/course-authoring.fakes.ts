import { refuse } from '../../src/application/shared/refusal';
import type { LessonBlock } from '../../src/contracts/learning/blocks.contract';
import type {
  AuthoringContent,
  AuthoringCourse,
  AuthoringCourseQuery,
  AuthoringCourseSummary,
  CourseAuthoringApi,
  NewCourse,
  PublishResult,
  QuizSettings,
} from '../../src/application/courses/authoring/course-authoring-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import type { CourseLanguage } from '../../src/domain/courses/course';

/** An in-memory authoring API that keeps courses as the server would and records every call. */
export class FakeCourseAuthoringApi implements CourseAuthoringApi {
  courses = new Map<string, AuthoringCourse>();
  calls: string[] = [];
  failNext: ApiError | null = null;
  /** What the server refuses publishing with, when set. */
  publishRefusal: { message: string; fields: Record<string, string> } | null = null;
  private seq = 0;

  private id(prefix: string): string {
    return `${prefix}${++this.seq}`;
  }

  private call(name: string): void {
    this.calls.push(name);
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
  }

  private course(courseId: string): AuthoringCourse {
    const course = this.courses.get(courseId);
    if (!course) throw new ApiError('not-found', 'NOT_FOUND', 'This course does not exist');
    return course;
  }

  private content(id: string): { course: AuthoringCourse; content: AuthoringContent } {
    for (const course of this.courses.values()) {
      const content = course.contents.find((c) => c.contentId === id);
      if (content) return { course, content };
    }
    throw new ApiError('not-found', 'NOT_FOUND', 'Not found');
  }

  private block(blockId: string) {
    for (const course of this.courses.values()) {
      for (const content of course.contents) {
        const list = content.kind === 'LESSON' ? content.blocks : content.questions;
        const index = list.findIndex((b) => b.blockId === blockId);
        if (index >= 0) return { list, index };
      }
    }
    throw new ApiError('not-found', 'NOT_FOUND', 'Not found');
  }

  async list(query: AuthoringCourseQuery) {
    this.call(`list ${query.page} ${query.search ?? ''}`.trim());
    const all: AuthoringCourseSummary[] = [...this.courses.values()]
      .filter((c) => !query.search || c.title.toLowerCase().includes(query.search.toLowerCase()))
      .map((c) => ({
        courseId: c.courseId,
        title: c.title,
        status: c.status,
        languages: c.languages,
        lessonCount: c.contents.filter((x) => x.kind === 'LESSON').length,
        quizCount: c.contents.filter((x) => x.kind === 'QUIZ').length,
        assignedCount: 0,
        completedCount: 0,
        updatedAt: null,
      }));
    return { items: all.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize), total: all.length };
  }

  async create(input: NewCourse) {
    this.call('create');
    const courseId = this.id('course');
    this.courses.set(courseId, {
      courseId,
      title: input.title,
      description: input.description,
      status: 'DRAFT',
      reminderEnabled: input.reminderEnabled ?? false,
      coverFileId: null,
      version: 1,
      versions: [{ version: 1, status: 'DRAFT', learners: 0 }],
      languages: [{ language: input.primaryLanguage, priority: 'PRIMARY' }],
      contents: [],
    });
    return { courseId };
  }

  async update(courseId: string, changes: { title: string; description: string }) {
    this.call('update');
    Object.assign(this.course(courseId), changes);
  }

  async remove(courseId: string) {
    this.call('remove');
    this.courses.delete(courseId);
  }

  async load(courseId: string) {
    this.call(`load ${courseId}`);
    return structuredClone(this.course(courseId));
  }

  async addLanguage(courseId: string, language: CourseLanguage) {
    this.call(`addLanguage ${language}`);
    const course = this.course(courseId);
    if (course.languages.some((l) => l.language === language))
      throw new ApiError('conflict', 'CONFLICT', 'The course has this language already');
    course.languages.push({ language, priority: 'SECONDARY' });
  }

  async setPrimaryLanguage(courseId: string, language: CourseLanguage) {
    this.call(`setPrimary ${language}`);
    for (const l of this.course(courseId).languages) l.priority = l.language === language ? 'PRIMARY' : 'SECONDARY';
  }

  async reorder(courseId: string, contentIds: string[]) {
    this.call(`reorder ${contentIds.join(',')}`);
    const course = this.course(courseId);
    course.contents = contentIds.map((id) => course.contents.find((c) => c.contentId === id)!);
  }

  async clone(courseId: string) {
    this.call(`clone ${courseId}`);
    const source = this.course(courseId);
    const copyId = this.id('course');
    this.courses.set(copyId, {
      ...structuredClone(source),
      courseId: copyId,
      title: `${source.title} (copy)`,
      status: 'DRAFT',
      version: 1,
      versions: [],
    });
    return { courseId: copyId };
  }

  async setReminders(courseId: string, enabled: boolean) {
    this.call(`setReminders ${enabled}`);
    this.course(courseId).reminderEnabled = enabled;
  }

  async createLesson(courseId: string, title: string) {
    this.call('createLesson');
    const contentId = this.id('lesson');
    this.course(courseId).contents.push({ kind: 'LESSON', contentId, title, blocks: [] });
    return { contentId };
  }

  async renameLesson(lessonId: string, title: string) {
    this.call('renameLesson');
    const { content } = this.content(lessonId);
    if (content.kind === 'LESSON') content.title = title;
  }

  async renameContent(kind: 'LESSON' | 'QUIZ', contentId: string, title: string, language: CourseLanguage) {
    this.call(`renameContent ${kind} ${language} ${title}`);
    const { course, content } = this.content(contentId);
    if (!course.languages.some((l) => l.language === language))
      throw new ApiError('invalid', 'VALIDATION', `The course has no ${language}`, {
        language: 'Not a language of the course',
      });
    content.titles = { ...content.titles, [language]: title };
    if (course.languages.find((l) => l.priority === 'PRIMARY')?.language === language) content.title = title;
  }

  async deleteLesson(lessonId: string) {
    this.call('deleteLesson');
    const { course } = this.content(lessonId);
    course.contents = course.contents.filter((c) => c.contentId !== lessonId);
  }

  async createBlock(lessonId: string, block: LessonBlock) {
    this.call(`createBlock ${block.type}`);
    const { content } = this.content(lessonId);
    const blockId = this.id('block');
    if (content.kind === 'LESSON') content.blocks.push({ blockId, block: structuredClone(block) });
    return { blockId };
  }

  async updateBlock(blockId: string, block: LessonBlock) {
    this.call(`updateBlock ${blockId}`);
    const { list, index } = this.block(blockId);
    list[index] = { blockId, block: structuredClone(block) };
  }

  async deleteBlock(blockId: string) {
    this.call(`deleteBlock ${blockId}`);
    const { list, index } = this.block(blockId);
    list.splice(index, 1);
  }

  async createQuiz(courseId: string, settings: QuizSettings) {
    this.call('createQuiz');
    const contentId = this.id('quiz');
    this.course(courseId).contents.push({ kind: 'QUIZ', contentId, questions: [], ...settings });
    return { contentId };
  }

  async updateQuiz(quizId: string, settings: QuizSettings) {
    this.call('updateQuiz');
    Object.assign(this.content(quizId).content, settings);
  }

  async deleteQuiz(quizId: string) {
    this.call('deleteQuiz');
    const { course } = this.content(quizId);
    course.contents = course.contents.filter((c) => c.contentId !== quizId);
  }

  async addQuestion(quizId: string, block: LessonBlock) {
    this.call(`addQuestion ${block.type}`);
    const { content } = this.content(quizId);
    const blockId = this.id('question');
    if (content.kind === 'QUIZ') content.questions.push({ blockId, block: structuredClone(block) });
    return { blockId };
  }

  async editQuestion(questionId: string, block: LessonBlock) {
    return this.updateBlock(questionId, block);
  }

  async deleteQuestion(questionId: string) {
    return this.deleteBlock(questionId);
  }

  async moveBlock(blockId: string, block: LessonBlock, position: number) {
    this.call(`moveBlock ${blockId} ${position}`);
    const { list, index } = this.block(blockId);
    const [moved] = list.splice(index, 1);
    list.splice(position, 0, { ...moved!, block });
  }

  async orderQuestions(quizId: string, questionIds: string[]) {
    this.call(`orderQuestions ${questionIds.join(',')}`);
    const { content } = this.content(quizId);
    if (content.kind !== 'QUIZ') throw new ApiError('not-found', 'NOT_FOUND', 'Not found');
    content.questions = questionIds.map((id) => content.questions.find((q) => q.blockId === id)!);
  }

  async publish(courseId: string): Promise<PublishResult> {
    this.call('publish');
    if (this.publishRefusal)
      return refuse('conflict', this.publishRefusal.message, { fields: this.publishRefusal.fields });
    const course = this.course(courseId);
    course.status = 'PUBLISHED';
    course.versions = course.versions.map((v) => (v.version === course.version ? { ...v, status: 'PUBLISHED' } : v));
    return { ok: true, version: course.version };
  }
}
