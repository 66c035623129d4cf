import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { BlockAnswer } from '../../contracts/learning/blocks.contract';
import { ApiError, describeError } from '../../application/shared/api-error';
import type {
  LanguagePreference,
  QuizDrafts,
  TrainingApi,
  AttemptResult,
  PlayerBlock,
  PlayerContent,
  PlayerCourse,
  PlayerLesson,
  PlayerQuiz,
} from '../../application/training/training-api.port';
import {
  isGiven,
  type CompleteLesson,
  type DownloadCertificate,
  type HandInFile,
  type ReportVideoProgress,
  type SaveAnswer,
  type SubmitQuizAttempt,
} from '../../application/training/training.use-cases';
import type {
  ChooseCourseLanguage,
  DiscardQuizDraft,
  KeepQuizDraft,
} from '../../application/training/on-device.use-cases';
import { formatBytes, handInAccept, handInLimits, type HandInKind } from '../../domain/files/uploads';
import { isScored, type LearnerBlock } from '../../domain/courses/blocks';
import { defaultLanguage, LANGUAGE_LABELS, type CourseLanguage } from '../../domain/courses/course';
import { WatchTracker } from '../../domain/courses/video-watch';
import { AnswerSaver, type Timers } from './answer-saver';

/** A video counts as watched from this share of its length (the last second or two of credits need not be sat through). */
export const WATCHED_SHARE = 0.95;
/** How often, at most, the watched progress is reported while a video plays. */
export const VIDEO_REPORT_EVERY_MS = 10_000;

/**
 * The course player: the course in the learner's language (the remembered one, else the primary), its lessons and
 * quizzes in order, the answers saved as they are given, videos' watched time reported, lessons marked done and
 * quizzes handed to the server for scoring; then the completion and the certificate. Undecorated: built by the
 * factory of ./player.wiring.ts, in the light player entry and in the app alike.
 */
/** The learner's writes in the player, each a use case: an answer, a video's progress, a lesson done. */
export interface LearnerWrites {
  saveAnswer: SaveAnswer;
  reportVideo: ReportVideoProgress;
  completeLesson: CompleteLesson;
  /** What this device remembers: the course's language, a quiz's answers until the attempt is sent. */
  chooseLanguage: ChooseCourseLanguage;
  keepQuizDraft: KeepQuizDraft;
  discardQuizDraft: DiscardQuizDraft;
}

export class PlayerViewModel {
  status: 'loading' | 'ready' | 'not-found' | 'error' = 'loading';
  error: string | null = null;
  course: PlayerCourse | null = null;
  courseId = '';
  index = 0;
  /** The completion page is shown (after the last step, or on opening a completed course). */
  showCompletion = false;
  languageLoading = false;

  readonly answers = observable.map<string, BlockAnswer>();
  readonly saver: AnswerSaver;

  /** Why the lesson cannot be marked done yet (the server's words or ours). */
  lessonMessage: string | null = null;
  marking = false;

  submitting = false;
  quizMessage: string | null = null;
  /** The attempt just submitted (or the last one, on opening a quiz), shown until the learner tries again. */
  result: AttemptResult | null = null;

  downloading = false;
  downloadError: string | null = null;

  readonly videoDone = observable.map<string, boolean>();
  /** Ask-for-a-file blocks: the file handed in (its name and a short-lived link), and the upload under way. */
  readonly handedIn = observable.map<string, { fileName: string; url: string }>();
  readonly handIns = observable.map<string, HandInProgress>();
  /** A lesson's knowledge check: whether the saved answer is right (the server's word; never which option is). */
  readonly correct = observable.map<string, boolean | null>();
  private readonly trackers = new Map<string, WatchTracker>();
  private readonly reportedAt = new Map<string, number>();
  private readonly nearEndReported = new Set<string>();
  /** Quizzes with a new attempt under way (answers given since the last result). */
  private readonly drafted = new Set<string>();

