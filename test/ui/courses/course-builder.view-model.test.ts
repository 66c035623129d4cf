import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import {
  AddCourseLanguage,
  AddLesson,
  DuplicateCourse,
  MoveBlock,
  PublishCourse,
  RemoveBlock,
  RemoveContent,
  RenameContent,
  ReorderContents,
  SaveBlock,
  SaveQuiz,
  SetCourseReminders,
} from '../../../src/application/courses/authoring/authoring.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import { CourseBuilderViewModel } from '../../../src/ui/courses/course-builder.view-model';
import { FakeCourseAuthoringApi } from '../../fakes/course-authoring.fakes';

/** The builder with each of its use cases on the one fake port. */
function builderOn(api: FakeCourseAuthoringApi): CourseBuilderViewModel {
  return new CourseBuilderViewModel(
    api,
    new AddCourseLanguage(api),
    new AddLesson(api),
    new RenameContent(api),
    new RemoveContent(api),
    new ReorderContents(api),
    new SaveBlock(api),
    new MoveBlock(api),
    new RemoveBlock(api),
    new SaveQuiz(api),
    new DuplicateCourse(api),
    new SetCourseReminders(api),
    new PublishCourse(api),
  );
}

async function builder() {
  const api = new FakeCourseAuthoringApi();
  const { courseId } = await api.create({ title: 'Respect at work', description: '', primaryLanguage: 'ENGLISH' });
  const vm = builderOn(api);
  await vm.load(courseId);
  return { api, vm, courseId };
}

