import { z } from 'zod';
import { CourseLanguage } from '../../domain/courses/course';
import { Id, IdParams, pageOf, PageQuery, route } from '../route';
import { Alignment, BlockAnswer, BlockType, PartKey } from './blocks.contract';
import { AnswerReveal, CourseLanguageEntry, QuestionKind } from './courses.contract';

/**
 * The learner's side of a course: the caller's assigned courses, the player view of the assigned
 * version, answers, video progress, lesson completion, quiz attempts scored on the server, completion and the
 * certificate; and the admin's calls around them (attempts, mark done, past completions).
 *
 * Everything here is scored and decided on the server; the browser only shows what the server said. A learner sees
 * only published courses assigned to them (anything else, and another workspace's course, is 404); a quiz's correct
 * answers are never sent before the quiz's `answerReveal` rule allows it.
 */

/** Every role may be assigned a course; `courses.learn` (held by every role) lets them take their own. */
export const LEARNERS = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;
/** The admins who follow their people's training (a business-unit admin: their unit only). */
const ADMINS = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const;

/** What a learner and their admin see (src/domain/courses/assignment-lifecycle.ts learnerStatus()). */
export const LearnerStatus = z.enum(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'OVERDUE', 'EXPIRED']);
export type LearnerStatus = z.infer<typeof LearnerStatus>;

/** How a completion was recorded. */
export const CompletionSource = z.enum(['PLAYER', 'ADMIN', 'IMPORTED']);
export type CompletionSource = z.infer<typeof CompletionSource>;

/** The next lesson or quiz to do (the first not done, in course order); null when everything is done. */
export const NextItem = z.object({
  contentId: z.string(),
  kind: z.enum(['LESSON', 'QUIZ']),
  title: z.string(),
});
export type NextItem = z.infer<typeof NextItem>;

const CourseIdParams = z.strictObject({ courseId: Id });
const LanguageQuery = z.strictObject({ language: CourseLanguage.optional() });

// ---------------------------------------------------------------------------------------------------------------
// My training

export const MyCourse = z.object({
  courseId: z.string(),
  /** In `language`: the one asked for when the course has it, else the course's primary. */
  title: z.string(),
  description: z.string(),
  language: CourseLanguage,
  primaryLanguage: CourseLanguage,
  languages: z.array(CourseLanguageEntry),
  /** The version assigned to the learner (it does not change under them when the author publishes again). */
  version: z.number().int(),
  status: LearnerStatus,
  /** Whole percent of lessons done and quizzes passed, rounded down (100 only when all are). */
  progressPercent: z.number().int().min(0).max(100),
  assignedAt: z.string(),
  /** When it is due (ISO timestamp); null without a due date. */
  dueAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** When the completion stops counting (a course with a validity); null otherwise. */
  expiresAt: z.string().nullable(),
  next: NextItem.nullable(),
  /** A certificate can be downloaded (GET /api/user-course/{courseId}/certificate). */
  hasCertificate: z.boolean(),
});
export type MyCourse = z.infer<typeof MyCourse>;

export const myCourses = route({
  api: 'learning',
  method: 'GET',
  path: '/api/user-course/my',
  summary:
    "The caller's assigned, published courses: title in the language asked for (else the primary), status, progress, due date, completion and the next lesson or quiz; overdue first, then by due date",
  query: LanguageQuery,
  response: z.array(MyCourse),
  access: LEARNERS,
  permission: 'courses.learn',
});

// ---------------------------------------------------------------------------------------------------------------
// The player view

