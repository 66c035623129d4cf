import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { DownloadCertificate, SubmitQuizAttempt } from '../../../src/application/training/training.use-cases';
import { AnswerSaver, type Timers } from '../../../src/ui/training/answer-saver';
import { MyTrainingViewModel } from '../../../src/ui/training/my-training.view-model';
import { PlayerViewModel } from '../../../src/ui/training/player.view-model';
import { VerifyCertificateViewModel } from '../../../src/ui/training/verify.view-model';
import { FakeTrainingApi, FakeLanguagePreference, FakeQuizDrafts, learnerWrites } from '../../fakes/training.fakes';

/** Timers the test fires by hand. */
class ManualTimers implements Timers {
  private pending = new Map<number, () => void>();
  private next = 1;
  set(fn: () => void): unknown {
    const id = this.next++;
    this.pending.set(id, fn);
    return id;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  get count(): number {
    return this.pending.size;
  }
  fire(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    due.forEach((fn) => fn());
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function player(api = new FakeTrainingApi(), preference = new FakeLanguagePreference(), drafts = new FakeQuizDrafts()) {
  const timers = new ManualTimers();
  const vm = new PlayerViewModel(
    api,
    preference,
    new SubmitQuizAttempt(api),
    new DownloadCertificate(api),
    drafts,
    learnerWrites(api, preference, drafts),
    timers,
  );
  return { api, preference, drafts, timers, vm };
}

describe('AnswerSaver', () => {
  it("keeps a refused save listed as failed, in the server's words", async () => {
    const timers = new ManualTimers();
    const saver = new AnswerSaver(
      async () => ({ ok: false, reason: 'not-found', message: 'This course is not assigned to you', fields: {} }),
      600,
      timers,
    );
    saver.give({ courseId: 'c1', contentId: 'l1', blockId: 'b1', answer: { type: 'INPUT_BOX', text: 'Hi' } });
    timers.fire();
    await settle();
    expect(saver.overall).toBe('error');
    expect(saver.failed).toEqual(['b1']);
    expect(saver.error).toBe('This course is not assigned to you');
  });

  it('saves the latest answer once after the pause, says saved, and retries a failed save', async () => {
    const sent: string[] = [];
    let fail = false;
    const timers = new ManualTimers();
    const saver = new AnswerSaver(
      async (input) => {
        if (fail) throw new Error('network down');
        sent.push(input.answer.type === 'INPUT_BOX' ? input.answer.text : '');
      },
      600,
      timers,
    );
    const give = (text: string) =>
      saver.give({ courseId: 'c1', contentId: 'l1', blockId: 'b1', answer: { type: 'INPUT_BOX', text } });
    give('H');
    give('Hi');
    give('Hi there');
    expect(saver.overall).toBe('saving');
    expect(timers.count).toBe(1);
    timers.fire();
    await settle();
    expect(sent).toEqual(['Hi there']);
    expect(saver.overall).toBe('saved');

    fail = true;
    give('Hi again');
    timers.fire();
    await settle();
    expect(saver.overall).toBe('error');
    expect(saver.error).toMatch(/server could not be reached/);
    fail = false;
    await saver.retry();
    expect(sent).toEqual(['Hi there', 'Hi again']);
    expect(saver.overall).toBe('saved');
  });
});

describe('MyTrainingViewModel', () => {
  it('lists the assigned course with its status, due date, next step and action', async () => {
    const api = new FakeTrainingApi();
    const vm = new MyTrainingViewModel(api);
    await vm.load();
    expect(vm.cards).toHaveLength(1);
    expect(vm.cards[0]).toMatchObject({
      statusLabel: 'Not started',
      action: 'Start',
      progressPercent: 0,
      path: '/training/c1',
      late: false,
    });
    expect(vm.cards[0]!.due).toMatch(/^Due /);
    expect(vm.cards[0]!.next).toBe('Next: lesson “What harassment is”');
  });

  it('shows an overdue course first, in red, and says what failed when the list cannot be read', async () => {
    const api = new FakeTrainingApi();
    const vm = new MyTrainingViewModel(api);
    api.myCourses = async () => [
      {
        courseId: 'a',
        title: 'Done',
        status: 'COMPLETED',
        progressPercent: 100,
        dueAt: null,
        completedAt: '2026-10-01T00:00:00Z',
        expiresAt: null,
        next: null,
        hasCertificate: true,
      },
      {
        courseId: 'b',
        title: 'Late',
        status: 'OVERDUE',
        progressPercent: 50,
        dueAt: '2026-11-01T00:00:00Z',
        completedAt: null,
        expiresAt: null,
        next: null,
        hasCertificate: false,
      },
    ];
    await vm.load();
    expect(vm.cards.map((c) => [c.title, c.statusLabel, c.late, c.action])).toEqual([
      ['Late', 'Overdue', true, 'Continue'],
      ['Done', 'Completed', false, 'Review'],
    ]);
    expect(vm.cards[0]!.due).toMatch(/^Overdue since /);
    expect(vm.overdue).toBe(1);

    const broken = new MyTrainingViewModel(
      Object.assign(new FakeTrainingApi(), { failing: new Error('Failed to fetch') }),
    );
    await broken.load();
    expect(broken.courses.status).toBe('error');
    expect(broken.courses.error).toMatch(/could not be reached/);
  });
});

describe('PlayerViewModel', () => {
  it('opens in the primary language, remembers a chosen one, and resumes at the first step not done', async () => {
    const { vm, preference, api } = player();
    await vm.load('c1');
    expect(vm.language).toBe('ENGLISH');
    expect(vm.current?.contentId).toBe('l1');
    await vm.chooseLanguage('HINDI');
    expect(vm.course?.title).toBe('कार्यस्थल पर यौन उत्पीड़न की रोकथाम');
    expect(preference.saved.get('c1')).toBe('HINDI');

    api.lessonDone = true;
    const again = player(api, preference).vm;
    await again.load('c1');
    expect(again.language).toBe('HINDI');
    expect(again.current?.contentId).toBe('q1');
  });

  it('saves answers as given, so a reload shows them', async () => {
    const { vm, api, timers } = player();
    await vm.load('c1');
    vm.give('b-tick', { type: 'CHECKBOX_WITH_TEXT', checked: true });
    timers.fire();
    await settle();
    expect(vm.saver.overall).toBe('saved');
    const again = player(api).vm;
    await again.load('c1');
    expect(again.answerOf('b-tick')).toEqual({ type: 'CHECKBOX_WITH_TEXT', checked: true });
  });

  it('says what is missing before a lesson is done: the video, then the box', async () => {
    const { vm } = player();
    await vm.load('c1');
    expect(vm.lessonMissing).toEqual([
      'Tick “I have read this”',
      'Watch the video to the end, or read its transcript and press “I have read the transcript”',
    ]);
    await vm.markDone();
    expect(vm.lessonMessage).toMatch(/^Before this lesson is done: Tick/);
    expect(vm.current?.kind === 'LESSON' && vm.current.done).toBe(false);
  });

  it('counts the video watched from playback only and reports the stretches, not the seeks', async () => {
    const { vm, api } = player();
    await vm.load('c1');
    let now = 0;
    for (let s = 0; s <= 20; s += 0.25) vm.videoPosition('b-video', s, 60, (now += 250));
    vm.videoSeeked('b-video', 50);
    vm.videoPosition('b-video', 50.25, 60, (now += 250));
    vm.videoPaused('b-video', 50.25, 60);
    await settle();
    expect(api.watched.reduce((sum, [a, b]) => sum + (b - a), 0)).toBeCloseTo(20.25);
    expect(vm.videoDone.get('b-video')).toBe(false);
    for (let s = 20; s <= 60; s += 0.25) vm.videoPosition('b-video', s, 60, (now += 250));
    vm.videoPaused('b-video', 60, 60); // ended
    await settle();
    expect(vm.videoDone.get('b-video')).toBe(true);
    expect(api.position).toBeGreaterThan(50);
  });

  it('marks the lesson done once the transcript is read and the box ticked, then moves to the quiz', async () => {
    const { vm, api, timers } = player();
    await vm.load('c1');
    await vm.transcriptRead('b-video');
    vm.give('b-tick', { type: 'CHECKBOX_WITH_TEXT', checked: true });
    expect(vm.lessonMissing).toEqual([]);
    const done = vm.markDone();
    timers.fire();
    await done;
    expect(api.lessonDone).toBe(true);
    expect(vm.progressPercent).toBe(50);
    expect(vm.current?.contentId).toBe('q1');
  });

  it('fails a quiz, shows which answers were wrong and the attempts left, retries and passes, then completes', async () => {
    const api = new FakeTrainingApi();
    api.lessonDone = true;
    api.transcriptRead = true;
    const { vm } = player(api);
    await vm.load('c1');
    expect(vm.current?.kind).toBe('QUIZ');

    await vm.submitQuiz();
    expect(vm.quizMessage).toBe('Answer question 1 before you submit.');

    vm.give('qa', { type: 'MULTIPLE_CHOICE', choice: 'a' });
    vm.give('qb', { type: 'MULTIPLE_CHOICE', choice: 'b' });
    await vm.submitQuiz();
    expect(vm.result).toMatchObject({ score: 50, passed: false, attemptsLeft: 2 });
    expect(vm.outcomeOf('qb')?.correct).toBe(false);
    expect(vm.outcomeOf('qb')?.correctAnswer).toBeUndefined();
    expect(vm.attemptsLeft).toBe(2);
    expect(vm.canRetry).toBe(true);

    vm.tryAgain();
    expect(vm.answerOf('qa')).toBeUndefined();
    vm.give('qa', { type: 'MULTIPLE_CHOICE', choice: 'a' });
    vm.give('qb', { type: 'MULTIPLE_CHOICE', choice: 'a' });
    await vm.submitQuiz();
    expect(vm.result).toMatchObject({ score: 100, passed: true });
    expect(vm.canRetry).toBe(false);
    expect(vm.completed).toBe(true);
    expect(vm.course?.completion?.certificateCode).toBe('ACME-7K2P-9XQ4');
    vm.finish();
    expect(vm.showCompletion).toBe(true);
    const file = await vm.certificate();
    expect(file?.name).toBe('preventing-sexual-harassment-at-work-certificate.pdf');
  });

  it('keeps a quiz’s choices on the device until the attempt is sent, so a reload finds them', async () => {
    const api = new FakeTrainingApi();
    api.lessonDone = true;
    const { vm, drafts } = player(api);
    await vm.load('c1');
    vm.give('qa', { type: 'MULTIPLE_CHOICE', choice: 'b' });
    const again = player(api, new FakeLanguagePreference(), drafts).vm;
    await again.load('c1');
    expect(again.current?.contentId).toBe('q1');
    expect(again.answerOf('qa')).toEqual({ type: 'MULTIPLE_CHOICE', choice: 'b' });
    again.give('qb', { type: 'MULTIPLE_CHOICE', choice: 'a' });
    await again.submitQuiz();
    expect(again.result?.passed).toBe(false);
    expect(drafts.saved.size).toBe(0);
  });

  it('opens a completed course on its completion page', async () => {
    const api = new FakeTrainingApi();
    Object.assign(api, { lessonDone: true, passed: true, attemptsUsed: 1, completedAt: '2026-11-25T10:00:00.000Z' });
    const { vm } = player(api);
    await vm.load('c1');
    expect(vm.showCompletion).toBe(true);
  });

  it('tells a course that is not the learner’s from a failure', async () => {
    const { ApiError } = await import('../../../src/application/shared/api-error');
    const { vm, api } = player();
    api.failing = new ApiError('not-found', 'NOT_FOUND', 'No such course');
    await vm.load('c1');
    expect(vm.status).toBe('not-found');
  });
});

describe('VerifyCertificateViewModel', () => {
  it('shows every printed field of a known code, and a clear not-found for an unknown one', async () => {
    const api = new FakeTrainingApi();
    api.certificates.set('ACME-7K2P-9XQ4', {
      code: 'ACME-7K2P-9XQ4',
      learnerName: 'Esha Employee',
      courseTitle: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम',
      completedAt: '2026-11-25',
      expiresAt: null,
      issuedAt: '2026-11-25',
      workspaceName: 'Acme',
      fields: [{ label: 'Language', value: 'Hindi (हिन्दी)' }],
      valid: true,
    });
    const vm = new VerifyCertificateViewModel(api);
    await vm.load('ACME-7K2P-9XQ4');
    expect(vm.status).toBe('found');
    expect(vm.rows.map((r) => r.label)).toEqual([
      'Name',
      'Course',
      'Completed on',
      'Valid until',
      'Issued on',
      'Issued by',
      'Language',
      'Verification code',
    ]);
    expect(vm.rows.find((r) => r.label === 'Valid until')?.value).toBe('Does not expire');
    await vm.load('NOPE-0000');
    expect(vm.status).toBe('not-found');
  });
});
