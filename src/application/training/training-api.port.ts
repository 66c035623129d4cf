import type { Outcome } from '../shared/refusal';
import type { BlockAnswer } from '../../contracts/learning/blocks.contract';
import type { ConfirmedFile, UploadTarget } from '../courses/authoring/course-files.port';
import type { LearnerStatus } from '../../domain/courses/assignment-lifecycle';
import type { ServedBlock } from '../../domain/courses/blocks';
import type { CourseLanguage, LanguageEntry } from '../../domain/courses/course';
import type { Range } from '../../domain/courses/video-watch';

/** What comes next in a course for the learner. */
export interface NextItem {
  kind: 'LESSON' | 'QUIZ';
  contentId: string;
  title: string;
}

/** One of the learner's assigned courses ("My training"). */
export interface MyCourse {
  courseId: string;
  title: string;
  status: LearnerStatus;
  progressPercent: number;
  /** ISO timestamps (or dates); null when none. */
  dueAt: string | null;
  completedAt: string | null;
  expiresAt: string | null;
  next: NextItem | null;
  hasCertificate: boolean;
}

/** A block as the learner is served it, with what they gave so far. */
export interface PlayerBlock {
  blockId: string;
  block: ServedBlock;
  answer: BlockAnswer | null;
  /** For a video: where they were and what they watched. */
  video?: { positionSeconds: number; watched: Range[]; complete: boolean };
  /** A knowledge check in a lesson: whether the saved answer is right (never which is); null otherwise. */
  correct?: boolean | null;
  /** Shown in the primary language, the chosen one lacking a translation. */
  fallback?: boolean;
  /** A quiz question's explanation, once the quiz shows its answers. */
  explanation?: string | null;
  /** An ask-for-a-file block: the learner's own file handed in (a short-lived link: use it now). */
  handedIn?: { fileName: string; url: string } | null;
}

export interface PlayerLesson {
  kind: 'LESSON';
  contentId: string;
  title: string;
  done: boolean;
  blocks: PlayerBlock[];
}

/** One question's outcome in an attempt. */
export interface QuestionOutcome {
  blockId: string;
  correct: boolean;
  /** 0..1. */
  score: number;
  /** Only when the quiz reveals answers (the server decides). */
  correctAnswer?: BlockAnswer;
  explanation?: string | null;
}

export interface AttemptResult {
  attemptNumber: number;
  /** Percentage. */
  score: number;
  passMark: number;
  /** The correct answers are in `questions`. */
  answersShown: boolean;
  passed: boolean;
  questions: QuestionOutcome[];
  /** null: no limit. */
  attemptsLeft: number | null;
  attemptsUsed: number;
  /** Whether this attempt completed the course. */
  courseCompleted?: boolean;
}

export interface PlayerQuiz {
  kind: 'QUIZ';
  contentId: string;
  title: string;
  passMark: number;
  maxAttempts: number | null;
  attemptsUsed: number;
  passed: boolean;
  questions: PlayerBlock[];
  lastAttempt: AttemptResult | null;
}

export type PlayerContent = PlayerLesson | PlayerQuiz;

/** The player's view of a course in one language, with the learner's saved state. */
export interface PlayerCourse {
  courseId: string;
  title: string;
  language: CourseLanguage;
  languages: LanguageEntry[];
  status: LearnerStatus;
  progressPercent: number;
  dueAt: string | null;
  completedAt: string | null;
  contents: PlayerContent[];
  certificateAvailable: boolean;
  /** This cycle's completion; null until complete. */
  completion: { completedAt: string; score: number | null; attempts: number; certificateCode: string | null } | null;
  /** Signed links of the files the blocks show, by file id (short-lived: use them now). */
  files: Record<string, string>;
}

export interface CourseProgress {
  progressPercent: number;
  status: LearnerStatus;
}