/** A file a block shows, as a short-lived signed link (fetch it now, never store it). */
export const SignedFile = z.object({
  fileId: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  contentType: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type SignedFile = z.infer<typeof SignedFile>;

const Choice = z.object({ key: z.string(), label: z.string() });

/**
 * A block as the learner is served it, in one language, without any correct answer (src/domain/courses/blocks.ts
 * learnerBlock()); file blocks carry signed links instead of file ids.
 */
export const PlayerBlockContent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MULTIPLE_CHOICE'), prompt: z.string(), options: z.array(Choice) }),
  z.object({ type: z.literal('SINGLE_SELECT_QUESTION'), prompt: z.string(), options: z.array(Choice) }),
  z.object({ type: z.literal('MULTIPLE_RESPONSE'), prompt: z.string(), options: z.array(Choice) }),
  z.object({ type: z.literal('MULTI_SELECT_QUESTION'), prompt: z.string(), options: z.array(Choice) }),
  z.object({ type: z.literal('VOTE'), prompt: z.string(), options: z.array(Choice) }),
  /** `sentence` has a `{{key}}` where each blank goes. */
  z.object({ type: z.literal('FILL_IN_BLANK'), sentence: z.string(), blanks: z.array(z.string()) }),
  /** `right` is shuffled (the same order on every visit of this learner). */
  z.object({ type: z.literal('MATCHING'), prompt: z.string(), left: z.array(Choice), right: z.array(Choice) }),
  z.object({ type: z.literal('CHECKBOX_WITH_TEXT'), label: z.string(), required: z.boolean() }),
  z.object({
    type: z.literal('INPUT_BOX'),
    prompt: z.string(),
    placeholder: z.string().optional(),
    required: z.boolean(),
    multiline: z.boolean(),
    maxLength: z.number().int(),
  }),
  z.object({
    type: z.literal('ASK_TO_UPLOAD_RESOURCE'),
    prompt: z.string(),
    required: z.boolean(),
    accept: z.array(z.string()),
  }),
  /** Markdown. */
  z.object({ type: z.literal('TEXT_AREA'), body: z.string() }),
  z.object({
    type: z.literal('IMAGE'),
    file: SignedFile.nullable(),
    altText: z.string(),
    caption: z.string().optional(),
  }),
  z.object({
    type: z.literal('VIDEO'),
    file: SignedFile.nullable(),
    durationSeconds: z.number().int().optional(),
    title: z.string().optional(),
    /** WebVTT captions in the served language (never another language's). */
    captions: SignedFile.nullable(),
    /** Reading it (video-progress `transcriptRead`) counts as watching the video. */
    transcript: z.string().optional(),
  }),
  z.object({ type: z.literal('RESOURCE'), url: z.string(), title: z.string(), description: z.string().optional() }),
  z.object({
    type: z.literal('UPLOAD_RESOURCE'),
    file: SignedFile.nullable(),
    title: z.string(),
    description: z.string().optional(),
  }),
  z.object({
    type: z.literal('BUTTON'),
    action: z.enum(['NEXT', 'LINK']),
    url: z.string().optional(),
    label: z.string(),
  }),
]);
export type PlayerBlockContent = z.infer<typeof PlayerBlockContent>;

/** A watched stretch of a video, in seconds from its start. */
export const WatchedRange = z.object({ from: z.number().min(0), to: z.number().min(0) });
export type WatchedRange = z.infer<typeof WatchedRange>;

export const VideoState = z.object({
  /** Where to resume, in seconds. */
  positionSeconds: z.number().min(0),
  /** What the server counted as watched, merged (seeking ahead is not watching). */
  watched: z.array(WatchedRange),
  watchedSeconds: z.number().min(0),
  /** The duration the server goes by (the author's, else the one the player reported first); null until known. */
  durationSeconds: z.number().nullable(),
  /** Watched to the end (small tolerance), or its transcript read. */
  complete: z.boolean(),
  transcriptRead: z.boolean(),
});
export type VideoState = z.infer<typeof VideoState>;

/** What the learner has done with a block: the answer as given, seen, and for a video its progress. */
export const BlockState = z.object({
  answer: BlockAnswer.nullable(),
  answeredAt: z.string().nullable(),
  seen: z.boolean(),
  video: VideoState.nullable(),
  /** A knowledge check in a lesson: whether the saved answer is right (never which option is). Null otherwise. */
  correct: z.boolean().nullable(),
  /** An ask-for-a-file block: the learner's own file handed in, as a short-lived signed link (the player read only). */
  handedIn: SignedFile.nullable().optional(),
});
export type BlockState = z.infer<typeof BlockState>;

export const PlayerBlock = z.object({
  blockId: z.string(),
  position: z.number().int(),
  type: BlockType,
  alignment: Alignment,
  /** The language the words are in (the primary's when the chosen one lacks a translation: `fallback`). */
  language: CourseLanguage.nullable(),
  fallback: z.boolean(),
  content: PlayerBlockContent,
  state: BlockState,
});
export type PlayerBlock = z.infer<typeof PlayerBlock>;

