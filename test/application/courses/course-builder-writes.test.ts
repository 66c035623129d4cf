import { describe, expect, it } from 'vitest';
import {
  AddCourseLanguage,
  AddLesson,
  CreateCourse,
  DuplicateCourse,
  MoveBlock,
  RemoveBlock,
  RemoveContent,
  RenameContent,
  SaveBlock,
  SaveQuiz,
  SetCourseReminders,
} from '../../../src/application/courses/authoring/authoring.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import { FakeCourseAuthoringApi } from '../../fakes/course-authoring.fakes';

const text = (body: string) => ({ type: 'TEXT_AREA', texts: { ENGLISH: { body } } });
const question = (prompt: string) => ({
  type: 'MULTIPLE_CHOICE',
  options: [
    { key: 'a', correct: true },
    { key: 'b', correct: false },
  ],
  texts: { ENGLISH: { prompt, options: { a: 'Yes', b: 'No' } } },
});

async function draft() {
  const api = new FakeCourseAuthoringApi();
  const created = await new CreateCourse(api).execute({
    title: 'Respect',
    description: '',
    primaryLanguage: 'ENGLISH',
  });
  if (!created.ok) throw new Error('not created');
  return { api, courseId: created.courseId };
}

const conflict = () => new ApiError('conflict', 'COURSE_PUBLISHED', 'This version is published: edit a new draft');

