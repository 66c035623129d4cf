import { describe, expect, it } from 'vitest';
import {
  CreateCourse,
  dropped,
  moved,
  PublishCourse,
  ReorderContents,
  SaveBlock,
  SaveQuiz,
} from '../../../src/application/courses/authoring/authoring.use-cases';
import {
  missingTranslationCounts,
  publishChecklist,
} from '../../../src/application/courses/authoring/publish-checklist';
import { ApiError } from '../../../src/application/shared/api-error';
import { FakeCourseAuthoringApi } from '../../fakes/course-authoring.fakes';

const FILE = '0b6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11';
const text = (en: string, hi?: string) => ({
  type: 'TEXT_AREA',
  texts: { ENGLISH: { body: en }, ...(hi ? { HINDI: { body: hi } } : {}) },
});
const question = {
  type: 'MULTIPLE_CHOICE',
  options: [
    { key: 'a', correct: true },
    { key: 'b', correct: false },
  ],
  texts: { ENGLISH: { prompt: 'Who?', options: { a: 'Anyone', b: 'Managers' } } },
};

async function courseWithLesson() {
  const api = new FakeCourseAuthoringApi();
  const created = await new CreateCourse(api).execute({
    title: ' Respect at work ',
    description: '',
    primaryLanguage: 'ENGLISH',
  });
  if (!created.ok) throw new Error('not created');
  const { contentId } = await api.createLesson(created.courseId, 'Welcome');
  return { api, courseId: created.courseId, lessonId: contentId };
}

describe('CreateCourse', () => {
  it('creates a draft with a trimmed title and refuses a blank one without asking the server', async () => {
    const api = new FakeCourseAuthoringApi();
    const outcome = await new CreateCourse(api).execute({ title: '  ', description: '', primaryLanguage: 'HINDI' });
    expect(outcome).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Give the course a title.',
      fields: { title: 'Give the course a title' },
    });
    expect(api.calls).toEqual([]);
    const ok = await new CreateCourse(api).execute({
      title: ' POSH basics ',
      description: 'x',
      primaryLanguage: 'HINDI',
    });
    expect(ok.ok).toBe(true);
    expect([...api.courses.values()][0]).toMatchObject({
      title: 'POSH basics',
      status: 'DRAFT',
      languages: [{ language: 'HINDI', priority: 'PRIMARY' }],
    });
  });

  it('starts a new course with its reminders on, unless told otherwise', async () => {
    const api = new FakeCourseAuthoringApi();
    await new CreateCourse(api).execute({ title: 'Reminded', description: '', primaryLanguage: 'ENGLISH' });
    await new CreateCourse(api).execute({
      title: 'Quiet',
      description: '',
      primaryLanguage: 'ENGLISH',
      reminderEnabled: false,
    });
    expect([...api.courses.values()].map((c) => [c.title, c.reminderEnabled])).toEqual([
      ['Reminded', true],
      ['Quiet', false],
    ]);
  });

  it('shows the server refusal on its field', async () => {
    const api = new FakeCourseAuthoringApi();
    api.failNext = new ApiError('invalid', 'VALIDATION', 'A course has this title already', { title: 'Taken' });
    expect(await new CreateCourse(api).execute({ title: 'A', description: '', primaryLanguage: 'ENGLISH' })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'A course has this title already',
      fields: { title: 'Taken' },
    });
  });
});

describe('SaveBlock', () => {
  it('refuses a block the contract refuses, naming the field, and sends nothing', async () => {
    const { api, lessonId } = await courseWithLesson();
    const outcome = await new SaveBlock(api).execute({ kind: 'LESSON', lessonId }, null, {
      ...question,
      options: question.options.map((o) => ({ ...o, correct: false })),
    });
    expect(outcome).toMatchObject({ ok: false, fields: { options: 'Mark exactly one option as the correct answer' } });
    expect(api.calls.filter((c) => c.startsWith('createBlock'))).toEqual([]);
  });

  it('creates then updates a lesson block, and adds a quiz question', async () => {
    const { api, courseId, lessonId } = await courseWithLesson();
    const save = new SaveBlock(api);
    const created = await save.execute({ kind: 'LESSON', lessonId }, null, text('Hello'));
    if (!created.ok) throw new Error('refused');
    await save.execute({ kind: 'LESSON', lessonId }, created.blockId, text('Hello', 'नमस्ते'));
    const quiz = await new SaveQuiz(api).execute(courseId, null, {
      title: 'Check',
      passMark: 70,
      maxAttempts: 3,
      answerReveal: 'AFTER_PASSING',
    });
    if (!quiz.ok) throw new Error('refused');
    await save.execute({ kind: 'QUIZ', quizId: quiz.quizId }, null, question);
    const course = await api.load(courseId);
    expect(course.contents[0]).toMatchObject({
      kind: 'LESSON',
      blocks: [{ block: { texts: { HINDI: { body: 'नमस्ते' } } } }],
    });
    expect(course.contents[1]).toMatchObject({
      kind: 'QUIZ',
      passMark: 70,
      questions: [{ block: { type: 'MULTIPLE_CHOICE' } }],
    });
  });
});