export const PlayerLesson = z.object({
  kind: z.literal('LESSON'),
  contentId: z.string(),
  position: z.number().int(),
  title: z.string(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  /** PLAYER: the learner completed it; ADMIN: an admin marked it done. */
  doneSource: z.enum(['PLAYER', 'ADMIN']).nullable(),
  blocks: z.array(PlayerBlock),
});
export type PlayerLesson = z.infer<typeof PlayerLesson>;

export const PlayerOption = z.object({ key: z.string(), text: z.string() });

export const PlayerQuestion = z.object({
  questionId: z.string(),
  position: z.number().int(),
  kind: QuestionKind,
  text: z.string(),
  language: CourseLanguage.nullable(),
  fallback: z.boolean(),
  options: z.array(PlayerOption),
  /** Only once the quiz's rule shows the answers (`answersShown`); null before. */
  correctKeys: z.array(z.string()).nullable(),
  explanation: z.string().nullable(),
});
export type PlayerQuestion = z.infer<typeof PlayerQuestion>;

export const QuestionOutcome = z.object({
  questionId: z.string(),
  /** The keys the learner chose. */
  chosen: z.array(z.string()),
  correct: z.boolean(),
  /** Only when the quiz's rule allows showing the answers; null otherwise. */
  correctKeys: z.array(z.string()).nullable(),
  explanation: z.string().nullable(),
});
export type QuestionOutcome = z.infer<typeof QuestionOutcome>;

export const AttemptResult = z.object({
  quizId: z.string(),
  /** 1 for the first attempt of this cycle. */
  attemptNumber: z.number().int(),
  /** Percentage with one decimal, rounded down. */
  score: z.number(),
  passMark: z.number().int(),
  passed: z.boolean(),
  submittedAt: z.string(),
  questions: z.array(QuestionOutcome),
  /** Whether the correct answers are in `questions` (the quiz's answerReveal rule). */
  answersShown: z.boolean(),
  attemptsUsed: z.number().int(),
  /** null: unlimited. */
  attemptsLeft: z.number().int().nullable(),
  bestScore: z.number().nullable(),
  /** The course is complete after this attempt (recorded once; see `completion` of the player view). */
  courseCompleted: z.boolean(),
});
export type AttemptResult = z.infer<typeof AttemptResult>;

export const PlayerQuiz = z.object({
  kind: z.literal('QUIZ'),
  contentId: z.string(),
  position: z.number().int(),
  title: z.string(),
  passMark: z.number().int(),
  /** The quiz's limit plus any extra attempts an admin granted this learner; null: unlimited. */
  maxAttempts: z.number().int().nullable(),
  attemptsUsed: z.number().int(),
  attemptsLeft: z.number().int().nullable(),
  bestScore: z.number().nullable(),
  passed: z.boolean(),
  answerReveal: AnswerReveal,
  /** The rule allows showing the correct answers now (then questions carry `correctKeys`). */
  answersShown: z.boolean(),
  questions: z.array(PlayerQuestion),
  /** The latest attempt's result, as it was answered (correct answers only when `answersShown`). */
  lastAttempt: AttemptResult.nullable(),
});
export type PlayerQuiz = z.infer<typeof PlayerQuiz>;

export const PlayerContent = z.discriminatedUnion('kind', [PlayerLesson, PlayerQuiz]);
export type PlayerContent = z.infer<typeof PlayerContent>;

export const Completion = z.object({
  completedAt: z.string(),
  /** The average best score of the quizzes, percent with one decimal; null for a course without quizzes. */
  score: z.number().nullable(),
  /** Quiz attempts used in this cycle. */
  attempts: z.number().int(),
  courseVersion: z.number().int(),
  source: CompletionSource,
  /** The certificate's verification code (GET /api/certificates/verify/{code}); null until issued. */
  certificateCode: z.string().nullable(),
});
export type Completion = z.infer<typeof Completion>;

export const PlayerCourse = z.object({
  courseId: z.string(),
  version: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The language served. */
  language: CourseLanguage,
  primaryLanguage: CourseLanguage,
  languages: z.array(CourseLanguageEntry),
  status: LearnerStatus,
  progressPercent: z.number().int().min(0).max(100),
  assignedAt: z.string(),
  dueAt: z.string().nullable(),
  contents: z.array(PlayerContent),
  next: NextItem.nullable(),
  /** This cycle's completion; null until complete. */
  completion: Completion.nullable(),
});
export type PlayerCourse = z.infer<typeof PlayerCourse>;

export const playerCourse = route({
  api: 'learning',
  method: 'GET',
  path: '/api/user-course/{courseId}',
  summary:
    "The player view of the caller's assigned version of a course, in a language of the course (the primary by default; 400 naming `language` otherwise): lessons and quizzes in order with their blocks, the learner's saved answers, video positions and watched ranges, lesson done flags, quiz attempts and best scores; no correct answer before the quiz's rule allows it",
  params: CourseIdParams,
  query: LanguageQuery,
  response: PlayerCourse,
  access: LEARNERS,
  permission: 'courses.learn',
});

// ---------------------------------------------------------------------------------------------------------------
// Answers, video, lesson completion

export const SaveAnswerBody = z
  .strictObject({
    courseId: Id,
    blockId: Id,
    /** The answer as given (kept as it is, so the learner resumes on another device); absent: only marks it seen. */
    answer: BlockAnswer.optional(),
    /** The learner reached this block. */
    seen: z.boolean().optional(),
    /** The language the learner answers in (a fill-in-the-blank accepts that language's answers); the primary by default. */
    language: CourseLanguage.optional(),
  })
  .refine((b) => b.answer !== undefined || b.seen !== undefined, {
    path: ['answer'],
    message: 'Give an answer or seen',
  });
export type SaveAnswerBody = z.infer<typeof SaveAnswerBody>;

export const LessonProgress = z.object({
  lessonId: z.string(),
  done: z.boolean(),
  progressPercent: z.number().int().min(0).max(100),
  status: LearnerStatus,
});
export type LessonProgress = z.infer<typeof LessonProgress>;

export const SavedAnswer = z.object({
  blockId: z.string(),
  state: BlockState,
  progress: LessonProgress,
});
export type SavedAnswer = z.infer<typeof SavedAnswer>;

export const saveAnswer = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/user-course-content/answer',
  summary:
    "Save the caller's answer to a lesson block as given (checked against the block: 400 naming `answer`), or mark the block seen; a knowledge check says whether the answer is right, never which is",
  body: SaveAnswerBody,
  response: SavedAnswer,
  access: LEARNERS,
  permission: 'courses.learn',
});

