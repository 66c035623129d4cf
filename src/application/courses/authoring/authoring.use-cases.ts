import { refuse, refusalFrom, type Outcome, type Refusal } from '../../shared/refusal';
import { LessonBlock } from '../../../contracts/learning/blocks.contract';
import { ApiError } from '../../shared/api-error';
import type { CourseLanguage } from '../../../domain/courses/course';
import type { CourseAuthoringApi, NewCourse, PublishResult, QuizSettings } from './course-authoring-api.port';
import { publishChecklist, type PublishChecklist } from './publish-checklist';
import type { AuthoringCourse } from './course-authoring-api.port';

function refused(error: unknown): Refusal<never> {
  if (ApiError.isRefusal(error)) return refusalFrom(error);
  throw error;
}

/** Creates a draft course in its primary language; a blank title is refused before the server is asked. */
export class CreateCourse {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(input: NewCourse): Promise<Outcome<{ courseId: string }>> {
    const title = input.title.trim();
    if (!title) return refuse('invalid', 'Give the course a title.', { fields: { title: 'Give the course a title' } });
    if (title.length > 200)
      return refuse('invalid', 'Use at most 200 characters.', { fields: { title: 'Use at most 200 characters' } });
    try {
      // Reminders on from the start: a course whose learners are never reminded is the surprising default.
      return {
        ok: true,
        ...(await this.api.create({
          ...input,
          title,
          description: input.description.trim(),
          reminderEnabled: input.reminderEnabled ?? true,
        })),
      };
    } catch (error) {
      return refused(error);
    }
  }
}

export type BlockOwner = { kind: 'LESSON'; lessonId: string } | { kind: 'QUIZ'; quizId: string };

/**
 * Saves a block of a lesson or a question of a quiz: checked by the contract first (the same schema the server
 * applies), so a wrong block never leaves the browser; then created or updated.
 */
export class SaveBlock {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(owner: BlockOwner, blockId: string | null, draft: unknown): Promise<Outcome<{ blockId: string }>> {
    const parsed = LessonBlock.safeParse(draft);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      return refuse('invalid', 'Some fields of this block need attention.', { fields });
    }
    const block = parsed.data;
    try {
      if (owner.kind === 'LESSON') {
        if (blockId) await this.api.updateBlock(blockId, block);
        else blockId = (await this.api.createBlock(owner.lessonId, block)).blockId;
      } else {
        if (blockId) await this.api.editQuestion(blockId, block);
        else blockId = (await this.api.addQuestion(owner.quizId, block)).blockId;
      }
      return { ok: true, blockId };
    } catch (error) {
      return refused(error);
    }
  }
}

/** The quiz settings' own rules: a pass mark of 1 to 100 %, attempts unlimited or 1 to 20. */
export function quizSettingsErrors(settings: QuizSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!settings.title.trim()) errors.title = 'Give the quiz a title';
  if (!Number.isInteger(settings.passMark) || settings.passMark < 1 || settings.passMark > 100)
    errors.passMark = 'Use a whole number from 1 to 100';
  if (
    settings.maxAttempts !== null &&
    (!Number.isInteger(settings.maxAttempts) || settings.maxAttempts < 1 || settings.maxAttempts > 20)
  ) {
    errors.maxAttempts = 'Use a whole number from 1 to 20, or allow any number of attempts';
  }
  return errors;
}

/** Creates a quiz, or saves its settings. */
export class SaveQuiz {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(courseId: string, quizId: string | null, settings: QuizSettings): Promise<Outcome<{ quizId: string }>> {
    const fields = quizSettingsErrors(settings);
    if (Object.keys(fields).length) return refuse('invalid', 'Some settings need attention.', { fields });
    const clean = { ...settings, title: settings.title.trim() };
    try {
      if (quizId) await this.api.updateQuiz(quizId, clean);
      else quizId = (await this.api.createQuiz(courseId, clean)).contentId;
      return { ok: true, quizId };
    } catch (error) {
      return refused(error);
    }
  }
}

/** The order after moving one item by one place, or null when it cannot move that way. */
export function moved(ids: readonly string[], id: string, by: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  [order[from], order[to]] = [order[to], order[from]];
  return order;
}

/** The order after dragging an item to another's place. */
export function dropped(ids: readonly string[], id: string, onto: string): string[] | null {
  const from = ids.indexOf(id);
  const to = ids.indexOf(onto);
  if (from < 0 || to < 0 || from === to) return null;
  const order = [...ids];
  order.splice(from, 1);
  order.splice(to, 0, id);
  return order;
}

/** Puts the course's lessons and quizzes in a new order (by keyboard or by drag). */
export class ReorderContents {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(courseId: string, order: string[]): Promise<Outcome<{ order: string[] }>> {
    try {
      await this.api.reorder(courseId, order);
      return { ok: true, order };
    } catch (error) {
      return refused(error);
    }
  }
}

