import { CompleteLesson, ReportVideoProgress, SaveAnswer } from '../../src/application/training/training.use-cases';
import {
  ChooseCourseLanguage,
  DiscardQuizDraft,
  KeepQuizDraft,
} from '../../src/application/training/on-device.use-cases';
import type { LearnerWrites } from '../../src/ui/training/player.view-model';
import { refuse } from '../../src/application/shared/refusal';
import type { BlockAnswer } from '../../src/contracts/learning/blocks.contract';
import type {
  AnswerInput,
  AttemptOutcome,
  CertificateVerificationApi,
  CourseProgress,
  DownloadedFile,
  LanguagePreference,
  LessonCompletion,
  MyCourse,
  PlayerCourse,
  PlayerLesson,
  PlayerQuiz,
  QuizDrafts,
  TrainingApi,
  VerifiedCertificate,
  VideoProgressInput,
} from '../../src/application/training/training-api.port';
import type { ConfirmedFile, UploadTarget } from '../../src/application/courses/authoring/course-files.port';
import type { CourseLanguage } from '../../src/domain/courses/course';
import { mergeRanges, totalSeconds, type Range } from '../../src/domain/courses/video-watch';

const WORDS = {
  ENGLISH: {
    title: 'Preventing Sexual Harassment at Work',
    lesson: 'What harassment is',
    quiz: 'Check your understanding',
    body: 'Harassment is unwelcome conduct.',
    tick: 'I have read this',
  },
  HINDI: {
    title: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम',
    lesson: 'उत्पीड़न क्या है',
    quiz: 'अपनी समझ जाँचें',
    body: 'उत्पीड़न अवांछित आचरण है।',
    tick: 'मैंने यह पढ़ लिया है',
  },
} as const;

/**
 * An in-memory learner API over one course (a lesson: text, a required tick box, a 60-second video with a
 * transcript; a quiz of two single-answer questions, pass mark 70, three attempts). It keeps what the learner gave
 * as the server would, and scores the quiz itself (the right option is always `a`).
 */
export class FakeTrainingApi implements TrainingApi, CertificateVerificationApi {
  answers = new Map<string, BlockAnswer>();
  watched: Range[] = [];
  position = 0;
  transcriptRead = false;
  lessonDone = false;
  attemptsUsed = 0;
  passed = false;
  completedAt: string | null = null;
  /** The lesson also has a required ask-for-a-file block (b-ask, PDF or image). */
  withAskBlock = false;
  /** Calls fail while this is set (a lost connection). */
  failing: Error | null = null;
  calls: { method: string; args: unknown[] }[] = [];

  private check(method: string, ...args: unknown[]): void {
    this.calls.push({ method, args });
    if (this.failing) throw this.failing;
  }

  private get progress(): CourseProgress {
    const done = (this.lessonDone ? 1 : 0) + (this.passed ? 1 : 0);
    return {
      progressPercent: Math.floor((done / 2) * 100),
      status:
        done === 2
          ? 'COMPLETED'
          : this.answers.size || this.attemptsUsed || this.lessonDone
            ? 'IN_PROGRESS'
            : 'NOT_STARTED',
    };
  }

  async myCourses(): Promise<MyCourse[]> {
    this.check('myCourses');
    return [
      {
        courseId: 'c1',
        title: WORDS.ENGLISH.title,
        ...this.progress,
        dueAt: '2026-12-01T00:00:00.000Z',
        completedAt: this.completedAt,
        expiresAt: null,
        next: this.lessonDone
          ? { kind: 'QUIZ', contentId: 'q1', title: WORDS.ENGLISH.quiz }
          : { kind: 'LESSON', contentId: 'l1', title: WORDS.ENGLISH.lesson },
        hasCertificate: this.passed,
      },
    ];
  }