describe('SaveQuiz', () => {
  it('refuses a pass mark outside 1..100 and attempts outside 1..20', async () => {
    const api = new FakeCourseAuthoringApi();
    const outcome = await new SaveQuiz(api).execute('c', null, {
      title: 'Q',
      passMark: 0,
      maxAttempts: 0,
      answerReveal: 'NEVER',
    });
    expect(outcome).toMatchObject({
      ok: false,
      fields: { passMark: expect.any(String), maxAttempts: expect.any(String) },
    });
    expect(api.calls).toEqual([]);
  });
});

describe('reordering', () => {
  it('moves by one place with the keyboard and drops onto another place by drag', async () => {
    expect(moved(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(dropped(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(dropped(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    const { api, courseId, lessonId } = await courseWithLesson();
    const second = await api.createLesson(courseId, 'Second');
    await new ReorderContents(api).execute(courseId, [second.contentId, lessonId]);
    expect((await api.load(courseId)).contents.map((c) => c.contentId)).toEqual([second.contentId, lessonId]);
  });
});

describe('the publish checklist', () => {
  it('refuses a course without content and names a quiz without questions', async () => {
    const api = new FakeCourseAuthoringApi();
    const { courseId } = await api.create({ title: 'T', description: '', primaryLanguage: 'ENGLISH' });
    await api.createQuiz(courseId, { title: 'Final', passMark: 80, maxAttempts: null, answerReveal: 'NEVER' });
    const outcome = await new PublishCourse(api).execute(await api.load(courseId));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(Object.entries(outcome.fields).map(([where, message]) => `${where}: ${message}`)).toEqual([
      'Course: Add at least one lesson with content.',
      'Quiz "Final": Add at least one question.',
    ]);
    expect(api.calls).not.toContain('publish');
  });

  it('needs the primary language complete, warns of missing translations, alternative text and captions, and publishes', async () => {
    const { api, courseId, lessonId } = await courseWithLesson();
    await api.addLanguage(courseId, 'HINDI');
    await api.createBlock(lessonId, { type: 'TEXT_AREA', alignment: 'LEFT', texts: { HINDI: { body: 'केवल हिन्दी' } } });
    let course = await api.load(courseId);
    expect(missingTranslationCounts(course)).toEqual({ ENGLISH: 1, HINDI: 0 });
    expect(publishChecklist(course).errors.map((e) => e.message)).toEqual([
      'Finish the English text (the primary language).',
    ]);

    await api.updateBlock(course.contents[0].kind === 'LESSON' ? course.contents[0].blocks[0].blockId : '', {
      type: 'TEXT_AREA',
      alignment: 'LEFT',
      texts: { ENGLISH: { body: 'Only English now' } },
    });
    await api.createBlock(lessonId, {
      type: 'IMAGE',
      alignment: 'LEFT',
      fileId: FILE,
      texts: { ENGLISH: { altText: 'A meeting' } },
    });
    course = await api.load(courseId);
    const checklist = publishChecklist(course);
    expect(checklist.errors).toEqual([]);
    // Neither block has Hindi words: the text and the image's alternative text are shown in English.
    expect(checklist.warnings.map((w) => `${w.where}: ${w.message}`)).toEqual([
      'Lesson "Welcome", block 1: No complete Hindi (हिन्दी) translation: learners see English.',
      'Lesson "Welcome", block 2: No complete Hindi (हिन्दी) translation: learners see English.',
    ]);
    expect(missingTranslationCounts(course)).toEqual({ ENGLISH: 0, HINDI: 2 });
    await api.createBlock(lessonId, {
      type: 'VIDEO',
      alignment: 'LEFT',
      fileId: FILE,
      texts: { ENGLISH: { transcript: 'Words' } },
    });
    course = await api.load(courseId);
    expect(
      publishChecklist(course)
        .warnings.map((w) => w.message)
        .slice(2),
    ).toEqual([
      'No complete Hindi (हिन्दी) translation: learners see English.',
      'This video has no captions in this language. (English)',
      'This video has no captions in this language. (Hindi (हिन्दी))',
    ]);

    const published = await new PublishCourse(api).execute(course);
    expect(published).toMatchObject({ ok: true, version: 1 });
    expect(api.courses.get(courseId)?.status).toBe('PUBLISHED');
  });

  it('shows what the server still refuses', async () => {
    const { api, courseId, lessonId } = await courseWithLesson();
    await api.createBlock(lessonId, { type: 'TEXT_AREA', alignment: 'LEFT', texts: { ENGLISH: { body: 'Hi' } } });
    api.publishRefusal = {
      message: 'This course cannot be published',
      fields: { quizzes: 'The quiz "Final" has no question' },
    };
    const outcome = await new PublishCourse(api).execute(await api.load(courseId));
    expect(outcome).toMatchObject({ ok: false, message: 'This course cannot be published' });
    if (!outcome.ok) expect(Object.values(outcome.fields)).toEqual(['The quiz "Final" has no question']);
  });
});