  constructor(
    private readonly api: TrainingApi,
    private readonly preference: LanguagePreference,
    private readonly submitAttempt: SubmitQuizAttempt,
    private readonly downloadCertificate: DownloadCertificate,
    private readonly drafts: QuizDrafts,
    private readonly learnerWrites: LearnerWrites,
    timers?: Timers,
    private readonly handInFile?: HandInFile,
  ) {
    this.saver = new AnswerSaver(
      async (input) => {
        const saved = await this.learnerWrites.saveAnswer.execute(input);
        if (!saved.ok) return saved;
        runInAction(() => {
          if (!this.course) return;
          this.course.progressPercent = saved.progressPercent;
          this.course.status = saved.status;
          this.correct.set(input.blockId, saved.correct);
        });
        return saved;
      },
      600,
      timers,
    );
    makeAutoObservable<
      PlayerViewModel,
      'trackers' | 'reportedAt' | 'nearEndReported' | 'drafted' | 'drafts' | 'handInFile' | 'learnerWrites'
    >(
      this,
      {
        trackers: false,
        reportedAt: false,
        nearEndReported: false,
        drafted: false,
        drafts: false,
        handInFile: false,
        learnerWrites: false,
      },
      { autoBind: true },
    );
  }

  async load(courseId: string): Promise<void> {
    this.courseId = courseId;
    this.status = 'loading';
    this.error = null;
    try {
      const course = await this.api.player(courseId, this.preference.get(courseId) ?? undefined);
      runInAction(() => {
        this.take(course);
        this.index = this.resumeIndex;
        this.result = this.shownResult(this.current);
        this.showCompletion = course.status === 'COMPLETED';
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status =
          ApiError.is(error) && (error.reason === 'not-found' || error.reason === 'forbidden') ? 'not-found' : 'error';
        this.error = describeError(error);
      });
    }
  }

  private take(course: PlayerCourse): void {
    this.course = course;
    this.answers.clear();
    this.correct.clear();
    this.handedIn.clear();
    for (const content of course.contents) {
      for (const block of blocksOf(content)) {
        if (block.answer) this.answers.set(block.blockId, block.answer);
        if (block.handedIn) this.handedIn.set(block.blockId, block.handedIn);
        if (block.correct !== undefined && block.correct !== null) this.correct.set(block.blockId, block.correct);
      }
      if (content.kind === 'LESSON') {
        for (const block of content.blocks) {
          if (block.video) {
            this.trackers.set(block.blockId, new WatchTracker(block.video.watched));
            this.videoDone.set(block.blockId, block.video.complete);
          }
        }
      }
    }
    // A quiz being taken when the tab closed: its choices come back from this device.
    for (const content of course.contents) {
      if (content.kind !== 'QUIZ' || content.passed) continue;
      const draft = this.drafts.get(course.courseId, content.contentId);
      if (Object.keys(draft).length === 0) continue;
      for (const q of content.questions) this.answers.delete(q.blockId);
      for (const [id, answer] of Object.entries(draft))
        if (content.questions.some((q) => q.blockId === id)) this.answers.set(id, answer);
      this.drafted.add(content.contentId);
    }
    const current = course.contents[this.index];
    this.result = this.shownResult(current);
  }

  /** A quiz shows its last attempt's result, unless the learner has started a new attempt. */
  private shownResult(content: PlayerContent | null | undefined): AttemptResult | null {
    if (!content || content.kind !== 'QUIZ') return null;
    return this.drafted.has(content.contentId) ? null : content.lastAttempt;
  }

  /** Where a learner comes back to: the first lesson not done or quiz not passed, else the last. */
  get resumeIndex(): number {
    const contents = this.course?.contents ?? [];
    const open = contents.findIndex((c) => (c.kind === 'LESSON' ? !c.done : !c.passed));
    return open >= 0 ? open : Math.max(0, contents.length - 1);
  }

  get language(): CourseLanguage | null {
    return this.course?.language ?? null;
  }

  get primary(): CourseLanguage {
    return (this.course && defaultLanguage(this.course.languages)) ?? 'ENGLISH';
  }

  get languageOptions(): { value: CourseLanguage; label: string }[] {
    return (this.course?.languages ?? []).map((l) => ({ value: l.language, label: LANGUAGE_LABELS[l.language] }));
  }

  /** The course's language chosen here is remembered on this device for this course. */
  async chooseLanguage(language: CourseLanguage): Promise<void> {
    if (!this.course || language === this.course.language) return;
    this.learnerWrites.chooseLanguage.execute(this.courseId, language);
    this.languageLoading = true;
    await this.saver.flushAll();
    const at = this.current?.contentId;
    try {
      const course = await this.api.player(this.courseId, language);
      runInAction(() => {
        const index = course.contents.findIndex((c) => c.contentId === at);
        this.index = index >= 0 ? index : 0;
        this.take(course);
        this.error = null;
      });
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    } finally {
      runInAction(() => (this.languageLoading = false));
    }
  }