/** Refused with each of the checklist's errors (and the server's) in `fields`, keyed by where it is. */
export type PublishOutcome = Outcome<{ version: number; warnings: PublishChecklist['warnings'] }>;

function checklistRefused(message: string, errors: PublishChecklist['errors'], more: Record<string, string> = {}) {
  const fields: Record<string, string> = {};
  for (const { where, message: problem } of errors)
    fields[where] = fields[where] ? `${fields[where]} ${problem}` : problem;
  return refuse('invalid', message, { fields: { ...fields, ...more } });
}

/** Publishes when the checklist has no error; the server checks again and its refusal is shown as it words it. */
export class PublishCourse {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(course: AuthoringCourse): Promise<PublishOutcome> {
    const checklist = publishChecklist(course);
    if (checklist.errors.length > 0) return checklistRefused('This course cannot be published yet.', checklist.errors);
    let result: PublishResult;
    try {
      result = await this.api.publish(course.courseId);
    } catch (error) {
      return checklistRefused(refused(error).message, checklist.errors);
    }
    if (!result.ok) return checklistRefused(result.message, checklist.errors, result.fields);
    return { ok: true, version: result.version, warnings: checklist.warnings };
  }
}

/** Adds a language the course is written in (its titles and blocks are then translated into it). */
export class AddCourseLanguage {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(courseId: string, language: CourseLanguage): Promise<Outcome> {
    try {
      await this.api.addLanguage(courseId, language);
      return { ok: true };
    } catch (error) {
      return refused(error);
    }
  }
}

/** Adds a lesson at the end of the course; a blank title is refused (code `blank`) before the server is asked. */
export class AddLesson {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(courseId: string, title: string): Promise<Outcome<{ lessonId: string }, 'blank'>> {
    const trimmed = title.trim();
    if (!trimmed)
      return refuse('invalid', 'Give the lesson a title', {
        code: 'blank',
        fields: { title: 'Give the lesson a title' },
      });
    try {
      return { ok: true, lessonId: (await this.api.createLesson(courseId, trimmed)).contentId };
    } catch (error) {
      return refused(error);
    }
  }
}

/** A lesson or a quiz of the course, by its kind and id. */
export type CourseContentRef = { kind: 'LESSON' | 'QUIZ'; contentId: string };

/** Gives a lesson or a quiz its title in one language; a blank title is refused (code `blank`). */
export class RenameContent {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(content: CourseContentRef, title: string, language: CourseLanguage): Promise<Outcome<object, 'blank'>> {
    const trimmed = title.trim();
    if (!trimmed) return refuse('invalid', 'Give it a title', { code: 'blank', fields: { title: 'Give it a title' } });
    try {
      await this.api.renameContent(content.kind, content.contentId, trimmed, language);
      return { ok: true };
    } catch (error) {
      return refused(error);
    }
  }
}

/** Deletes a lesson or a quiz from the draft, with its blocks or questions. */
export class RemoveContent {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(content: CourseContentRef): Promise<Outcome> {
    try {
      if (content.kind === 'LESSON') await this.api.deleteLesson(content.contentId);
      else await this.api.deleteQuiz(content.contentId);
      return { ok: true };
    } catch (error) {
      return refused(error);
    }
  }
}

/**
 * Puts a lesson's block or a quiz's question in its new place, given the new order of its lesson or quiz: a block is
 * moved to its position (0-based), a quiz's questions are given their whole order.
 */
export class MoveBlock {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(owner: BlockOwner, blockId: string, block: LessonBlock, order: string[]): Promise<Outcome> {
    const position = order.indexOf(blockId);
    if (position < 0) return refuse('invalid', 'This block is not in the new order.');
    try {
      if (owner.kind === 'LESSON') await this.api.moveBlock(blockId, block, position);
      else await this.api.orderQuestions(owner.quizId, order);
      return { ok: true };
    } catch (error) {
      return refused(error);
    }
  }
}

/** Deletes a lesson's block or a quiz's question. */
export class RemoveBlock {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(owner: BlockOwner, blockId: string): Promise<Outcome> {
    try {
      if (owner.kind === 'LESSON') await this.api.deleteBlock(blockId);
      else await this.api.deleteQuestion(blockId);
      return { ok: true };
    } catch (error) {
      return refused(error);
    }
  }
}

/** Copies the course as a new draft (every language, lesson, quiz and block); answers the copy's id. */
export class DuplicateCourse {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(courseId: string): Promise<Outcome<{ courseId: string }>> {
    try {
      return { ok: true, courseId: (await this.api.clone(courseId)).courseId };
    } catch (error) {
      return refused(error);
    }
  }
}

/** Turns the assignment reminders of the course's learners on or off. */
export class SetCourseReminders {
  constructor(private readonly api: CourseAuthoringApi) {}

  async execute(courseId: string, enabled: boolean): Promise<Outcome<{ enabled: boolean }>> {
    try {
      await this.api.setReminders(courseId, enabled);
      return { ok: true, enabled };
    } catch (error) {
      return refused(error);
    }
  }
}
