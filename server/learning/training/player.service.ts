import { randomBytes } from 'node:crypto';
import type { BlockAnswer, LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import type {
  AttemptResult,
  BlockState,
  Completion,
  LessonCompleted,
  LearnerStatus,
  MyCourse,
  NextItem,
  PlayerBlock,
  PlayerBlockContent,
  PlayerContent,
  PlayerCourse,
  PlayerQuestion,
  QuestionOutcome,
  SaveAnswerBody,
  SavedAnswer,
  SignedFile,
  SubmitAttemptBody,
  VideoProgress,
  VideoProgressBody,
  VideoState,
} from '../../../src/contracts/learning/player.contract';
import { learnerBlock, revealsAnswers, answerProblem } from '../../../src/domain/courses/blocks';
import { learnerStatus, recertification } from '../../../src/domain/courses/assignment-lifecycle';
import { languagesOf } from '../../platform/languages';
import type { CourseLanguage } from '../../../src/domain/courses/course';
import {
  answerCorrect,
  attemptLimit,
  attemptRefusal,
  attemptsLeft,
  choiceProblem,
  completionScore,
  courseProgress,
  creditWatched,
  lessonGaps,
  mergeRanges,
  scoreQuizAttempt,
  verificationCode,
  videoWatched,
  watchAllowance,
  coveredSeconds,
  type LearnerBlockState,
  type Range,
} from '../../../src/domain/courses/progress';
import { audit } from '../../platform/audit';
import { emitWebhookEvent } from '../../platform/webhooks/webhook-outbox';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome, type Refusal } from '../../platform/refusal';
import type { ContentModel, QuestionRow } from '../courses/course-model';
import * as repo from './player.repository';
import type { AssignmentRow, AttemptRow, CompletionRow, StateRow, StoredResult } from './player.repository';
import { courseTextIn, loadVersion, titleIn, type VersionModel } from './version-model';
import { instantText } from '../../../src/domain/shared/date-time';
import { systemClock } from '../../platform/clock';

export type { AssignmentRow } from './player.repository';

/** Who acts: a signed-in member of the workspace (a learner for their own courses). */
export interface Learner {
  workspaceId: string;
  userId: string;
  ip: string | null;
}

/** Signed links to confirmed files of the workspace (CourseFiles.links). */
export type FileLinks = (
  workspaceId: string,
  ids: readonly string[],
) => Promise<Map<string, { url: string; type: string; fileName: string }>>;