  get contents(): PlayerContent[] {
    return this.course?.contents ?? [];
  }

  get current(): PlayerContent | null {
    return this.contents[this.index] ?? null;
  }

  get progressPercent(): number {
    return this.course?.progressPercent ?? 0;
  }

  /** The outline: each step with whether it is done, and whether it may be opened (in order: one step past the last done). */
  get outline(): {
    contentId: string;
    title: string;
    kind: 'LESSON' | 'QUIZ';
    done: boolean;
    current: boolean;
    position: number;
  }[] {
    return this.contents.map((c, i) => ({
      contentId: c.contentId,
      title: c.title,
      kind: c.kind,
      done: c.kind === 'LESSON' ? c.done : c.passed,
      current: i === this.index && !this.showCompletion,
      position: i + 1,
    }));
  }

  open(index: number): void {
    if (index < 0 || index >= this.contents.length) return;
    void this.saver.flushAll();
    this.index = index;
    this.showCompletion = false;
    this.lessonMessage = null;
    this.quizMessage = null;
    this.result = this.shownResult(this.contents[index]);
  }

  next(): void {
    if (this.index + 1 < this.contents.length) this.open(this.index + 1);
    else if (this.course?.status === 'COMPLETED') this.showCompletion = true;
  }

  previous(): void {
    if (this.showCompletion) {
      this.showCompletion = false;
      return;
    }
    this.open(this.index - 1);
  }

  // ---- ask-for-a-file blocks --------------------------------------------------------------------------------

  /** Whether this player can take files (no file storage configured: the block says so instead of a picker). */
  get canHandIn(): boolean {
    return Boolean(this.handInFile);
  }

  /** The kinds and limits an ask-for-a-file block takes, in words, said before the learner picks a file. */
  handInLimitsOf(accept: readonly string[]): string {
    return this.handInFile ? handInLimits(kindsOf(accept), this.handInFile.limits) : '';
  }

  handInAcceptOf(accept: readonly string[]): string {
    return handInAccept(kindsOf(accept));
  }

  handInOf(blockId: string): HandInProgress | undefined {
    return this.handIns.get(blockId);
  }

  /** Uploads the learner's file for the block with a progress bar, then hands it in (saves it as the answer). */
  async handIn(blockId: string, file: Blob & { name: string }): Promise<void> {
    const block = this.findBlock(blockId);
    if (!block || block.block.type !== 'ASK_TO_UPLOAD_RESOURCE' || !this.handInFile) return;
    this.handIns.get(blockId)?.controller?.abort();
    const progress = new HandInProgress(file.name, file.size);
    this.handIns.set(blockId, progress);
    const outcome = await this.handInFile.execute(
      { courseId: this.courseId, blockId, accept: kindsOf(block.block.accept), file },
      (sent, total) => progress.update(sent, total),
      progress.controller!.signal,
    );
    if (this.handIns.get(blockId) !== progress) return;
    if (!outcome.ok) {
      progress.end(outcome.reason === 'cancelled' ? 'idle' : 'error', outcome.message);
      return;
    }
    this.give(blockId, { type: 'ASK_TO_UPLOAD_RESOURCE', fileId: outcome.file.fileId });
    await this.saver.flushAll();
    runInAction(() => {
      if (this.saver.failed.includes(blockId)) {
        progress.end('error', 'The file is uploaded but not handed in yet: try saving again.');
        return;
      }
      this.handedIn.set(blockId, { fileName: outcome.file.fileName, url: outcome.file.downloadUrl });
      progress.end('done', `${outcome.file.fileName} handed in (${formatBytes(outcome.file.size)}).`);
    });
  }

  cancelHandIn(blockId: string): void {
    this.handIns.get(blockId)?.controller?.abort();
  }

  answerOf(blockId: string): BlockAnswer | undefined {
    return this.answers.get(blockId);
  }