describe('CourseBuilderViewModel', () => {
  it('writes a lesson in English and Hindi, with the missing-translation count per language', async () => {
    const { vm } = await builder();
    expect(vm.status).toBe('ready');
    expect(vm.contents).toEqual([]);
    expect(await vm.addLesson('  ')).toBe(false);
    expect(vm.formErrors.lessonTitle).toBe('Give the lesson a title');
    await vm.addLesson('Welcome');
    expect(vm.selected?.kind).toBe('LESSON');

    await vm.addLanguage('HINDI');
    expect(vm.languages).toEqual(['ENGLISH', 'HINDI']);
    expect(vm.language).toBe('HINDI');
    vm.setLanguage('ENGLISH');
    vm.startBlock('TEXT_AREA');
    vm.editing!.draft.setWord('body', 'Everyone deserves respect.');
    expect(await vm.saveEditing()).toBe(true);
    expect(vm.notice).toEqual({ type: 'success', message: 'Text saved.' });
    expect(vm.missingCounts).toEqual({ ENGLISH: 0, HINDI: 1 });

    const blockId = vm.selected?.kind === 'LESSON' ? vm.selected.blocks[0].blockId : '';
    vm.setLanguage('HINDI');
    vm.editBlock(blockId);
    expect(vm.editing!.draft.language).toBe('HINDI');
    vm.editing!.draft.setWord('body', 'हर कोई सम्मान का हकदार है।');
    await vm.saveEditing();
    expect(vm.missingCounts).toEqual({ ENGLISH: 0, HINDI: 0 });
    expect(vm.selected?.kind === 'LESSON' && vm.selected.blocks[0].block.texts).toEqual({
      ENGLISH: { body: 'Everyone deserves respect.' },
      HINDI: { body: 'हर कोई सम्मान का हकदार है।' },
    });
  });

  it('keeps a refused block open with the contract’s reasons', async () => {
    const { vm, api } = await builder();
    await vm.addLesson('Welcome');
    vm.startBlock('RESOURCE');
    vm.editing!.draft.setWord('title', 'The policy');
    vm.editing!.draft.setSetting('url', 'javascript:alert(1)');
    expect(await vm.saveEditing()).toBe(false);
    expect(vm.editing).not.toBeNull();
    expect(vm.notice).toMatchObject({ type: 'error', details: ['Use a full http(s) address'] });
    expect(vm.editing!.draft.errorOf('url')).toBe('Use a full http(s) address');
    expect(api.calls.some((c) => c.startsWith('createBlock'))).toBe(false);
  });

  it('adds a quiz with settings and a question, and moves it above the lesson with the keyboard path', async () => {
    const { vm, api, courseId } = await builder();
    await vm.addLesson('Welcome');
    await vm.addQuiz('Check');
    expect(vm.selected).toMatchObject({ kind: 'QUIZ', passMark: 70, maxAttempts: 3 });
    expect(await vm.saveQuizSettings({ title: 'Check', passMark: 101, maxAttempts: null, answerReveal: 'NEVER' })).toBe(
      false,
    );
    expect(vm.formErrors.passMark).toBe('Use a whole number from 1 to 100');
    await vm.saveQuizSettings({ title: 'Check', passMark: 80, maxAttempts: null, answerReveal: 'NEVER' });
    expect(vm.selected).toMatchObject({ passMark: 80, maxAttempts: null, answerReveal: 'NEVER' });

    vm.startBlock('MULTIPLE_CHOICE');
    const draft = vm.editing!.draft;
    draft.setWord('prompt', 'Who can complain?');
    draft.setOptionLabel('a', 'Anyone');
    draft.setOptionLabel('b', 'Managers only');
    await vm.saveEditing();
    expect(vm.selected?.kind === 'QUIZ' && vm.selected.questions).toHaveLength(1);

    const quizId = vm.selectedContentId!;
    await vm.moveContent(quizId, -1);
    expect(vm.contents.map((c) => c.kind)).toEqual(['QUIZ', 'LESSON']);
    expect(vm.notice?.message).toBe('"Check" moved to position 1 of 2.');
    expect((await api.load(courseId)).contents.map((c) => c.kind)).toEqual(['QUIZ', 'LESSON']);
  });

  it('puts the order back when the server refuses it', async () => {
    const { vm, api } = await builder();
    await vm.addLesson('One');
    await vm.addLesson('Two');
    const [one, two] = vm.contents.map((c) => c.contentId);
    api.failNext = new ApiError('conflict', 'CONFLICT', 'The course changed: reload it');
    await vm.dropContent(two, one);
    expect(vm.contents.map((c) => c.contentId)).toEqual([one, two]);
    expect(vm.notice).toEqual({ type: 'error', message: 'The course changed: reload it' });
  });

  it('refuses to publish with the checklist, then publishes', async () => {
    const { vm, api } = await builder();
    vm.openPublish();
    expect(vm.checklist.errors.map((e) => e.message)).toEqual(['Add at least one lesson with content.']);
    expect(await vm.publish()).toBe(false);
    expect(vm.lastPublish).toEqual({ ok: false, message: 'This course cannot be published yet.' });
    await vm.addLesson('Welcome');
    vm.startBlock('TEXT_AREA');
    vm.editing!.draft.setWord('body', 'Hello');
    await vm.saveEditing();
    expect(await vm.publish()).toBe(true);
    expect(vm.course?.status).toBe('PUBLISHED');
    expect(vm.lastPublish?.message).toContain('Version 1 published');
    expect(api.calls).toContain('publish');
  });

  it('shows a failed load with its reason', async () => {
    const api = new FakeCourseAuthoringApi();
    const vm = builderOn(api);
    await vm.load('nope');
    expect(vm.status).toBe('error');
    expect(vm.error).toBe('This course does not exist');
  });
  it('moves blocks and questions one place by keyboard, duplicates the course and switches its reminders', async () => {
    const { vm, api, courseId } = await builder();
    await vm.addLesson('Welcome');
    for (const body of ['First', 'Second', 'Third']) {
      vm.startBlock('TEXT_AREA');
      vm.editing!.draft.setWord('body', body);
      await vm.saveEditing();
    }
    const bodies = () =>
      vm.selected?.kind === 'LESSON'
        ? vm.selected.blocks.map((b) => (b.block.texts.ENGLISH as { body: string }).body)
        : [];
    const third = vm.selected?.kind === 'LESSON' ? vm.selected.blocks[2].blockId : '';
    await vm.moveBlock(third, -1);
    expect(vm.notice).toEqual({ type: 'success', message: 'Block moved to position 2 of 3.' });
    expect(bodies()).toEqual(['First', 'Third', 'Second']);
    await vm.moveBlock(third, -1);
    await vm.moveBlock(third, -1); // already first: nothing is sent
    expect(bodies()).toEqual(['Third', 'First', 'Second']);
    expect(api.calls.filter((c) => c.startsWith('moveBlock'))).toEqual([
      `moveBlock ${third} 1`,
      `moveBlock ${third} 0`,
    ]);

    await vm.addQuiz('Check');
    for (const prompt of ['Q1', 'Q2']) {
      vm.startBlock('MULTIPLE_CHOICE');
      vm.editing!.draft.setWord('prompt', prompt);
      await vm.saveEditing();
    }
    const questions = () => (vm.selected?.kind === 'QUIZ' ? vm.selected.questions.map((q) => q.blockId) : []);
    const [q1, q2] = questions();
    await vm.moveBlock(q2!, -1);
    expect(questions()).toEqual([q2, q1]);
    expect(vm.notice).toEqual({ type: 'success', message: 'Question moved to position 1 of 2.' });

    await vm.setReminders(false);
    expect(vm.course?.reminderEnabled).toBe(false);
    const copy = await vm.duplicate();
    expect(copy).not.toBe(courseId);
    expect(api.courses.get(copy!)?.title).toBe('Respect at work (copy)');
    api.failNext = new ApiError('not-found', 'NOT_FOUND', 'Course not found');
    expect(await vm.duplicate()).toBeNull();
    expect(vm.notice).toEqual({ type: 'error', message: 'Course not found' });
  });
  it('keeps a lesson title per language, the primary one leading', async () => {
    const { vm, api } = await builder();
    await vm.addLesson('Welcome');
    await vm.addLanguage('HINDI');
    expect(vm.language).toBe('HINDI');
    expect(vm.titleIn(vm.selected!)).toBe('');
    expect(await vm.renameSelected('  ')).toBe(false);
    expect(vm.formErrors.contentTitle).toBe('Give it a title');
    expect(await vm.renameSelected('स्वागत')).toBe(true);
    expect(vm.notice).toEqual({ type: 'success', message: 'Title saved in Hindi (हिन्दी).' });
    expect(vm.titleIn(vm.selected!)).toBe('स्वागत');
    expect(vm.selected!.title).toBe('Welcome');
    vm.setLanguage('ENGLISH');
    expect(vm.titleIn(vm.selected!)).toBe('Welcome');
    await vm.renameSelected('Welcome aboard');
    expect(vm.selected!.title).toBe('Welcome aboard');
    expect(api.calls).toContain('renameContent LESSON HINDI स्वागत');
  });
});
