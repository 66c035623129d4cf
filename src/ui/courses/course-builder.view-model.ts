import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction, toJS } from 'mobx';
import {
  AddCourseLanguage,
  AddLesson,
  dropped,
  DuplicateCourse,
  MoveBlock,
  moved,
  PublishCourse,
  RemoveBlock,
  RemoveContent,
  RenameContent,
  ReorderContents,
  SaveBlock,
  SaveQuiz,
  SetCourseReminders,
  type BlockOwner,
} from '../../application/courses/authoring/authoring.use-cases';
import {
  CourseAuthoringApi,
  type AuthoringContent,
  type AuthoringCourse,
  type QuizSettings,
} from '../../application/courses/authoring/course-authoring-api.port';
import {
  missingTranslationCounts,
  primaryOf,
  publishChecklist,
  type PublishChecklist,
} from '../../application/courses/authoring/publish-checklist';
import { describeError } from '../../application/shared/api-error';
import type { Outcome } from '../../application/shared/refusal';
import type { BlockType } from '../../contracts/learning/blocks.contract';
import { CourseLanguage, LANGUAGE_LABELS } from '../../domain/courses/course';
import { BlockDraft, newBlock } from './blocks/block-draft';

type Notice = { type: 'success' | 'error' | 'warning'; message: string; details?: string[] } | null;

/** The block being edited: a new one (blockId null) or an existing one, of a lesson or a quiz. */
export interface Editing {
  contentId: string;
  blockId: string | null;
  draft: BlockDraft;
}

/** Types a quiz question can be: one right answer, or several. */
export const QUESTION_TYPES: readonly BlockType[] = ['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE'];

export const DEFAULT_QUIZ: Omit<QuizSettings, 'title'> = {
  passMark: 70,
  maxAttempts: 3,
  answerReveal: 'AFTER_PASSING',
};

/**
 * The course builder: the outline of lessons and quizzes (ordered by keyboard or drag), the block being edited in
 * the language chosen, the language switcher with its missing-translation counts, the preview, quiz settings and
 * publishing with its checklist. Every change goes through a use case and the course is read again after it, so
 * what the screen shows is what the server holds.
 */
@injectable()
export class CourseBuilderViewModel {
  courseId = '';
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  course: AuthoringCourse | null = null;
  language: CourseLanguage = 'ENGLISH';
  selectedContentId: string | null = null;
  editing: Editing | null = null;
  busy: 'save' | 'order' | 'publish' | 'content' | 'language' | null = null;
  notice: Notice = null;
  /** Field errors of the last refused form (lesson title, quiz settings). */
  formErrors: Record<string, string> = {};
  publishOpen = false;
  lastPublish: { ok: boolean; message: string } | null = null;

  constructor(
    @inject(CourseAuthoringApi) private readonly api: CourseAuthoringApi,
    @inject(AddCourseLanguage) private readonly addLanguageUseCase: AddCourseLanguage,
    @inject(AddLesson) private readonly addLessonUseCase: AddLesson,
    @inject(RenameContent) private readonly renameContentUseCase: RenameContent,
    @inject(RemoveContent) private readonly removeContentUseCase: RemoveContent,
    @inject(ReorderContents) private readonly reorderUseCase: ReorderContents,
    @inject(SaveBlock) private readonly saveBlockUseCase: SaveBlock,
    @inject(MoveBlock) private readonly moveBlockUseCase: MoveBlock,
    @inject(RemoveBlock) private readonly removeBlockUseCase: RemoveBlock,
    @inject(SaveQuiz) private readonly saveQuizUseCase: SaveQuiz,
    @inject(DuplicateCourse) private readonly duplicateUseCase: DuplicateCourse,
    @inject(SetCourseReminders) private readonly setRemindersUseCase: SetCourseReminders,
    @inject(PublishCourse) private readonly publishUseCase: PublishCourse,
  ) {
    makeAutoObservable<
      CourseBuilderViewModel,
      | 'api'
      | 'addLanguageUseCase'
      | 'addLessonUseCase'
      | 'renameContentUseCase'
      | 'removeContentUseCase'
      | 'reorderUseCase'
      | 'saveBlockUseCase'
      | 'moveBlockUseCase'
      | 'removeBlockUseCase'
      | 'saveQuizUseCase'
      | 'duplicateUseCase'
      | 'setRemindersUseCase'
      | 'publishUseCase'
    >(
      this,
      {
        api: false,
        addLanguageUseCase: false,
        addLessonUseCase: false,
        renameContentUseCase: false,
        removeContentUseCase: false,
        reorderUseCase: false,
        saveBlockUseCase: false,
        moveBlockUseCase: false,
        removeBlockUseCase: false,
        saveQuizUseCase: false,
        duplicateUseCase: false,
        setRemindersUseCase: false,
        publishUseCase: false,
      },
      { autoBind: true },
    );
  }