export const VideoProgressBody = z.strictObject({
  courseId: Id,
  blockId: Id,
  /** The player's current position, in seconds (the resume position). */
  positionSeconds: z
    .number()
    .min(0)
    .max(24 * 3600),
  /** Stretches played since the last report (at most 50). Seeking is not playing: report only what played. */
  watched: z
    .array(WatchedRange.refine((r) => r.to >= r.from, { path: ['to'], message: 'A range ends after it starts' }))
    .max(50)
    .default([]),
  /** The video's duration as the player knows it (used when the author gave none). */
  durationSeconds: z
    .number()
    .positive()
    .max(24 * 3600)
    .optional(),
  /** The learner read the transcript (only for a video that has one in the served language). */
  transcriptRead: z.boolean().optional(),
  language: CourseLanguage.optional(),
});
export type VideoProgressBody = z.input<typeof VideoProgressBody>;

export const VideoProgress = z.object({ blockId: z.string(), video: VideoState });
export type VideoProgress = z.infer<typeof VideoProgress>;

export const videoProgress = route({
  api: 'learning',
  method: 'POST',
  path: '/api/user-course-content/video-progress',
  summary:
    "Record the caller's position in a lesson video and the stretches played; the server merges them, counting no more than the time that passed since the last report (a seek ahead is not watched)",
  body: VideoProgressBody,
  response: VideoProgress,
  access: LEARNERS,
  permission: 'courses.learn',
});

export const LessonCompleteBody = z.strictObject({ courseId: Id, lessonId: Id, language: CourseLanguage.optional() });
export type LessonCompleteBody = z.infer<typeof LessonCompleteBody>;

/** The 409 codes of lesson-complete (the error body's `code`; `fields` maps each block id to its reason). */
export const LESSON_INCOMPLETE_CODES = ['VIDEO_NOT_WATCHED', 'ANSWER_MISSING'] as const;

export const LessonCompleted = LessonProgress.extend({
  courseCompleted: z.boolean(),
  completion: Completion.nullable(),
});
export type LessonCompleted = z.infer<typeof LessonCompleted>;