  /** An answer given: kept, and in a lesson saved (after a short pause). A quiz's answers go with the attempt. */
  give(blockId: string, answer: BlockAnswer): void {
    const content = this.current;
    if (!content) return;
    this.answers.set(blockId, answer);
    if (content.kind === 'LESSON') {
      this.lessonMessage = null;
      this.correct.delete(blockId);
      this.saver.give({
        courseId: this.courseId,
        contentId: content.contentId,
        blockId,
        answer,
        language: this.course?.language,
      });
    } else {
      this.quizMessage = null;
      this.drafted.add(content.contentId);
      this.learnerWrites.keepQuizDraft.execute(
        this.courseId,
        content.contentId,
        Object.fromEntries(
          content.questions.flatMap((q) => {
            const given = this.answers.get(q.blockId);
            return given ? [[q.blockId, given]] : [];
          }),
        ),
      );
    }
  }

  // ---- video -------------------------------------------------------------------------------------------------

  resumeAt(blockId: string): number {
    const block = this.findBlock(blockId);
    return block?.video?.positionSeconds ?? 0;
  }

  /** A position reported while the video plays; seeks are told apart by `seeked`. Reported at most every 10 s. */
  videoPosition(blockId: string, seconds: number, duration: number | undefined, now = Date.now()): void {
    const tracker = this.tracker(blockId);
    tracker.position(seconds);
    if (
      duration &&
      tracker.watchedSeconds >= duration * WATCHED_SHARE - 0.25 &&
      !this.videoDone.get(blockId) &&
      !this.nearEndReported.has(blockId)
    ) {
      // Watched (as far as this device can tell): report now, and the server says whether it counts.
      this.nearEndReported.add(blockId);
      this.reportedAt.set(blockId, now);
      void this.reportVideo(blockId, seconds, duration);
      return;
    }
    if (now - (this.reportedAt.get(blockId) ?? 0) >= VIDEO_REPORT_EVERY_MS) {
      this.reportedAt.set(blockId, now);
      void this.reportVideo(blockId, seconds, duration);
    }
  }

  videoSeeked(blockId: string, seconds: number): void {
    this.tracker(blockId).seeked(seconds);
  }

  /** Paused or ended: the stretch ends and what was watched is reported now. */
  videoPaused(blockId: string, seconds: number, duration: number | undefined): void {
    this.tracker(blockId).pause();
    void this.reportVideo(blockId, seconds, duration);
  }

  watchedSeconds(blockId: string): number {
    return this.tracker(blockId).watchedSeconds;
  }

  private tracker(blockId: string): WatchTracker {
    let tracker = this.trackers.get(blockId);
    if (!tracker) this.trackers.set(blockId, (tracker = new WatchTracker()));
    return tracker;
  }

  private async reportVideo(blockId: string, seconds: number, duration: number | undefined): Promise<void> {
    const content = this.current;
    if (!content || content.kind !== 'LESSON') return;
    const tracker = this.tracker(blockId);
    const fresh = tracker.takeFresh();
    try {
      const reported = await this.learnerWrites.reportVideo.execute({
        courseId: this.courseId,
        contentId: content.contentId,
        blockId,
        positionSeconds: Math.floor(seconds * 10) / 10,
        watched: fresh,
        durationSeconds: duration && duration > 0 ? duration : undefined,
        language: this.course?.language,
      });
      if (!reported.ok) {
        tracker.giveBack(fresh);
        return;
      }
      runInAction(() => {
        this.videoDone.set(blockId, reported.complete);
        const block = this.findBlock(blockId);
        if (block?.video) block.video.positionSeconds = seconds;
      });
    } catch {
      // Progress is reported again on the next tick or pause, with these stretches; a lost report only delays it.
      tracker.giveBack(fresh);
    }
  }

  private findBlock(blockId: string): PlayerBlock | undefined {
    for (const content of this.contents) {
      const found = blocksOf(content).find((b) => b.blockId === blockId);
      if (found) return found;
    }
    return undefined;
  }

  // ---- lessons -----------------------------------------------------------------------------------------------