  get primary(): CourseLanguage {
    return this.course ? primaryOf(this.course) : 'ENGLISH';
  }

  get languages(): CourseLanguage[] {
    return this.course?.languages.map((l) => l.language) ?? [];
  }

  /** The languages the course could still add. */
  get addableLanguages(): CourseLanguage[] {
    return CourseLanguage.options.filter((l) => !this.languages.includes(l));
  }

  get missingCounts(): Record<string, number> {
    return this.course ? missingTranslationCounts(this.course) : {};
  }

  get contents(): AuthoringContent[] {
    return this.course?.contents ?? [];
  }

  get selected(): AuthoringContent | null {
    return this.contents.find((c) => c.contentId === this.selectedContentId) ?? null;
  }

  get checklist(): PublishChecklist {
    return this.course ? publishChecklist(this.course) : { errors: [], warnings: [] };
  }

  async load(courseId: string): Promise<void> {
    this.courseId = courseId;
    this.status = 'loading';
    this.error = null;
    try {
      await this.refresh();
      runInAction(() => {
        this.status = 'ready';
        this.language = this.primary;
        this.selectedContentId = this.contents[0]?.contentId ?? null;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  private async refresh(): Promise<void> {
    const course = await this.api.load(this.courseId);
    runInAction(() => {
      this.course = course;
      if (this.selectedContentId && !course.contents.some((c) => c.contentId === this.selectedContentId)) {
        this.selectedContentId = course.contents[0]?.contentId ?? null;
      }
    });
  }

  /** A new cover image was uploaded and confirmed (the confirm made it the cover on the server). */
  coverChanged(fileId: string): void {
    if (this.course) this.course = { ...this.course, coverFileId: fileId };
  }

  /** Runs a change (a use case, or nothing), then reads the course again; a refusal or a failure becomes the notice. */
  private async change(
    busy: NonNullable<CourseBuilderViewModel['busy']>,
    action: () => Promise<Outcome | null>,
    success: string | null = null,
  ): Promise<boolean> {
    this.busy = busy;
    this.notice = null;
    try {
      const outcome = await action();
      if (outcome && !outcome.ok) {
        runInAction(() => (this.notice = { type: 'error', message: outcome.message }));
        return false;
      }
      await this.refresh();
      runInAction(() => {
        if (success) this.notice = { type: 'success', message: success };
      });
      return true;
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  // Languages -------------------------------------------------------------------------------------------------------

  setLanguage(language: CourseLanguage): void {
    this.language = language;
    this.editing?.draft.setLanguage(language);
  }

  async addLanguage(language: CourseLanguage): Promise<void> {
    const ok = await this.change('language', () => this.addLanguageUseCase.execute(this.courseId, language));
    if (ok) this.setLanguage(language);
  }

  // Outline -----------------------------------------------------------------------------------------------------------

  select(contentId: string): void {
    if (this.selectedContentId !== contentId) this.editing = null;
    this.selectedContentId = contentId;
  }

  async addLesson(title: string): Promise<boolean> {
    if (!title.trim()) {
      this.formErrors = { lessonTitle: 'Give the lesson a title' };
      return false;
    }
    this.formErrors = {};
    let created = '';
    const ok = await this.change('content', async () => {
      const outcome = await this.addLessonUseCase.execute(this.courseId, title);
      if (outcome.ok) created = outcome.lessonId;
      return outcome;
    });
    if (ok) this.select(created);
    return ok;
  }

  async addQuiz(title: string): Promise<boolean> {
    const outcome = await this.saveQuizUseCase.execute(this.courseId, null, { title, ...DEFAULT_QUIZ });
    if (!outcome.ok) {
      this.formErrors = { quizTitle: outcome.fields.title ?? outcome.message };
      return false;
    }
    this.formErrors = {};
    await this.change('content', async () => null);
    this.select(outcome.quizId);
    return true;
  }

  async saveQuizSettings(settings: QuizSettings): Promise<boolean> {
    const quiz = this.selected;
    if (quiz?.kind !== 'QUIZ') return false;
    const outcome = await this.saveQuizUseCase.execute(this.courseId, quiz.contentId, settings);
    if (!outcome.ok) {
      runInAction(() => {
        this.formErrors = outcome.fields;
        this.notice = { type: 'error', message: outcome.message };
      });
      return false;
    }
    this.formErrors = {};
    return this.change('content', async () => null, 'Quiz settings saved.');
  }

  /** The selected lesson's or quiz's title in the language being written. */
  titleIn(content: AuthoringContent, language: CourseLanguage = this.language): string {
    return content.titles?.[language] ?? (language === this.primary ? content.title : '');
  }

  async renameSelected(title: string): Promise<boolean> {
    const content = this.selected;
    if (!content) return false;
    if (!title.trim()) {
      this.formErrors = { contentTitle: 'Give it a title' };
      return false;
    }
    this.formErrors = {};
    const language = this.language;
    return this.change(
      'content',
      () => this.renameContentUseCase.execute(content, title, language),
      `Title saved in ${LANGUAGE_LABELS[language]}.`,
    );
  }

  async removeContent(contentId: string): Promise<void> {
    const content = this.contents.find((c) => c.contentId === contentId);
    if (!content) return;
    if (this.editing?.contentId === contentId) this.editing = null;
    await this.change(
      'content',
      () => this.removeContentUseCase.execute(content),
      `${content.kind === 'LESSON' ? 'Lesson' : 'Quiz'} "${content.title}" deleted.`,
    );
  }

  /** Keyboard path: one place up or down. */
  moveContent(contentId: string, by: -1 | 1): Promise<void> {
    return this.reorder(
      moved(
        this.contents.map((c) => c.contentId),
        contentId,
        by,
      ),
      contentId,
    );
  }

  /** Drag path: dropped on another item's place. */
  dropContent(contentId: string, onto: string): Promise<void> {
    return this.reorder(
      dropped(
        this.contents.map((c) => c.contentId),
        contentId,
        onto,
      ),
      contentId,
    );
  }

  private async reorder(order: string[] | null, contentId: string): Promise<void> {
    if (!order || !this.course) return;
    const before = this.course.contents;
    // Shown at once; put back if the server refuses.
    this.course.contents = order.map((id) => before.find((c) => c.contentId === id)!);
    const position = order.indexOf(contentId) + 1;
    const title = before.find((c) => c.contentId === contentId)?.title ?? '';
    const ok = await this.change(
      'order',
      () => this.reorderUseCase.execute(this.courseId, order),
      `"${title}" moved to position ${position} of ${order.length}.`,
    );
    if (!ok && this.course) runInAction(() => (this.course!.contents = before));
  }

  // Blocks ------------------------------------------------------------------------------------------------------------

  /** The picker's choice: a new block (or question) of that type, edited in the selected language. */
  startBlock(type: BlockType): void {
    const content = this.selected;
    if (!content) return;
    this.editing = {
      contentId: content.contentId,
      blockId: null,
      draft: new BlockDraft(newBlock(type), this.primary, this.languages, this.language),
    };
  }

  editBlock(blockId: string): void {
    const content = this.selected;
    if (!content) return;
    const blocks = content.kind === 'LESSON' ? content.blocks : content.questions;
    const found = blocks.find((b) => b.blockId === blockId);
    if (!found) return;
    this.editing = {
      contentId: content.contentId,
      blockId,
      draft: new BlockDraft(found.block, this.primary, this.languages, this.language),
    };
  }

  cancelEditing(): void {
    this.editing = null;
  }

  async saveEditing(): Promise<boolean> {
    const editing = this.editing;
    const content = this.contents.find((c) => c.contentId === editing?.contentId);
    if (!editing || !content) return false;
    editing.draft.markTouched();
    const owner = ownerOf(content);
    this.busy = 'save';
    this.notice = null;
    const outcome = await this.saveBlockUseCase.execute(owner, editing.blockId, editing.draft.output());
    if (!outcome.ok) {
      runInAction(() => {
        this.busy = null;
        const fields = Object.values(outcome.fields);
        this.notice = { type: 'error', message: outcome.message, details: fields.length ? fields : undefined };
      });
      return false;
    }
    const label = editing.draft.label;
    const ok = await this.change('save', async () => null, `${label} saved.`);
    if (ok) runInAction(() => (this.editing = null));
    return ok;
  }

  /** Keyboard path inside a lesson or quiz: a block or question one place up or down. */
  async moveBlock(blockId: string, by: -1 | 1): Promise<void> {
    const content = this.selected;
    if (!content) return;
    const list = content.kind === 'LESSON' ? content.blocks : content.questions;
    const order = moved(
      list.map((b) => b.blockId),
      blockId,
      by,
    );
    const item = list.find((b) => b.blockId === blockId);
    if (!order || !item) return;
    const position = order.indexOf(blockId);
    const noun = content.kind === 'LESSON' ? 'Block' : 'Question';
    await this.change(
      'order',
      () => this.moveBlockUseCase.execute(ownerOf(content), blockId, toJS(item.block), order),
      `${noun} moved to position ${position + 1} of ${order.length}.`,
    );
  }

  // The course --------------------------------------------------------------------------------------------------------

  /** A deep copy as a new draft; its id, for the screen to open, or null when refused (the notice says why). */
  async duplicate(): Promise<string | null> {
    let copy: string | null = null;
    await this.change('content', async () => {
      const outcome = await this.duplicateUseCase.execute(this.courseId);
      if (outcome.ok) copy = outcome.courseId;
      return outcome;
    });
    return copy;
  }

  async setReminders(enabled: boolean): Promise<void> {
    await this.change(
      'content',
      () => this.setRemindersUseCase.execute(this.courseId, enabled),
      enabled
        ? 'Reminders on: learners of this course are reminded before and after the due date.'
        : 'Reminders off for this course.',
    );
  }

  async removeBlock(blockId: string): Promise<void> {
    const content = this.selected;
    if (!content) return;
    if (this.editing?.blockId === blockId) this.editing = null;
    await this.change(
      'content',
      () => this.removeBlockUseCase.execute(ownerOf(content), blockId),
      content.kind === 'LESSON' ? 'Block deleted.' : 'Question deleted.',
    );
  }

  // Publishing --------------------------------------------------------------------------------------------------------

  openPublish(): void {
    this.publishOpen = true;
    this.lastPublish = null;
  }

  closePublish(): void {
    this.publishOpen = false;
  }

  async publish(): Promise<boolean> {
    if (!this.course) return false;
    this.busy = 'publish';
    this.lastPublish = null;
    try {
      const outcome = await this.publishUseCase.execute(this.course);
      if (!outcome.ok) {
        runInAction(() => (this.lastPublish = { ok: false, message: outcome.message }));
        return false;
      }
      await this.refresh();
      runInAction(() => {
        this.lastPublish = {
          ok: true,
          message: `Version ${outcome.version} published. New assignees get this version; people who started an earlier one finish it.`,
        };
        this.notice = { type: 'success', message: `Version ${outcome.version} published.` };
      });
      return true;
    } catch (error) {
      runInAction(() => (this.lastPublish = { ok: false, message: describeError(error) }));
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}

/** The lesson or quiz a block belongs to, as the block use cases name it. */
function ownerOf(content: AuthoringContent): BlockOwner {
  return content.kind === 'LESSON'
    ? { kind: 'LESSON', lessonId: content.contentId }
    : { kind: 'QUIZ', quizId: content.contentId };
}