describe('the course builder writes', () => {
  it('adds a lesson, and refuses a blank title without asking the server', async () => {
    const { api, courseId } = await draft();
    const blank = await new AddLesson(api).execute(courseId, '   ');
    expect(blank).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'blank',
      fields: { title: 'Give the lesson a title' },
    });
    expect(api.calls).not.toContain('createLesson');
    const added = await new AddLesson(api).execute(courseId, ' Welcome ');
    if (!added.ok) throw new Error(added.message);
    expect((await api.load(courseId)).contents).toMatchObject([{ contentId: added.lessonId, title: 'Welcome' }]);
  });

  it("answers the server's refusal as a Refusal, and throws on an unexpected failure", async () => {
    const { api, courseId } = await draft();
    api.failNext = conflict();
    expect(await new AddLesson(api).execute(courseId, 'Welcome')).toEqual({
      ok: false,
      reason: 'conflict',
      message: 'This version is published: edit a new draft',
      fields: {},
    });
    api.failNext = new ApiError('server-error', 'INTERNAL', 'Something went wrong');
    await expect(new AddLesson(api).execute(courseId, 'Welcome')).rejects.toThrow('Something went wrong');
  });

  it('adds a language, and refuses one the course has already', async () => {
    const { api, courseId } = await draft();
    expect(await new AddCourseLanguage(api).execute(courseId, 'HINDI')).toEqual({ ok: true });
    expect((await api.load(courseId)).languages.map((l) => l.language)).toEqual(['ENGLISH', 'HINDI']);
    expect(await new AddCourseLanguage(api).execute(courseId, 'HINDI')).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
  });

  it('renames a lesson in a language, and refuses a blank title or a lesson that is gone', async () => {
    const { api, courseId } = await draft();
    const { contentId } = await api.createLesson(courseId, 'Welcome');
    const lesson = { kind: 'LESSON' as const, contentId };
    expect(await new RenameContent(api).execute(lesson, ' ', 'ENGLISH')).toMatchObject({ ok: false, code: 'blank' });
    expect(await new RenameContent(api).execute(lesson, ' Hello ', 'ENGLISH')).toEqual({ ok: true });
    expect((await api.load(courseId)).contents[0]?.title).toBe('Hello');
    const gone = { kind: 'LESSON' as const, contentId: 'nope' };
    expect(await new RenameContent(api).execute(gone, 'Hello', 'ENGLISH')).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
  });

  it('removes a lesson and a quiz, and refuses one that is gone', async () => {
    const { api, courseId } = await draft();
    const { contentId: lessonId } = await api.createLesson(courseId, 'Welcome');
    const { contentId: quizId } = await api.createQuiz(courseId, {
      title: 'Check',
      passMark: 70,
      maxAttempts: 3,
      answerReveal: 'AFTER_PASSING',
    });
    expect(await new RemoveContent(api).execute({ kind: 'LESSON', contentId: lessonId })).toEqual({ ok: true });
    expect(await new RemoveContent(api).execute({ kind: 'QUIZ', contentId: quizId })).toEqual({ ok: true });
    expect((await api.load(courseId)).contents).toEqual([]);
    expect(await new RemoveContent(api).execute({ kind: 'QUIZ', contentId: quizId })).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
  });

  it("moves a lesson's block to its place and gives a quiz's questions their order", async () => {
    const { api, courseId } = await draft();
    const { contentId: lessonId } = await api.createLesson(courseId, 'Welcome');
    const owner = { kind: 'LESSON' as const, lessonId };
    const first = await new SaveBlock(api).execute(owner, null, text('One'));
    const second = await new SaveBlock(api).execute(owner, null, text('Two'));
    if (!first.ok || !second.ok) throw new Error('not saved');
    const block = (await api.load(courseId)).contents[0]!;
    const moving = block.kind === 'LESSON' ? block.blocks[1]!.block : null;
    expect(await new MoveBlock(api).execute(owner, second.blockId, moving!, [second.blockId, first.blockId])).toEqual({
      ok: true,
    });
    expect(api.calls).toContain(`moveBlock ${second.blockId} 0`);
    const lesson = (await api.load(courseId)).contents[0]!;
    expect(lesson.kind === 'LESSON' && lesson.blocks.map((b) => b.blockId)).toEqual([second.blockId, first.blockId]);

    const quiz = await new SaveQuiz(api).execute(courseId, null, {
      title: 'Check',
      passMark: 70,
      maxAttempts: 3,
      answerReveal: 'AFTER_PASSING',
    });
    if (!quiz.ok) throw new Error('no quiz');
    const quizOwner = { kind: 'QUIZ' as const, quizId: quiz.quizId };
    const q1 = await new SaveBlock(api).execute(quizOwner, null, question('One?'));
    const q2 = await new SaveBlock(api).execute(quizOwner, null, question('Two?'));
    if (!q1.ok || !q2.ok) throw new Error('no questions');
    expect(
      await new MoveBlock(api).execute(quizOwner, q2.blockId, question('Two?') as never, [q2.blockId, q1.blockId]),
    ).toEqual({ ok: true });
    const saved = (await api.load(courseId)).contents.find((c) => c.contentId === quiz.quizId)!;
    expect(saved.kind === 'QUIZ' && saved.questions.map((q) => q.blockId)).toEqual([q2.blockId, q1.blockId]);
  });

  it('refuses to move a block to an order it is not in, without asking the server', async () => {
    const { api } = await draft();
    const owner = { kind: 'LESSON' as const, lessonId: 'l1' };
    const outcome = await new MoveBlock(api).execute(owner, 'b1', text('One') as never, ['b2']);
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid' });
    expect(api.calls).not.toContain('moveBlock');
  });

  it('removes a block and a question, and refuses one that is gone', async () => {
    const { api, courseId } = await draft();
    const { contentId: lessonId } = await api.createLesson(courseId, 'Welcome');
    const owner = { kind: 'LESSON' as const, lessonId };
    const saved = await new SaveBlock(api).execute(owner, null, text('One'));
    if (!saved.ok) throw new Error('not saved');
    expect(await new RemoveBlock(api).execute(owner, saved.blockId)).toEqual({ ok: true });
    expect(await new RemoveBlock(api).execute(owner, saved.blockId)).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await new RemoveBlock(api).execute({ kind: 'QUIZ', quizId: 'q' }, 'nope')).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
  });

  it('duplicates a course as a new draft, and refuses a course that is gone', async () => {
    const { api, courseId } = await draft();
    const copy = await new DuplicateCourse(api).execute(courseId);
    if (!copy.ok) throw new Error(copy.message);
    expect(copy.courseId).not.toBe(courseId);
    expect(api.courses.has(copy.courseId)).toBe(true);
    expect(await new DuplicateCourse(api).execute('nope')).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it("turns the course's reminders off and on, and refuses a course that is gone", async () => {
    const { api, courseId } = await draft();
    expect(await new SetCourseReminders(api).execute(courseId, false)).toEqual({ ok: true, enabled: false });
    expect(api.courses.get(courseId)?.reminderEnabled).toBe(false);
    expect(await new SetCourseReminders(api).execute(courseId, true)).toEqual({ ok: true, enabled: true });
    expect(api.courses.get(courseId)?.reminderEnabled).toBe(true);
    expect(await new SetCourseReminders(api).execute('nope', true)).toMatchObject({ ok: false, reason: 'not-found' });
  });
});