export const lessonComplete = route({
  api: 'learning',
  method: 'POST',
  path: '/api/user-course-content/lesson-complete',
  summary:
    'Mark a lesson done: only when every video was watched (or its transcript read) and every question and required block answered; 409 with code VIDEO_NOT_WATCHED or ANSWER_MISSING and the blocks in `fields` otherwise',
  body: LessonCompleteBody,
  response: LessonCompleted,
  access: LEARNERS,
  permission: 'courses.learn',
});

// ---------------------------------------------------------------------------------------------------------------
// Quiz attempts

export const SubmitAttemptBody = z.strictObject({
  /** Every question's chosen option keys (an unanswered question may be left out: it scores 0). */
  answers: z.array(z.strictObject({ questionId: Id, choices: z.array(PartKey).max(20) })).max(1_000),
  /** The language the learner took it in (the primary by default). */
  language: CourseLanguage.optional(),
});
export type SubmitAttemptBody = z.infer<typeof SubmitAttemptBody>;

export const submitAttempt = route({
  api: 'learning',
  method: 'POST',
  path: '/api/user-course/{courseId}/quizzes/{quizId}/attempts',
  summary:
    "Submit a whole quiz attempt: scored on the server against the pass mark; 409 NO_ATTEMPTS_LEFT past the limit (also for attempts sent at once) or QUIZ_PASSED once passed; correct answers only as the quiz's rule allows",
  params: z.strictObject({ courseId: Id, quizId: Id }),
  body: SubmitAttemptBody,
  response: AttemptResult,
  access: LEARNERS,
  permission: 'courses.learn',
});

// ---------------------------------------------------------------------------------------------------------------
// Certificates

export const CertificateQuery = z.strictObject({
  /** An admin downloading a learner's certificate; the caller's own when absent. */
  userId: Id.optional(),
});

export const downloadCertificate = route({
  api: 'learning',
  method: 'GET',
  path: '/api/user-course/{courseId}/certificate',
  summary:
    "The PDF certificate of the latest completion of a course, in the course's language, with its verification code: the learner's own, or (userId) a learner's for their admins; 404 before completion",
  params: CourseIdParams,
  query: CertificateQuery,
  response: null,
  access: LEARNERS,
  permission: 'courses.learn',
});

/** Exactly what the certificate prints, and nothing else about the person. */
export const CertificateVerification = z.object({
  code: z.string(),
  /** The learner's name as printed. */
  name: z.string(),
  courseTitle: z.string(),
  /** The language the certificate is in. */
  language: CourseLanguage,
  /** The organisation named on the certificate (the workspace). */
  organisation: z.string(),
  /** Calendar dates, YYYY-MM-DD. */
  completedOn: z.string(),
  issuedOn: z.string(),
  /** null: the completion does not expire. */
  expiresOn: z.string().nullable(),
  /** Still valid today (not expired, not withdrawn). */
  valid: z.boolean(),
});
export type CertificateVerification = z.infer<typeof CertificateVerification>;

export const verifyCertificate = route({
  api: 'learning',
  method: 'GET',
  path: '/api/certificates/verify/{code}',
  summary:
    "Public: checks a certificate's verification code on the workspace's host and returns every field printed on it (name, course, dates, organisation), nothing else; 404 for an unknown code",
  params: z.strictObject({
    code: z
      .string()
      .trim()
      .regex(/^[A-Z0-9-]{6,40}$/, 'Not a verification code'),
  }),
  response: CertificateVerification,
  access: 'public',
});

// ---------------------------------------------------------------------------------------------------------------
// Admin: attempts, mark done, past completions

export const ExceededAttempt = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  quizId: z.string(),
  quizTitle: z.string(),
  attemptsUsed: z.number().int(),
  /** The quiz's limit plus the extra attempts granted. */
  maxAttempts: z.number().int(),
  extraAttempts: z.number().int(),
  bestScore: z.number().nullable(),
  lastAttemptAt: z.string(),
});
export type ExceededAttempt = z.infer<typeof ExceededAttempt>;

export const attemptsExceeded = route({
  api: 'learning',
  method: 'GET',
  path: '/api/course/{id}/attempts/exceeded',
  summary:
    'The learners of a course who used every attempt of a quiz without passing it (a business-unit admin: their unit only)',
  params: IdParams,
  query: PageQuery.strict(),
  response: pageOf(ExceededAttempt),
  access: ADMINS,
  permission: 'courses.assign',
});