  /** What the current lesson still needs before it can be marked done, in words (empty: it can be). */
  get lessonMissing(): string[] {
    const lesson = this.current;
    if (!lesson || lesson.kind !== 'LESSON' || lesson.done) return [];
    const missing: string[] = [];
    lesson.blocks.forEach((b, i) => {
      const answer = this.answers.get(b.blockId);
      switch (b.block.type) {
        case 'CHECKBOX_WITH_TEXT':
          if (b.block.required && !(answer?.type === 'CHECKBOX_WITH_TEXT' && answer.checked))
            missing.push(`Tick “${short(b.block.label)}”`);
          break;
        case 'INPUT_BOX':
          if (b.block.required && !isGiven(answer)) missing.push(`Answer “${short(b.block.prompt)}”`);
          break;
        case 'VOTE':
          if (!answer) missing.push(`Vote in “${short(b.block.prompt)}”`);
          break;
        case 'ASK_TO_UPLOAD_RESOURCE':
          if (b.block.required && !answer) missing.push(`Hand in the file asked for in “${short(b.block.prompt)}”`);
          break;
        case 'VIDEO':
          if (!this.videoDone.get(b.blockId)) {
            missing.push(
              b.block.transcript
                ? `Watch the video${b.block.title ? ` “${short(b.block.title)}”` : ''} to the end, or read its transcript and press “I have read the transcript”`
                : `Watch the video${b.block.title ? ` “${short(b.block.title)}”` : ''} to the end`,
            );
          }
          break;
        default:
          // The question by its words, never by its position ("block 3" is the author's word, not the learner's).
          if (isScored(b.block.type) && !isGiven(answer)) missing.push(`Answer “${short(questionOf(b.block))}”`);
      }
    });
    return missing;
  }

  /** The learner read the video's transcript instead of watching (captions and transcripts serve those who cannot watch). */
  async transcriptRead(blockId: string): Promise<void> {
    const content = this.current;
    if (!content || content.kind !== 'LESSON') return;
    try {
      const reported = await this.learnerWrites.reportVideo.execute({
        courseId: this.courseId,
        contentId: content.contentId,
        blockId,
        positionSeconds: this.resumeAt(blockId),
        watched: [],
        transcriptRead: true,
        language: this.course?.language,
      });
      runInAction(() => {
        if (!reported.ok) {
          this.lessonMessage = reported.message;
          return;
        }
        this.videoDone.set(blockId, reported.complete);
        this.lessonMessage = null;
      });
    } catch (error) {
      runInAction(() => (this.lessonMessage = describeError(error)));
    }
  }

  async markDone(): Promise<void> {
    const lesson = this.current;
    if (!lesson || lesson.kind !== 'LESSON' || !this.course) return;
    const missing = this.lessonMissing;
    if (missing.length) {
      this.lessonMessage = `Before this lesson is done: ${missing.join('; ')}.`;
      return;
    }
    this.marking = true;
    this.lessonMessage = null;
    await this.saver.flushAll();
    if (this.saver.failed.length) {
      runInAction(() => {
        this.marking = false;
        this.lessonMessage = 'Some answers are not saved yet. Try saving them again first.';
      });
      return;
    }
    try {
      const outcome = await this.learnerWrites.completeLesson.execute(
        this.courseId,
        lesson.contentId,
        this.course.language,
      );
      runInAction(() => {
        if (!outcome.ok) {
          const missing = Object.entries(outcome.fields).map(([blockId, reason]) => {
            const at = (lesson as PlayerLesson).blocks.findIndex((b) => b.blockId === blockId);
            return at >= 0 ? `“${short(questionOf((lesson as PlayerLesson).blocks[at]!.block))}”: ${reason}` : reason;
          });
          this.lessonMessage = missing.length ? `${outcome.message} (${missing.join('; ')})` : outcome.message;
          return;
        }
        (lesson as PlayerLesson).done = true;
        this.course!.progressPercent = outcome.course.progressPercent;
        this.course!.status = outcome.course.status;
        if (outcome.course.completed) this.showCompletion = true;
        else this.next();
      });
    } catch (error) {
      runInAction(() => (this.lessonMessage = describeError(error)));
    } finally {
      runInAction(() => (this.marking = false));
    }
  }

  // ---- quizzes -----------------------------------------------------------------------------------------------

  get attemptsLeft(): number | null {
    const quiz = this.current;
    if (!quiz || quiz.kind !== 'QUIZ' || quiz.maxAttempts === null) return null;
    return Math.max(0, quiz.maxAttempts - quiz.attemptsUsed);
  }

  get canRetry(): boolean {
    const quiz = this.current;
    return !!quiz && quiz.kind === 'QUIZ' && !quiz.passed && (this.attemptsLeft === null || this.attemptsLeft > 0);
  }