/** How long a signed link handed to the player lasts (server/learning/files/files.service.ts DOWNLOAD_SECONDS). */
const LINK_SECONDS = 60 * 60;
const isoOrNull = (value: Date | string | null | undefined) => (value ? instantText(value) : null);
const dateOf = (value: Date | string) => instantText(value).slice(0, 10);
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The refusal of a course the caller is not assigned (or a draft, or another workspace's). */
const NO_COURSE = refuse('not-found', 'NOT_FOUND', 'Course not found');
const noBlock = () =>
  refuse('not-found', 'NOT_FOUND', 'No such block in this course', { blockId: 'Not a block of this course' });

interface QuizTally {
  used: number;
  passed: boolean;
  best: number | null;
  last: AttemptRow | null;
  extra: number;
}

/** Everything the learner did in the current cycle of one assignment. */
export interface LearnerRecord {
  states: Map<string, StateRow>;
  lessons: Map<string, { done_at: Date | string; source: 'PLAYER' | 'ADMIN' }>;
  quizzes: Map<string, QuizTally>;
  completion: CompletionRow | null;
}

/**
 * The learner's side of a course, decided on the server: the player view of the assigned version, answers, video
 * progress with its seek rule, lesson completion, quiz attempts, completion (recorded once) and certificates.
 * Every query names the workspace; every state change is audited in its own transaction.
 */
export class PlayerService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly links: FileLinks | null,
  ) {}

  /** The caller's assignment of a published course; null otherwise (not assigned, draft, another workspace's). */
  assignment(tx: Sql, workspaceId: string, userId: string, courseId: string, lock = false) {
    return repo.liveAssignment(tx, workspaceId, userId, courseId, lock);
  }

  private today(): string {
    return this.now().toISOString().slice(0, 10);
  }

  private async record(tx: Sql, workspaceId: string, a: AssignmentRow): Promise<LearnerRecord> {
    const states = await repo.blockStates(tx, workspaceId, a);
    const lessons = await repo.lessonsDone(tx, workspaceId, a);
    const attempts = await repo.attempts(tx, workspaceId, a);
    const grants = await repo.attemptGrants(tx, workspaceId, a);
    const quizzes = new Map<string, QuizTally>();
    const tally = (quizId: string) => {
      let t = quizzes.get(quizId);
      if (!t) quizzes.set(quizId, (t = { used: 0, passed: false, best: null, last: null, extra: 0 }));
      return t;
    };
    for (const row of attempts) {
      const t = tally(row.quiz_id);
      t.used++;
      t.passed ||= row.passed;
      t.best = Math.max(t.best ?? 0, Number(row.score));
      t.last = row;
    }
    for (const g of grants) tally(g.quiz_id).extra = g.extra_attempts;
    const completion = await repo.cycleCompletion(tx, workspaceId, a);
    return {
      states: new Map(states.map((s) => [s.block_id, s])),
      lessons: new Map(lessons.map((l) => [l.lesson_id, { done_at: l.done_at, source: l.source }])),
      quizzes,
      completion,
    };
  }

  private progressOf(model: VersionModel, rec: Pick<LearnerRecord, 'lessons' | 'quizzes'>) {
    return courseProgress(
      model.contents.map((c) => ({
        contentId: c.id,
        kind: c.kind,
        done: c.kind === 'LESSON' ? rec.lessons.has(c.id) : (rec.quizzes.get(c.id)?.passed ?? false),
      })),
    );
  }

  private nextItem(model: VersionModel, next: { contentId: string } | null, language: CourseLanguage): NextItem | null {
    if (!next) return null;
    const c = model.contents.find((x) => x.id === next.contentId)!;
    return { contentId: c.id, kind: c.kind, title: titleIn(c, language, model.primary) };
  }

  private statusOf(
    a: AssignmentRow,
    rec:
      | LearnerRecord
      | { started: boolean; completion: { completed_at: Date | string; expires_on: Date | string | null } | null },
  ): LearnerStatus {
    const started =
      'started' in rec ? rec.started : rec.states.size > 0 || rec.lessons.size > 0 || rec.quizzes.size > 0;
    const completedAt = rec.completion?.completed_at ?? (a.status === 'COMPLETED' ? a.completed_at : null);
    return learnerStatus(
      {
        dueOn: a.due_at ? dateOf(a.due_at) : null,
        startedOn: started || a.status !== 'ASSIGNED' ? dateOf(a.assigned_at) : null,
        completedOn: completedAt ? dateOf(completedAt) : null,
        expiresOn: rec.completion?.expires_on ? dateOf(rec.completion.expires_on) : null,
      },
      this.today(),
    );
  }

  /** The language served: the one asked for where the course has it, else the course's primary. */
  private static languageOf(model: VersionModel, requested: CourseLanguage | undefined): CourseLanguage {
    if (requested && model.languages.some((l) => l.language === requested)) return requested;
    return model.primary;
  }

  /** The language asked for (the primary when none): one the course lacks is refused. */
  private static askedLanguage(model: VersionModel, requested: CourseLanguage | undefined): Outcome<CourseLanguage> {
    if (requested && !model.languages.some((l) => l.language === requested)) {
      return refuse('invalid', 'VALIDATION', `This course is not in ${requested}`, {
        language: `Choose one of: ${model.languages.map((l) => l.language).join(', ')}`,
      });
    }
    return ok(PlayerService.languageOf(model, requested));
  }

  // -------------------------------------------------------------------------------------------------------------
  // My training

  async myCourses(learner: Learner, language: CourseLanguage | undefined): Promise<MyCourse[]> {
    return this.db.tenant(learner.workspaceId, async (tx) => {
      const rows = await repo.liveAssignments(tx, learner.workspaceId, learner.userId);
      if (rows.length === 0) return [];
      // No language asked: the learner's own (their profile's, else the workspace's), where the course has it.
      language ??= (await languagesOf(tx, learner.workspaceId, [learner.userId])).get(learner.userId);
      const ids = rows.map((r) => r.id);
      const lessons = await repo.lessonsOfAssignments(tx, learner.workspaceId, ids);
      const passed = await repo.passedQuizzesOfAssignments(tx, learner.workspaceId, ids);
      const active = await repo.activeCycles(tx, learner.workspaceId, ids);
      const completions = await repo.completionsOfAssignments(tx, learner.workspaceId, ids);
      const key = (id: string, cycle: number) => `${id}:${cycle}`;
      const out: MyCourse[] = [];
      for (const a of rows) {
        const model = await loadVersion(tx, learner.workspaceId, a.course_id, a.course_version);
        const k = key(a.id, a.cycle);
        const rec = {
          lessons: new Map(
            lessons
              .filter((l) => key(l.assignment_id, l.cycle) === k)
              .map((l) => [l.lesson_id, { done_at: '', source: 'PLAYER' as const }]),
          ),
          quizzes: new Map(
            passed
              .filter((p) => key(p.assignment_id, p.cycle) === k)
              .map((p) => [p.quiz_id, { used: 1, passed: true, best: null, last: null, extra: 0 }]),
          ),
        };
        const completion = completions.find((c) => key(c.assignment_id, c.cycle) === k) ?? null;
        const progress = this.progressOf(model, rec);
        const served = PlayerService.languageOf(model, language);
        const text = courseTextIn(model, served);
        const started = active.some((x) => key(x.assignment_id, x.cycle) === k) || rec.lessons.size > 0;
        out.push({
          courseId: a.course_id,
          title: text.title,
          description: text.description,
          language: served,
          primaryLanguage: model.primary,
          languages: model.languages.map((l) => ({ language: l.language, priority: l.priority })),
          version: a.course_version,
          status: this.statusOf(a, { started, completion }),
          progressPercent: completion || a.status === 'COMPLETED' ? 100 : progress.percent,
          assignedAt: instantText(a.assigned_at),
          dueAt: isoOrNull(a.due_at),
          completedAt: isoOrNull(completion?.completed_at ?? (a.status === 'COMPLETED' ? a.completed_at : null)),
          expiresAt: completion?.expires_on ? `${dateOf(completion.expires_on)}T23:59:59.999Z` : null,
          next: completion || a.status === 'COMPLETED' ? null : this.nextItem(model, progress.next, served),
          hasCertificate: Boolean(completion?.code),
        });
      }
      const rank: Record<LearnerStatus, number> = {
        OVERDUE: 0,
        IN_PROGRESS: 1,
        NOT_STARTED: 2,
        EXPIRED: 3,
        COMPLETED: 4,
      };
      return out.sort(
        (x, y) =>
          rank[x.status] - rank[y.status] ||
          (x.dueAt ?? '9999').localeCompare(y.dueAt ?? '9999') ||
          y.assignedAt.localeCompare(x.assignedAt),
      );
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // The player view

  async playerView(
    learner: Learner,
    courseId: string,
    requested: CourseLanguage | undefined,
  ): Promise<Outcome<PlayerCourse>> {
    const found = await this.db.tenant(learner.workspaceId, async (tx) => {
      const a = await this.assignment(tx, learner.workspaceId, learner.userId, courseId);
      if (!a) return null;
      const model = await loadVersion(tx, learner.workspaceId, courseId, a.course_version);
      const own = requested
        ? undefined
        : (await languagesOf(tx, learner.workspaceId, [learner.userId])).get(learner.userId);
      return { a, model, rec: await this.record(tx, learner.workspaceId, a), own };
    });
    if (!found) return NO_COURSE;
    const { a, model, rec, own } = found;
    // An asked language the course lacks is refused; the learner's own language is used only where the course has it.
    const asked = requested ? PlayerService.askedLanguage(model, requested) : ok(PlayerService.languageOf(model, own));
    if (!asked.ok) return asked;
    const language = asked.value;
    const files = await this.signedFiles(learner.workspaceId, model, language, rec);
    const contents: PlayerContent[] = model.contents.map((c) =>
      c.kind === 'LESSON'
        ? this.lessonView(learner, model, c, rec, language, files)
        : this.quizView(model, c, rec, language),
    );
    const progress = this.progressOf(model, rec);
    const done = Boolean(rec.completion) || a.status === 'COMPLETED';
    const text = courseTextIn(model, language);
    return ok({
      courseId,
      version: a.course_version,
      title: text.title,
      description: text.description,
      language,
      primaryLanguage: model.primary,
      languages: model.languages.map((l) => ({ language: l.language, priority: l.priority })),
      status: this.statusOf(a, rec),
      progressPercent: done ? 100 : progress.percent,
      assignedAt: instantText(a.assigned_at),
      dueAt: isoOrNull(a.due_at),
      contents,
      next: done ? null : this.nextItem(model, progress.next, language),
      completion: rec.completion ? completionOf(rec.completion) : null,
    });
  }

  private async signedFiles(
    workspaceId: string,
    model: VersionModel,
    language: CourseLanguage,
    rec?: Pick<LearnerRecord, 'states'>,
  ): Promise<Map<string, SignedFile>> {
    const ids = new Set<string>();
    for (const [blockId, { block }] of model.blocks) {
      // The learner's own file handed in for an ask-for-a-file block (saveAnswer took only their own confirmed file).
      const handedIn = block.type === 'ASK_TO_UPLOAD_RESOURCE' ? handedInFileId(rec?.states.get(blockId)) : null;
      if (handedIn) ids.add(handedIn);
      if (block.type === 'IMAGE' || block.type === 'UPLOAD_RESOURCE') ids.add(block.fileId);
      if (block.type === 'VIDEO') {
        ids.add(block.fileId);
        const captions = block.texts[language]?.captionsFileId;
        if (captions) ids.add(captions);
      }
    }
    const out = new Map<string, SignedFile>();
    if (ids.size === 0 || !this.links) return out;
    const expiresAt = new Date(systemClock.now().getTime() + LINK_SECONDS * 1000).toISOString();
    const add = (found: Map<string, { url: string; type: string; fileName: string }>) => {
      for (const [fileId, link] of found)
        out.set(fileId, { fileId, url: link.url, expiresAt, contentType: link.type, fileName: link.fileName });
    };
    try {
      add(await this.links(workspaceId, [...ids]));
    } catch {
      // A file whose bytes are gone from the store: the others still play, that one is shown as missing (file: null).
      for (const id of ids) await this.links(workspaceId, [id]).then(add, () => undefined);
    }
    return out;
  }

  private blockState(
    block: LessonBlock,
    row: StateRow | undefined,
    language: CourseLanguage,
    primary: CourseLanguage,
    files?: Map<string, SignedFile>,
  ): BlockState {
    const answer = row?.answer ? json<BlockAnswer>(row.answer) : null;
    const handedIn = block.type === 'ASK_TO_UPLOAD_RESOURCE' ? handedInFileId(row) : null;
    return {
      ...(handedIn && files ? { handedIn: files.get(handedIn) ?? null } : {}),
      answer,
      answeredAt: isoOrNull(row?.answered_at),
      seen: Boolean(row?.seen_at || row?.answered_at),
      video: block.type === 'VIDEO' ? videoStateOf(block, row) : null,
      correct: answerCorrect(block, answer, language, primary),
    };
  }

  private lessonView(
    learner: Learner,
    model: VersionModel,
    c: ContentModel,
    rec: LearnerRecord,
    language: CourseLanguage,
    files: Map<string, SignedFile>,
  ): PlayerContent {
    const done = rec.lessons.get(c.id);
    const blocks: PlayerBlock[] = c.blocks.map((b) => {
      const served = learnerBlock(b.block, language, model.primary, `${learner.userId}:${b.id}`);
      return {
        blockId: b.id,
        position: b.position,
        type: b.block.type,
        alignment: served.alignment,
        language: served.language,
        fallback: served.fallback,
        content: contentOf(served, files),
        state: this.blockState(b.block, rec.states.get(b.id), language, model.primary, files),
      };
    });
    return {
      kind: 'LESSON',
      contentId: c.id,
      position: c.position,
      title: titleIn(c, language, model.primary),
      done: Boolean(done),
      doneAt: isoOrNull(done?.done_at),
      doneSource: done?.source ?? null,
      blocks,
    };
  }

  private quizView(model: VersionModel, c: ContentModel, rec: LearnerRecord, language: CourseLanguage): PlayerContent {
    const settings = c.quiz ?? { passMark: 100, maxAttempts: null, answerReveal: 'NEVER' as const };
    const t = rec.quizzes.get(c.id) ?? { used: 0, passed: false, best: null, last: null, extra: 0 };
    const limit = attemptLimit(settings.maxAttempts, t.extra);
    const shown = revealsAnswers(settings.answerReveal, { passed: t.passed, attemptsUsed: t.used, maxAttempts: limit });
    return {
      kind: 'QUIZ',
      contentId: c.id,
      position: c.position,
      title: titleIn(c, language, model.primary),
      passMark: settings.passMark,
      maxAttempts: limit,
      attemptsUsed: t.used,
      attemptsLeft: t.passed ? 0 : attemptsLeft(limit, t.used),
      bestScore: t.best,
      passed: t.passed,
      answerReveal: settings.answerReveal,
      answersShown: shown,
      questions: c.questions.map((q) => questionView(q, language, model.primary, shown)),
      lastAttempt: t.last
        ? attemptResultOf(c, t.last, shown, language, model.primary, {
            used: t.used,
            left: t.passed ? 0 : attemptsLeft(limit, t.used),
            best: t.best,
            courseCompleted: Boolean(rec.completion),
          })
        : null,
    };
  }

  /**
   * The kinds of file an ask-for-a-file block of the caller's assigned version takes, before the learner is given an
   * upload URL for it: 404 when the course is not assigned to them or the block is not such a block of it.
   */
  async uploadBlock(
    learner: Learner,
    courseId: string,
    blockId: string,
  ): Promise<Outcome<readonly ('PDF' | 'IMAGE' | 'DOCUMENT')[]>> {
    return this.db.tenant(learner.workspaceId, async (tx) => {
      const a = await this.assignment(tx, learner.workspaceId, learner.userId, courseId);
      if (!a) return NO_COURSE;
      const model = await loadVersion(tx, learner.workspaceId, courseId, a.course_version);
      const found = model.blocks.get(blockId);
      if (!found || found.block.type !== 'ASK_TO_UPLOAD_RESOURCE') {
        return refuse('not-found', 'NOT_FOUND', 'No block asking for a file in this course', {
          blockId: 'Not a block asking for a file',
        });
      }
      return ok(found.block.accept);
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Answers

  async saveAnswer(learner: Learner, body: SaveAnswerBody): Promise<Outcome<SavedAnswer>> {
    return this.db.tenant(learner.workspaceId, async (tx) => {
      const a = await this.assignment(tx, learner.workspaceId, learner.userId, body.courseId, true);
      if (!a) return NO_COURSE;
      const model = await loadVersion(tx, learner.workspaceId, body.courseId, a.course_version);
      const found = model.blocks.get(body.blockId);
      if (!found) return noBlock();
      if (body.answer) {
        const problem = answerProblem(found.block, body.answer);
        if (problem) return refuse('invalid', 'VALIDATION', problem, { answer: problem });
        if (
          body.answer.type === 'ASK_TO_UPLOAD_RESOURCE' &&
          !(await repo.isOwnConfirmedFile(tx, learner.workspaceId, body.answer.fileId, learner.userId))
        ) {
          return refuse('invalid', 'VALIDATION', 'Hand in a file you uploaded', {
            'answer.fileId': 'Not a file you uploaded',
          });
        }
      }
      // Refused before anything is written (the answer is kept in no language it was not asked in).
      const language = PlayerService.askedLanguage(model, body.language);
      if (!language.ok) return language;
      const now = this.now();
      const row = await repo.saveBlockAnswer(
        tx,
        learner.workspaceId,
        a,
        {
          blockId: body.blockId,
          lessonId: found.lessonId,
          answer: body.answer,
          seen: body.seen === true || !!body.answer,
        },
        now,
      );
      await this.started(tx, learner, a);
      if (body.answer) {
        await audit(tx, {
          workspaceId: learner.workspaceId,
          actorUserId: learner.userId,
          action: 'learner.answer.saved',
          target: body.blockId,
          ip: learner.ip,
          details: { courseId: body.courseId, lessonId: found.lessonId, type: found.block.type, cycle: a.cycle },
        });
      }
      const rec = await this.record(tx, learner.workspaceId, a);
      return ok({
        blockId: body.blockId,
        state: this.blockState(found.block, row, language.value, model.primary),
        progress: this.lessonProgress(a, model, rec, found.lessonId),
      });
    });
  }

  /** What the learner did in the current cycle (for the admin's calls). */
  recordOf(tx: Sql, workspaceId: string, a: AssignmentRow): Promise<LearnerRecord> {
    return this.record(tx, workspaceId, a);
  }

  /** The status and progress an admin and the learner see. */
  summaryOf(
    a: AssignmentRow,
    model: VersionModel,
    rec: LearnerRecord,
  ): { status: LearnerStatus; progressPercent: number } {
    const done = Boolean(rec.completion) || a.status === 'COMPLETED';
    return { status: this.statusOf(a, rec), progressPercent: done ? 100 : this.progressOf(model, rec).percent };
  }

  private lessonProgress(a: AssignmentRow, model: VersionModel, rec: LearnerRecord, lessonId: string) {
    const done = Boolean(rec.completion) || a.status === 'COMPLETED';
    return {
      lessonId,
      done: rec.lessons.has(lessonId),
      progressPercent: done ? 100 : this.progressOf(model, rec).percent,
      status: this.statusOf(a, rec),
    };
  }

  /** The first thing a learner does moves the assignment from ASSIGNED to IN_PROGRESS (audited once). */
  private async started(tx: Sql, learner: Learner, a: AssignmentRow): Promise<void> {
    if (a.status !== 'ASSIGNED') return;
    if (await repo.markInProgress(tx, learner.workspaceId, a.id)) {
      a.status = 'IN_PROGRESS';
      await audit(tx, {
        workspaceId: learner.workspaceId,
        actorUserId: learner.userId,
        action: 'learner.course.started',
        target: a.course_id,
        ip: learner.ip,
        details: { assignmentId: a.id, cycle: a.cycle },
      });
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Video

  async videoProgress(learner: Learner, body: VideoProgressBody): Promise<Outcome<VideoProgress>> {
    return this.db.tenant(learner.workspaceId, async (tx) => {
      const a = await this.assignment(tx, learner.workspaceId, learner.userId, body.courseId, true);
      if (!a) return NO_COURSE;
      const model = await loadVersion(tx, learner.workspaceId, body.courseId, a.course_version);
      const found = model.blocks.get(body.blockId);
      if (!found) return noBlock();
      const block = found.block;
      if (block.type !== 'VIDEO')
        return refuse('invalid', 'VALIDATION', 'This block is not a video', { blockId: 'Not a video block' });
      const asked = PlayerService.askedLanguage(model, body.language);
      if (!asked.ok) return asked;
      const language = asked.value;
      if (body.transcriptRead) {
        const has = [language, model.primary].some((l) => (block.texts[l]?.transcript ?? '').trim() !== '');
        if (!has) {
          return refuse('invalid', 'VALIDATION', 'This video has no transcript', {
            transcriptRead: 'This video has no transcript to read',
          });
        }
      }
      const row = await repo.lockedVideoState(
        tx,
        learner.workspaceId,
        a,
        { blockId: body.blockId, lessonId: found.lessonId },
        this.now(),
      );
      const now = this.now();
      const before = videoStateOf(block, row);
      const duration = block.durationSeconds ?? row.video_duration ?? body.durationSeconds ?? null;
      const elapsed = row.video_reported_at ? (now.getTime() - new Date(row.video_reported_at).getTime()) / 1000 : null;
      const { watched } = creditWatched(
        json<Range[]>(row.video_watched ?? []),
        body.watched ?? [],
        watchAllowance(elapsed),
        duration,
      );
      const position = duration !== null ? Math.min(body.positionSeconds, duration) : body.positionSeconds;
      const transcriptAt = row.transcript_read_at ?? (body.transcriptRead ? now : null);
      const saved = await repo.saveVideoState(tx, learner.workspaceId, a, body.blockId, {
        position,
        watched,
        duration,
        now,
        transcriptAt,
      });
      await this.started(tx, learner, a);
      const after = videoStateOf(block, saved);
      if (after.complete && !before.complete) {
        await audit(tx, {
          workspaceId: learner.workspaceId,
          actorUserId: learner.userId,
          action:
            after.transcriptRead && !videoWatched(after.watched, after.durationSeconds)
              ? 'learner.video.transcript-read'
              : 'learner.video.watched',
          target: body.blockId,
          ip: learner.ip,
          details: {
            courseId: body.courseId,
            lessonId: found.lessonId,
            cycle: a.cycle,
            watchedSeconds: after.watchedSeconds,
          },
        });
      }
      return ok({ blockId: body.blockId, video: after });
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Lesson completion

  async lessonComplete(
    learner: Learner,
    body: { courseId: string; lessonId: string; language?: CourseLanguage },
  ): Promise<Outcome<LessonCompleted>> {
    return this.db.tenant(learner.workspaceId, async (tx) => {
      const a = await this.assignment(tx, learner.workspaceId, learner.userId, body.courseId, true);
      if (!a) return NO_COURSE;
      const model = await loadVersion(tx, learner.workspaceId, body.courseId, a.course_version);
      const lesson = model.contents.find((c) => c.id === body.lessonId && c.kind === 'LESSON');
      if (!lesson) {
        return refuse('not-found', 'NOT_FOUND', 'No such lesson in this course', {
          lessonId: 'Not a lesson of this course',
        });
      }
      const asked = PlayerService.askedLanguage(model, body.language);
      if (!asked.ok) return asked;
      const language = asked.value;
      let rec = await this.record(tx, learner.workspaceId, a);
      if (!rec.lessons.has(lesson.id)) {
        const states = new Map<string, LearnerBlockState>();
        for (const [id, row] of rec.states) {
          states.set(id, {
            answer: row.answer ? json<BlockAnswer>(row.answer) : null,
            watched: json<Range[]>(row.video_watched ?? []),
            duration: row.video_duration,
            transcriptRead: Boolean(row.transcript_read_at),
          });
        }
        const gaps = lessonGaps(
          lesson.blocks.map((b) => ({ blockId: b.id, block: b.block })),
          states,
          language,
          model.primary,
        );
        if (gaps.length > 0) {
          const video = gaps.some((g) => g.code === 'VIDEO_NOT_WATCHED');
          return refuse(
            'conflict',
            video ? 'VIDEO_NOT_WATCHED' : 'ANSWER_MISSING',
            video
              ? 'Watch every video of this lesson to the end (or read its transcript) first'
              : 'Answer every question of this lesson first',
            Object.fromEntries(gaps.map((g) => [g.blockId, g.code])),
          );
        }
        await repo.insertLessonDone(tx, learner.workspaceId, a, lesson.id, this.now());
        await this.started(tx, learner, a);
        await audit(tx, {
          workspaceId: learner.workspaceId,
          actorUserId: learner.userId,
          action: 'learner.lesson.completed',
          target: lesson.id,
          ip: learner.ip,
          details: { courseId: body.courseId, cycle: a.cycle },
        });
        rec = await this.record(tx, learner.workspaceId, a);
      }
      const completion = await this.completeIfDone(tx, learner, a, model, rec, language, 'PLAYER');
      if (completion) rec = await this.record(tx, learner.workspaceId, a);
      return ok({
        ...this.lessonProgress(a, model, rec, lesson.id),
        courseCompleted: Boolean(rec.completion),
        completion: rec.completion ? completionOf(rec.completion) : null,
      });
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Quiz attempts

  async submitAttempt(
    learner: Learner,
    courseId: string,
    quizId: string,
    body: SubmitAttemptBody,
  ): Promise<Outcome<AttemptResult>> {
    return this.db.tenant(learner.workspaceId, async (tx) => {
      // The assignment's row lock: two attempts sent at once are counted one after the other.
      const a = await this.assignment(tx, learner.workspaceId, learner.userId, courseId, true);
      if (!a) return NO_COURSE;
      const model = await loadVersion(tx, learner.workspaceId, courseId, a.course_version);
      const quiz = model.contents.find((c) => c.id === quizId && c.kind === 'QUIZ');
      if (!quiz || !quiz.quiz)
        return refuse('not-found', 'NOT_FOUND', 'No such quiz in this course', { quizId: 'Not a quiz of this course' });
      const asked = PlayerService.askedLanguage(model, body.language);
      if (!asked.ok) return asked;
      const language = asked.value;
      const defs = quiz.questions.map((q) => ({
        questionId: q.id,
        kind: q.kind,
        options: q.options.map((o) => ({ key: o.key, correct: o.correct })),
      }));
      const answers = new Map<string, string[]>();
      for (const [i, ans] of body.answers.entries()) {
        const def = defs.find((d) => d.questionId === ans.questionId);
        if (!def) {
          return refuse('invalid', 'VALIDATION', 'Not a question of this quiz', {
            [`answers.${i}.questionId`]: 'Not a question of this quiz',
          });
        }
        if (answers.has(ans.questionId)) {
          return refuse('invalid', 'VALIDATION', 'A question is answered twice', {
            [`answers.${i}.questionId`]: 'Answered twice',
          });
        }
        const problem = choiceProblem(def, ans.choices);
        if (problem) return refuse('invalid', 'VALIDATION', problem, { [`answers.${i}.choices`]: problem });
        answers.set(ans.questionId, ans.choices);
      }
      const rec = await this.record(tx, learner.workspaceId, a);
      const t = rec.quizzes.get(quiz.id) ?? { used: 0, passed: false, best: null, last: null, extra: 0 };
      const limit = attemptLimit(quiz.quiz.maxAttempts, t.extra);
      const refusal = attemptRefusal({ passed: t.passed, used: t.used, limit });
      if (refusal === 'QUIZ_PASSED')
        return refuse('conflict', 'QUIZ_PASSED', 'You have passed this quiz already', { quizId: 'Passed already' });
      if (refusal === 'NO_ATTEMPTS_LEFT') {
        return refuse(
          'conflict',
          'NO_ATTEMPTS_LEFT',
          'You have used every attempt at this quiz; ask your admin for another',
          { quizId: 'No attempts left' },
        );
      }
      const result = scoreQuizAttempt(defs, answers, quiz.quiz.passMark, language, model.primary);
      const stored: StoredResult[] = result.questions.map((r) => ({
        questionId: r.blockId,
        chosen: answers.get(r.blockId) ?? [],
        correct: r.correct,
      }));
      const number = t.used + 1;
      const row = await repo.insertAttempt(tx, learner.workspaceId, a, {
        quizId: quiz.id,
        number,
        language,
        answers,
        results: stored,
        score: result.percent,
        passMark: quiz.quiz.passMark,
        passed: result.passed,
        at: this.now(),
      });
      await this.started(tx, learner, a);
      await audit(tx, {
        workspaceId: learner.workspaceId,
        actorUserId: learner.userId,
        action: 'learner.quiz.attempted',
        target: quiz.id,
        ip: learner.ip,
        details: { courseId, cycle: a.cycle, attempt: number, score: result.percent, passed: result.passed },
      });
      let after = await this.record(tx, learner.workspaceId, a);
      if (result.passed && (await this.completeIfDone(tx, learner, a, model, after, language, 'PLAYER'))) {
        after = await this.record(tx, learner.workspaceId, a);
      }
      const ta = after.quizzes.get(quiz.id)!;
      const shown = revealsAnswers(quiz.quiz.answerReveal, {
        passed: ta.passed,
        attemptsUsed: ta.used,
        maxAttempts: limit,
      });
      return ok(
        attemptResultOf(quiz, row, shown, language, model.primary, {
          used: ta.used,
          left: ta.passed ? 0 : attemptsLeft(limit, ta.used),
          best: ta.best,
          courseCompleted: Boolean(after.completion),
        }),
      );
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Completion

  /**
   * Records the completion of this cycle once every lesson is done and every quiz passed: the completion row (unique
   * per assignment and cycle), the assignment's status and date, and the certificate. Returns whether it recorded.
   */
  async completeIfDone(
    tx: Sql,
    actor: Learner,
    a: AssignmentRow,
    model: VersionModel,
    rec: LearnerRecord,
    language: CourseLanguage,
    source: 'PLAYER' | 'ADMIN',
    force: { reason: string; learnerId: string } | null = null,
  ): Promise<boolean> {
    if (rec.completion) return false;
    if (!force && !this.progressOf(model, rec).complete) return false;
    const now = this.now();
    const bests = model.contents.filter((c) => c.kind === 'QUIZ').map((c) => rec.quizzes.get(c.id)?.best ?? 0);
    const score = completionScore(bests);
    const attempts = [...rec.quizzes.values()].reduce((sum, t) => sum + t.used, 0);
    const completedOn = now.toISOString().slice(0, 10);
    const expiresOn = a.validity_years ? recertification(completedOn, a.validity_years).expiresOn : null;
    const title = courseTextIn(model, language).title;
    const completionId = await repo.insertCompletion(tx, actor.workspaceId, a, {
      at: now,
      completedOn,
      score,
      attempts,
      title,
      language,
      expiresOn,
      source,
      recordedBy: actor.userId,
      reason: force?.reason ?? null,
    });
    if (!completionId) return false;
    await repo.markCompleted(tx, actor.workspaceId, a.id, now);
    a.status = 'COMPLETED';
    a.completed_at = now;
    const code = await this.issueCertificate(
      tx,
      actor.workspaceId,
      completionId,
      a,
      title,
      language,
      completedOn,
      expiresOn,
    );
    await emitWebhookEvent(tx, actor.workspaceId, 'course.completed', {
      userId: a.user_id,
      courseId: a.course_id,
      completedAt: now.toISOString(),
    });
    await emitWebhookEvent(tx, actor.workspaceId, 'certificate.issued', {
      userId: a.user_id,
      courseId: a.course_id,
      certificateCode: code,
      issuedAt: now.toISOString(),
    });
    await audit(tx, {
      workspaceId: actor.workspaceId,
      actorUserId: actor.userId,
      action: 'course.completed',
      target: a.course_id,
      ip: actor.ip,
      details: {
        learnerId: a.user_id,
        assignmentId: a.id,
        cycle: a.cycle,
        source,
        score,
        attempts,
        courseVersion: a.course_version,
        certificate: code,
        reason: force?.reason,
      },
    });
    return true;
  }

  private async issueCertificate(
    tx: Sql,
    workspaceId: string,
    completionId: string,
    a: AssignmentRow,
    title: string,
    language: CourseLanguage,
    completedOn: string,
    expiresOn: string | null,
  ): Promise<string> {
    const who = await repo.certificateHolder(tx, workspaceId, a.user_id);
    const code = verificationCode(randomBytes(12));
    await repo.insertCertificate(tx, workspaceId, {
      code,
      completionId,
      userId: a.user_id,
      courseId: a.course_id,
      name: who?.name || 'Learner',
      courseTitle: title,
      language,
      organisation: who?.organisation ?? '',
      completedOn,
      issuedOn: this.today(),
      expiresOn,
    });
    return code;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Mapping

export function completionOf(row: CompletionRow): Completion {
  return {
    completedAt: instantText(row.completed_at),
    score: row.score === null ? null : Number(row.score),
    attempts: row.attempts,
    courseVersion: row.course_version ?? 0,
    source: row.source,
    certificateCode: row.code,
  };
}

function videoStateOf(block: Extract<LessonBlock, { type: 'VIDEO' }>, row: StateRow | undefined): VideoState {
  const watched = mergeRanges(row?.video_watched ? json<Range[]>(row.video_watched) : []);
  const duration = block.durationSeconds ?? row?.video_duration ?? null;
  const transcriptRead = Boolean(row?.transcript_read_at);
  return {
    positionSeconds: row?.video_position ?? 0,
    watched,
    watchedSeconds: Math.round(coveredSeconds(watched) * 10) / 10,
    durationSeconds: duration,
    complete: videoWatched(watched, duration) || transcriptRead,
    transcriptRead,
  };
}

function contentOf(served: ReturnType<typeof learnerBlock>, files: Map<string, SignedFile>): PlayerBlockContent {
  switch (served.type) {
    case 'IMAGE':
      return {
        type: 'IMAGE',
        file: files.get(served.fileId) ?? null,
        altText: served.altText,
        caption: served.caption,
      };
    case 'VIDEO':
      return {
        type: 'VIDEO',
        file: files.get(served.fileId) ?? null,
        durationSeconds: served.durationSeconds,
        title: served.title,
        captions: served.captionsFileId ? (files.get(served.captionsFileId) ?? null) : null,
        transcript: served.transcript,
      };
    case 'UPLOAD_RESOURCE':
      return {
        type: 'UPLOAD_RESOURCE',
        file: files.get(served.fileId) ?? null,
        title: served.title,
        description: served.description,
      };
    default: {
      const { alignment: _a, language: _l, fallback: _f, ...rest } = served;
      return rest as PlayerBlockContent;
    }
  }
}

function servedQuestionLanguage(q: QuestionRow, language: CourseLanguage, primary: CourseLanguage): CourseLanguage {
  const complete = (l: CourseLanguage) =>
    (q.texts[l]?.text ?? '').trim() !== '' && q.options.every((o) => (o.texts[l] ?? '').trim() !== '');
  return complete(language) ? language : primary;
}

function questionView(
  q: QuestionRow,
  language: CourseLanguage,
  primary: CourseLanguage,
  shown: boolean,
): PlayerQuestion {
  const served = servedQuestionLanguage(q, language, primary);
  return {
    questionId: q.id,
    position: q.position,
    kind: q.kind,
    text: q.texts[served]?.text ?? '',
    language: q.texts[served] ? served : null,
    fallback: served !== language,
    options: q.options.map((o) => ({ key: o.key, text: o.texts[served] ?? '' })),
    correctKeys: shown ? q.options.filter((o) => o.correct).map((o) => o.key) : null,
    explanation: shown ? (q.texts[served]?.explanation ?? null) : null,
  };
}

function attemptResultOf(
  quiz: ContentModel,
  row: AttemptRow,
  shown: boolean,
  language: CourseLanguage,
  primary: CourseLanguage,
  tally: { used: number; left: number | null; best: number | null; courseCompleted: boolean },
): AttemptResult {
  const results = json<StoredResult[]>(row.results);
  const questions: QuestionOutcome[] = results.map((r) => {
    const q = quiz.questions.find((x) => x.id === r.questionId);
    const served = q ? servedQuestionLanguage(q, language, primary) : primary;
    return {
      questionId: r.questionId,
      chosen: r.chosen,
      correct: r.correct,
      correctKeys: shown && q ? q.options.filter((o) => o.correct).map((o) => o.key) : null,
      explanation: shown && q ? (q.texts[served]?.explanation ?? null) : null,
    };
  });
  return {
    quizId: row.quiz_id,
    attemptNumber: row.attempt_number,
    score: Number(row.score),
    passMark: row.pass_mark,
    passed: row.passed,
    submittedAt: instantText(row.submitted_at),
    questions,
    answersShown: shown,
    attemptsUsed: tally.used,
    attemptsLeft: tally.left,
    bestScore: tally.best,
    courseCompleted: tally.courseCompleted,
  };
}

/** The file id of a saved ask-for-a-file answer, or null. */
function handedInFileId(row: Pick<StateRow, 'answer'> | undefined): string | null {
  const answer = row?.answer ? json<BlockAnswer>(row.answer) : null;
  return answer?.type === 'ASK_TO_UPLOAD_RESOURCE' ? answer.fileId : null;
}
