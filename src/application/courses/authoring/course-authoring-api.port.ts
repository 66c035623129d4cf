import type { Outcome } from '../../shared/refusal';
import type { LessonBlock } from '../../../contracts/learning/blocks.contract';
import type { AnswerReveal } from '../../../domain/courses/blocks';
import type { CourseLanguage, CourseStatus, LanguagePriority } from '../../../domain/courses/course';

/**
 * The authoring calls of the learning API as the builder needs them. The HTTP adapter maps the
 * contracts (src/contracts/learning) onto these shapes, so the builder's logic reads one model whatever the wire.
 */

export interface AuthoringLanguage {
  language: CourseLanguage;
  priority: LanguagePriority;
}

export interface AuthoringCourseSummary {
  courseId: string;
  title: string;
  status: CourseStatus;
  languages: AuthoringLanguage[];
  lessonCount: number;
  quizCount: number;
  assignedCount: number;
  completedCount: number;
  updatedAt: string | null;
}

export interface AuthoringCourseQuery {
  /** Zero-based, as on the wire. */
  page: number;
  pageSize: number;
  search?: string;
}

export interface NewCourse {
  title: string;
  description: string;
  primaryLanguage: CourseLanguage;
  /** Whether the assignment reminders run for it; a new course starts with them on (CreateCourse). */
  reminderEnabled?: boolean;
}

export interface QuizSettings {
  title: string;
  /** Percentage 0..100 a learner must reach. */
  passMark: number;
  /** null: as many attempts as the learner wants. */
  maxAttempts: number | null;
  answerReveal: AnswerReveal;
}

export interface AuthoringBlock {
  blockId: string;
  block: LessonBlock;
}

/** A lesson or quiz; `title` in the primary language (else the first given), `titles` in each language given. */
export type AuthoringContent =
  | {
      kind: 'LESSON';
      contentId: string;
      title: string;
      titles?: Partial<Record<CourseLanguage, string>>;
      blocks: AuthoringBlock[];
    }
  | ({
      kind: 'QUIZ';
      contentId: string;
      titles?: Partial<Record<CourseLanguage, string>>;
      questions: AuthoringBlock[];
    } & QuizSettings);

export interface CourseVersionSummary {
  version: number;
  status: CourseStatus;
  learners: number;
}

export interface AuthoringCourse {
  courseId: string;
  title: string;
  description: string;
  status: CourseStatus;
  /** Whether the reminder run mails this course's learners (the course's reminder toggle). */
  reminderEnabled: boolean;
  /** The cover image's file, shown on the course's card; null when none was given. */
  coverFileId: string | null;
  /** The version being edited (a draft after the published one, or the published one). */
  version: number;
  versions: CourseVersionSummary[];
  languages: AuthoringLanguage[];
  contents: AuthoringContent[];
}

/** That it published, or what publishing refused in the server's words (each missing part in `fields`). */
export type PublishResult = Outcome<{ version: number }, never>;

export const CourseAuthoringApi = Symbol('CourseAuthoringApi');
export interface CourseAuthoringApi {
  list(query: AuthoringCourseQuery): Promise<{ items: AuthoringCourseSummary[]; total: number }>;
  create(course: NewCourse): Promise<{ courseId: string }>;
  update(courseId: string, changes: { title: string; description: string }): Promise<void>;
  remove(courseId: string): Promise<void>;
  /** @read The whole course as its author edits it: every language's words of every block. */
  load(courseId: string): Promise<AuthoringCourse>;
  addLanguage(courseId: string, language: CourseLanguage): Promise<void>;
  setPrimaryLanguage(courseId: string, language: CourseLanguage): Promise<void>;
  reorder(courseId: string, contentIds: string[]): Promise<void>;
  /** A deep copy as a new draft: languages, lessons, blocks, quizzes, questions; the files are shared. */
  clone(courseId: string): Promise<{ courseId: string }>;
  setReminders(courseId: string, enabled: boolean): Promise<void>;

  createLesson(courseId: string, title: string): Promise<{ contentId: string }>;
  renameLesson(lessonId: string, title: string): Promise<void>;
  /** A lesson's or quiz's title in one of the course's languages. */
  renameContent(kind: 'LESSON' | 'QUIZ', contentId: string, title: string, language: CourseLanguage): Promise<void>;
  deleteLesson(lessonId: string): Promise<void>;
  createBlock(lessonId: string, block: LessonBlock): Promise<{ blockId: string }>;
  updateBlock(blockId: string, block: LessonBlock): Promise<void>;
  deleteBlock(blockId: string): Promise<void>;
  /** Moves a block to a place (0-based) in its lesson; the others shift. */
  moveBlock(blockId: string, block: LessonBlock, position: number): Promise<void>;

  createQuiz(courseId: string, settings: QuizSettings): Promise<{ contentId: string }>;
  updateQuiz(quizId: string, settings: QuizSettings): Promise<void>;
  deleteQuiz(quizId: string): Promise<void>;
  addQuestion(quizId: string, block: LessonBlock): Promise<{ blockId: string }>;
  editQuestion(questionId: string, block: LessonBlock): Promise<void>;
  deleteQuestion(questionId: string): Promise<void>;
  /** Every question of the quiz, once each, in the new order. */
  orderQuestions(quizId: string, questionIds: string[]): Promise<void>;

  publish(courseId: string): Promise<PublishResult>;
}