  async player(courseId: string, language: CourseLanguage = 'ENGLISH'): Promise<PlayerCourse> {
    this.check('player', courseId, language);
    const w = language === 'HINDI' ? WORDS.HINDI : WORDS.ENGLISH;
    const lesson: PlayerLesson = {
      kind: 'LESSON',
      contentId: 'l1',
      title: w.lesson,
      done: this.lessonDone,
      blocks: [
        {
          blockId: 'b-text',
          block: { type: 'TEXT_AREA', body: w.body, alignment: 'LEFT', language, fallback: false },
          answer: null,
        },
        {
          blockId: 'b-tick',
          block: {
            type: 'CHECKBOX_WITH_TEXT',
            label: w.tick,
            required: true,
            alignment: 'LEFT',
            language,
            fallback: false,
          },
          answer: this.answers.get('b-tick') ?? null,
        },
        {
          blockId: 'b-video',
          block: {
            type: 'VIDEO',
            fileId: 'f1',
            durationSeconds: 60,
            transcript: 'Words of the video',
            alignment: 'LEFT',
            language,
            fallback: false,
          },
          answer: null,
          video: { positionSeconds: this.position, watched: this.watched, complete: this.videoComplete },
        },
        ...(this.withAskBlock
          ? [
              {
                blockId: 'b-ask',
                block: {
                  type: 'ASK_TO_UPLOAD_RESOURCE' as const,
                  prompt: 'Upload your signed form',
                  required: true,
                  accept: ['PDF', 'IMAGE'],
                  alignment: 'LEFT' as const,
                  language,
                  fallback: false,
                },
                answer: this.answers.get('b-ask') ?? null,
                handedIn: (() => {
                  const a = this.answers.get('b-ask');
                  return a?.type === 'ASK_TO_UPLOAD_RESOURCE'
                    ? { fileName: this.uploads.get(a.fileId)!.fileName, url: `/files/${a.fileId}?signed` }
                    : null;
                })(),
              },
            ]
          : []),
      ],
    };
    const quiz: PlayerQuiz = {
      kind: 'QUIZ',
      contentId: 'q1',
      title: w.quiz,
      passMark: 70,
      maxAttempts: 3,
      attemptsUsed: this.attemptsUsed,
      passed: this.passed,
      lastAttempt: null,
      questions: ['qa', 'qb'].map((id) => ({
        blockId: id,
        block: {
          type: 'MULTIPLE_CHOICE' as const,
          prompt: `Question ${id}`,
          options: [
            { key: 'a', label: 'Right' },
            { key: 'b', label: 'Wrong' },
          ],
          alignment: 'LEFT' as const,
          language,
          fallback: false,
        },
        answer: null,
      })),
    };
    return {
      courseId,
      title: w.title,
      language,
      languages: [
        { language: 'ENGLISH', priority: 'PRIMARY' },
        { language: 'HINDI', priority: 'SECONDARY' },
      ],
      ...this.progress,
      dueAt: '2026-12-01T00:00:00.000Z',
      completedAt: this.completedAt,
      contents: [lesson, quiz],
      certificateAvailable: this.passed && this.lessonDone,
      completion: this.completedAt
        ? { completedAt: this.completedAt, score: 100, attempts: this.attemptsUsed, certificateCode: 'ACME-7K2P-9XQ4' }
        : null,
      files: { f1: '/files/f1.webm' },
    };
  }

  private get videoComplete(): boolean {
    return this.transcriptRead || totalSeconds(this.watched) >= 57;
  }

  async saveAnswer(input: AnswerInput): Promise<CourseProgress & { correct: boolean | null }> {
    this.check('saveAnswer', input);
    this.answers.set(input.blockId, input.answer);
    return { ...this.progress, correct: null };
  }

  async completeLesson(courseId: string, lessonId: string): Promise<LessonCompletion> {
    this.check('completeLesson', courseId, lessonId);
    const tick = this.answers.get('b-tick');
    if (!this.videoComplete)
      return refuse('conflict', 'Watch every video first.', {
        code: 'VIDEO_NOT_WATCHED',
        fields: { 'b-video': 'Watch the video to the end' },
      });
    if (!(tick?.type === 'CHECKBOX_WITH_TEXT' && tick.checked))
      return refuse('conflict', 'Answer every required block.', {
        code: 'ANSWER_MISSING',
        fields: { 'b-tick': 'Tick the box' },
      });
    this.lessonDone = true;
    this.complete();
    return { ok: true, course: { ...this.progress, completed: this.progress.status === 'COMPLETED' } };
  }

  async videoProgress(input: VideoProgressInput): Promise<{ complete: boolean }> {
    this.check('videoProgress', input);
    this.position = input.positionSeconds;
    this.watched = mergeRanges([...this.watched, ...input.watched]);
    if (input.transcriptRead) this.transcriptRead = true;
    return { complete: this.videoComplete };
  }