  async submitQuiz(): Promise<void> {
    const quiz = this.current;
    if (!quiz || quiz.kind !== 'QUIZ' || !this.course) return;
    this.submitting = true;
    this.quizMessage = null;
    try {
      const outcome = await this.submitAttempt.execute(this.courseId, quiz, this.answers, this.course.language);
      runInAction(() => {
        if (!outcome.ok) {
          this.quizMessage = outcome.message;
          return;
        }
        const { result } = outcome;
        this.learnerWrites.discardQuizDraft.execute(this.courseId, quiz.contentId);
        this.drafted.delete(quiz.contentId);
        const q = quiz as PlayerQuiz;
        q.attemptsUsed = result.attemptsUsed;
        q.passed = q.passed || result.passed;
        q.lastAttempt = result;
        if (result.attemptsLeft !== null && q.maxAttempts === null)
          q.maxAttempts = result.attemptsUsed + result.attemptsLeft;
        this.result = result;
        if (result.courseCompleted) {
          this.course!.status = 'COMPLETED';
          this.course!.progressPercent = 100;
        }
      });
      if (outcome.ok) await this.refreshProgress();
    } catch (error) {
      runInAction(() => (this.quizMessage = describeError(error)));
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  /** Clears the quiz's answers for a new attempt. */
  tryAgain(): void {
    const quiz = this.current;
    if (!quiz || quiz.kind !== 'QUIZ' || !this.canRetry) return;
    for (const q of quiz.questions) this.answers.delete(q.blockId);
    this.drafted.add(quiz.contentId);
    this.result = null;
    this.quizMessage = null;
  }

  /** The server's progress and status after a step (the course may be complete). */
  private async refreshProgress(): Promise<void> {
    try {
      const course = await this.api.player(this.courseId, this.course?.language);
      runInAction(() => {
        if (!this.course) return;
        this.course.progressPercent = course.progressPercent;
        this.course.status = course.status;
        this.course.completedAt = course.completedAt;
        this.course.completion = course.completion;
        this.course.certificateAvailable = course.certificateAvailable;
      });
    } catch {
      // The attempt's own answer is already shown; the progress catches up on the next load.
    }
  }

  /** The quiz's result per question, for marking wrong answers. */
  outcomeOf(blockId: string) {
    return this.result?.questions.find((q) => q.blockId === blockId);
  }

  get completed(): boolean {
    return this.course?.status === 'COMPLETED';
  }

  finish(): void {
    if (this.completed) this.showCompletion = true;
  }

  async certificate(): Promise<{ name: string; content: Blob } | null> {
    if (!this.course) return null;
    this.downloading = true;
    this.downloadError = null;
    try {
      return await this.downloadCertificate.execute(this.courseId, this.course.title);
    } catch (error) {
      runInAction(() => (this.downloadError = describeError(error)));
      return null;
    } finally {
      runInAction(() => (this.downloading = false));
    }
  }

  dispose(): void {
    this.saver.dispose();
  }
}

function blocksOf(content: PlayerContent): PlayerBlock[] {
  return content.kind === 'LESSON' ? content.blocks : content.questions;
}

/** What names a block to the learner: its question or label, whichever it has. */
function questionOf(block: LearnerBlock): string {
  if ('prompt' in block) return block.prompt;
  if (block.type === 'FILL_IN_BLANK') return block.sentence.replace(/\{\{[^}]*\}\}|_{2,}/g, '…');
  if (block.type === 'CHECKBOX_WITH_TEXT') return block.label;
  if (block.type === 'VIDEO') return block.title ?? 'the video';
  if (block.type === 'IMAGE') return block.altText;
  return 'the question';
}

function short(text: string): string {
  const t = text.trim();
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
}

function kindsOf(accept: readonly string[]): HandInKind[] {
  return accept.filter((a): a is HandInKind => a === 'PDF' || a === 'IMAGE' || a === 'DOCUMENT');
}

/** One hand-in upload: bytes sent of the total, cancel while sending, the outcome in words. */
export class HandInProgress {
  status: 'uploading' | 'done' | 'error' | 'idle' = 'uploading';
  sent = 0;
  message: string | null = null;
  controller: AbortController | null = new AbortController();

  constructor(
    readonly fileName: string,
    public total: number,
  ) {
    makeAutoObservable<HandInProgress, 'controller'>(this, { controller: false }, { autoBind: true });
  }

  get percent(): number {
    return this.total > 0 ? Math.min(100, Math.floor((this.sent / this.total) * 100)) : 0;
  }

  update(sent: number, total: number): void {
    this.sent = sent;
    this.total = total;
  }

  end(status: 'done' | 'error' | 'idle', message: string): void {
    this.status = status;
    this.message = message;
    this.controller = null;
  }
}