/**
 * Where a lesson stands after "Mark lesson done": done, or refused as `conflict` with the server's code
 * (`VIDEO_NOT_WATCHED`, `ANSWER_MISSING`) and what is still missing in `fields` (block id -> the server's words).
 */
export type LessonCompletion = Outcome<{ course: CourseProgress & { completed: boolean } }>;

export interface AnswerInput {
  courseId: string;
  contentId: string;
  blockId: string;
  answer: BlockAnswer;
  /** The language answered in (a fill-in-the-blank accepts that language's words). */
  language?: CourseLanguage;
}

export interface VideoProgressInput {
  courseId: string;
  contentId: string;
  blockId: string;
  positionSeconds: number;
  watched: Range[];
  durationSeconds?: number;
  language?: CourseLanguage;
  /** The learner read the transcript instead of watching. */
  transcriptRead?: boolean;
}

/** Refused as `conflict` (coded `no-attempts-left` or `already-passed`) or `invalid` (answers the server rejected). */
export type AttemptOutcome = Outcome<{ result: AttemptResult }, 'no-attempts-left' | 'already-passed'>;

export interface DownloadedFile {
  name: string;
  content: Blob;
}

/** The learner's calls of the learning API (their own courses only; the server checks). */
export const TrainingApi = Symbol('TrainingApi');
export interface TrainingApi {
  /** @read */
  myCourses(): Promise<MyCourse[]>;
  /** @read */
  player(courseId: string, language?: CourseLanguage): Promise<PlayerCourse>;
  saveAnswer(input: AnswerInput): Promise<CourseProgress & { correct: boolean | null }>;
  completeLesson(courseId: string, contentId: string, language?: CourseLanguage): Promise<LessonCompletion>;
  /** Reports played stretches (only those since the last report) and the position; answers whether the video now counts as watched. */
  videoProgress(input: VideoProgressInput): Promise<{ complete: boolean }>;
  submitAttempt(
    courseId: string,
    quizId: string,
    answers: Record<string, BlockAnswer>,
    language: CourseLanguage,
  ): Promise<AttemptOutcome>;
  certificate(courseId: string): Promise<DownloadedFile>;
  /** An upload URL for the learner's file for an ask-for-a-file block of an assigned course. */
  requestHandIn(courseId: string, blockId: string, fileName: string, size: number): Promise<UploadTarget>;
  /** The server checks the uploaded file by its bytes (413, 415 refuse it). */
  confirmHandIn(fileId: string): Promise<ConfirmedFile>;
}

/** A certificate as the public verification page shows it: every field printed on it. */
export interface VerifiedCertificate {
  code: string;
  learnerName: string;
  courseTitle: string;
  completedAt: string;
  expiresAt: string | null;
  issuedAt?: string;
  workspaceName?: string;
  /** Anything else printed on the certificate, by its label (score, language, version ...). */
  fields: { label: string; value: string }[];
  valid: boolean;
}

/** The public verification call (no sign-in). */
export const CertificateVerificationApi = Symbol('CertificateVerificationApi');
export interface CertificateVerificationApi {
  /** @read null when no certificate has this code. */
  verify(code: string): Promise<VerifiedCertificate | null>;
}

/** The learner's chosen language per course, remembered on this device. */
export const LanguagePreference = Symbol('LanguagePreference');
export interface LanguagePreference {
  /** @read */
  get(courseId: string): CourseLanguage | null;
  set(courseId: string, language: CourseLanguage): void;
}

/**
 * A quiz's answers while it is being taken, on this device: the server takes a quiz's answers only with the whole
 * attempt, so a learner who closes the tab mid-quiz finds their choices here when they come back.
 */
export const QuizDrafts = Symbol('QuizDrafts');
export interface QuizDrafts {
  /** @read */
  get(courseId: string, quizId: string): Record<string, BlockAnswer>;
  set(courseId: string, quizId: string, answers: Record<string, BlockAnswer>): void;
  clear(courseId: string, quizId: string): void;
}