export const SetUserAttemptsBody = z.strictObject({
  courseId: Id,
  quizId: Id,
  userId: Id,
  /** Extra attempts on top of the quiz's limit for this learner (0 removes the override). */
  extraAttempts: z.number().int().min(0).max(100),
});
export type SetUserAttemptsBody = z.infer<typeof SetUserAttemptsBody>;

export const UserAttempts = z.object({
  userId: z.string(),
  quizId: z.string(),
  extraAttempts: z.number().int(),
  /** null: the quiz is unlimited. */
  maxAttempts: z.number().int().nullable(),
  attemptsUsed: z.number().int(),
  attemptsLeft: z.number().int().nullable(),
});
export type UserAttempts = z.infer<typeof UserAttempts>;

export const setUserAttempts = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/course/user-attempts',
  summary: "Set a learner's extra attempts on a quiz (a per-learner override of the quiz's limit); audited",
  body: SetUserAttemptsBody,
  response: UserAttempts,
  access: ADMINS,
  permission: 'courses.assign',
});

export const IncreaseUserAttemptsBody = z.strictObject({
  courseId: Id,
  quizId: Id,
  userIds: z.array(Id).min(1).max(1_000),
  /** Attempts to add to each learner's extra attempts. */
  by: z.number().int().min(1).max(10).default(1),
});
export type IncreaseUserAttemptsBody = z.input<typeof IncreaseUserAttemptsBody>;

export const increaseUserAttempts = route({
  api: 'learning',
  method: 'POST',
  path: '/api/course/increase/user-attempts',
  summary:
    'Grant learners of a course extra attempts on a quiz (each learner named must be assigned the course); audited',
  body: IncreaseUserAttemptsBody,
  response: z.array(UserAttempts),
  access: ADMINS,
  permission: 'courses.assign',
});

export const MarkDoneBody = z
  .strictObject({
    scope: z.enum(['LESSON', 'COURSE']),
    /** The lesson, for scope LESSON. */
    lessonId: Id.optional(),
    /** Why tracking failed: required, kept in the audit log. */
    reason: z.string().trim().min(3, 'Give the reason').max(1_000),
  })
  .refine((b) => b.scope !== 'LESSON' || b.lessonId !== undefined, { path: ['lessonId'], message: 'Name the lesson' });
export type MarkDoneBody = z.infer<typeof MarkDoneBody>;

export const MarkedDone = z.object({
  userId: z.string(),
  courseId: z.string(),
  status: LearnerStatus,
  progressPercent: z.number().int(),
  completion: Completion.nullable(),
});
export type MarkedDone = z.infer<typeof MarkedDone>;

export const markDone = route({
  api: 'learning',
  method: 'POST',
  path: '/api/course/{id}/members/{userId}/mark-done',
  summary:
    "An admin marks a learner's lesson or whole course done when tracking failed, with a reason; audited (a course marked done is a completion with source ADMIN)",
  params: z.strictObject({ id: Id, userId: Id }),
  body: MarkDoneBody,
  response: MarkedDone,
  access: ADMINS,
  permission: 'courses.assign',
});

/** The multipart field holding the CSV (columns: email, course, completed on YYYY-MM-DD, score). */
export const COMPLETIONS_FILE_FIELD = 'file';

export const CompletionImportProblem = z.object({
  /** The file's row: the header is row 1. */
  row: z.number().int(),
  column: z.enum(['email', 'course', 'completedOn', 'score', 'row']),
  reason: z.string(),
});
export type CompletionImportProblem = z.infer<typeof CompletionImportProblem>;

export const CompletionImportResult = z.object({
  rows: z.number().int(),
  imported: z.number().int(),
  /** Already recorded (the same person, course and date): left as they were. */
  duplicates: z.number().int(),
  problems: z.array(CompletionImportProblem),
  /** More problems than listed. */
  problemsTruncated: z.boolean(),
});
export type CompletionImportResult = z.infer<typeof CompletionImportResult>;

export const importCompletions = route({
  api: 'learning',
  method: 'POST',
  path: '/api/course/completions/import',
  summary:
    'Import completions made elsewhere from a CSV (email, course title, completion date, score): each good row is recorded as an IMPORTED completion, each bad one listed with its reason; at most 5,000 rows and 2 MB',
  multipart: true,
  response: CompletionImportResult,
  access: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  permission: 'courses.assign',
});