  async submitAttempt(courseId: string, quizId: string, answers: Record<string, BlockAnswer>): Promise<AttemptOutcome> {
    this.check('submitAttempt', courseId, quizId, answers);
    if (this.attemptsUsed >= 3) return refuse('conflict', 'No attempts left.', { code: 'no-attempts-left' });
    this.attemptsUsed++;
    const questions = Object.entries(answers).map(([blockId, a]) => {
      const correct = a.type === 'MULTIPLE_CHOICE' && a.choice === 'a';
      return { blockId, correct, score: correct ? 1 : 0 };
    });
    const score = (questions.filter((q) => q.correct).length / questions.length) * 100;
    const passed = score >= 70;
    this.passed ||= passed;
    this.complete();
    return {
      ok: true,
      result: {
        attemptNumber: this.attemptsUsed,
        score,
        passMark: 70,
        passed,
        answersShown: passed,
        questions: questions.map((q) =>
          passed ? { ...q, correctAnswer: { type: 'MULTIPLE_CHOICE', choice: 'a' } } : q,
        ),
        attemptsUsed: this.attemptsUsed,
        attemptsLeft: 3 - this.attemptsUsed,
        courseCompleted: this.progress.status === 'COMPLETED',
      },
    };
  }

  private complete(): void {
    if (this.lessonDone && this.passed && !this.completedAt) this.completedAt = '2026-11-25T10:00:00.000Z';
  }

  async certificate(courseId: string): Promise<DownloadedFile> {
    this.check('certificate', courseId);
    return { name: '', content: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) };
  }

  /** Files uploaded for ask-for-a-file blocks, by id; `refuseNext` makes the next confirm a 415. */
  uploads = new Map<string, { fileName: string; size: number; blockId: string }>();
  refuseNext: Error | null = null;

  async requestHandIn(courseId: string, blockId: string, fileName: string, size: number): Promise<UploadTarget> {
    this.check('requestHandIn', courseId, blockId, fileName, size);
    const fileId = `up-${this.uploads.size + 1}`;
    this.uploads.set(fileId, { fileName, size, blockId });
    return { fileId, url: `/files/${fileId}`, method: 'PUT', headers: {}, maxBytes: 10 * 1024 * 1024 };
  }

  async confirmHandIn(fileId: string): Promise<ConfirmedFile> {
    this.check('confirmHandIn', fileId);
    if (this.refuseNext) {
      const error = this.refuseNext;
      this.refuseNext = null;
      this.uploads.delete(fileId);
      throw error;
    }
    const file = this.uploads.get(fileId)!;
    return {
      fileId,
      fileName: file.fileName,
      size: file.size,
      contentType: 'application/pdf',
      downloadUrl: `/files/${fileId}?signed`,
    };
  }

  certificates = new Map<string, VerifiedCertificate>();

  async verify(code: string): Promise<VerifiedCertificate | null> {
    this.check('verify', code);
    return this.certificates.get(code) ?? null;
  }
}

export class FakeLanguagePreference implements LanguagePreference {
  readonly saved = new Map<string, CourseLanguage>();
  get(courseId: string): CourseLanguage | null {
    return this.saved.get(courseId) ?? null;
  }
  set(courseId: string, language: CourseLanguage): void {
    this.saved.set(courseId, language);
  }
}

export class FakeQuizDrafts implements QuizDrafts {
  readonly saved = new Map<string, Record<string, BlockAnswer>>();
  get(courseId: string, quizId: string): Record<string, BlockAnswer> {
    return this.saved.get(`${courseId}/${quizId}`) ?? {};
  }
  set(courseId: string, quizId: string, answers: Record<string, BlockAnswer>): void {
    this.saved.set(`${courseId}/${quizId}`, answers);
  }
  clear(courseId: string, quizId: string): void {
    this.saved.delete(`${courseId}/${quizId}`);
  }
}

/** The player's write use cases on a training API and this device's memory (fakes, in these tests). */
export function learnerWrites(
  api: TrainingApi,
  preference: LanguagePreference = new FakeLanguagePreference(),
  drafts: QuizDrafts = new FakeQuizDrafts(),
): LearnerWrites {
  return {
    saveAnswer: new SaveAnswer(api),
    reportVideo: new ReportVideoProgress(api),
    completeLesson: new CompleteLesson(api),
    chooseLanguage: new ChooseCourseLanguage(preference),
    keepQuizDraft: new KeepQuizDraft(drafts),
    discardQuizDraft: new DiscardQuizDraft(drafts),
  };
}
