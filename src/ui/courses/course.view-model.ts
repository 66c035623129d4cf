import { inject, injectable } from 'inversify';
import { ChangeDueDate } from '../../application/courses/change-due-date.use-case';
import { UnassignCourse } from '../../application/courses/unassign-course.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import type { CourseDetails, CourseMember } from '../../contracts/learning/courses.contract';
import { CourseApi, type MembersFilter } from '../../application/courses/course-api.port';
import { ApiError, describeError } from '../../application/shared/api-error';
import { canAssign, defaultLanguage, LANGUAGE_LABELS, type CourseLanguage } from '../../domain/courses/course';

export const MEMBER_PAGE_SIZE = 20;

/** One course: its contents in the chosen language, and its members. Plain reads go through the port. */
@injectable()
export class CourseViewModel {
  courseId = '';
  status: 'loading' | 'ready' | 'not-found' | 'error' = 'loading';
  error: string | null = null;
  details: CourseDetails | null = null;
  language: CourseLanguage | null = null;
  languageLoading = false;

  members: CourseMember[] = [];
  membersTotal = 0;
  membersPage = 1;
  membersStatus: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  membersError: string | null = null;
  membersFilter: MembersFilter = {};
  /** What the last member action did, or why it failed. */
  memberNotice: { type: 'success' | 'error'; text: string } | null = null;
  private membersTicket = 0;

  constructor(
    @inject(CourseApi) private readonly api: CourseApi,
    @inject(UnassignCourse) private readonly unassigning: UnassignCourse,
    @inject(ChangeDueDate) private readonly dueDate: ChangeDueDate,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get languageOptions(): { value: CourseLanguage; label: string }[] {
    return (this.details?.languages ?? []).map((l) => ({
      value: l.language,
      label: l.priority === 'PRIMARY' ? `${LANGUAGE_LABELS[l.language]} (primary)` : LANGUAGE_LABELS[l.language],
    }));
  }

  get assignable(): boolean {
    return this.details ? canAssign(this.details.status) : false;
  }

  /** Plain rows for antd's Table. */
  get memberRows(): (CourseMember & { key: string; name: string })[] {
    return this.members.map((m) => ({ ...m, key: m.userId, name: `${m.firstName} ${m.lastName}`.trim() }));
  }

  async load(courseId: string): Promise<void> {
    this.courseId = courseId;
    this.status = 'loading';
    this.error = null;
    try {
      // The spec's default: the primary language, otherwise the first.
      const languages = await this.api.supportedLanguages(courseId);
      const language = defaultLanguage(languages) ?? undefined;
      const details = await this.api.details(courseId, language);
      runInAction(() => {
        this.details = details;
        this.language = details.language;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = ApiError.is(error) && error.reason === 'not-found' ? 'not-found' : 'error';
        this.error = describeError(error);
      });
    }
  }

  async selectLanguage(language: CourseLanguage): Promise<void> {
    this.language = language;
    this.languageLoading = true;
    try {
      const details = await this.api.details(this.courseId, language);
      runInAction(() => {
        if (this.language !== language) return;
        this.details = details;
        this.language = details.language;
        this.error = null;
      });
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    } finally {
      runInAction(() => (this.languageLoading = false));
    }
  }

  async loadMembers(page = this.membersPage): Promise<void> {
    const ticket = ++this.membersTicket;
    this.membersStatus = 'loading';
    this.membersError = null;
    try {
      const result = await this.api.members(
        this.courseId,
        { page: page - 1, pageSize: MEMBER_PAGE_SIZE },
        this.membersFilter,
      );
      runInAction(() => {
        // Only the latest request's answer is shown (a slow earlier filter must not overwrite a later one).
        if (ticket !== this.membersTicket) return;
        this.members = result.items;
        this.membersTotal = result.total;
        this.membersPage = page;
        this.membersStatus = 'ready';
        if (this.details && !this.membersFilter.status && !this.membersFilter.search)
          this.details = { ...this.details, memberCount: result.total };
      });
    } catch (error) {
      runInAction(() => {
        if (ticket !== this.membersTicket) return;
        this.membersStatus = 'error';
        this.membersError = describeError(error);
      });
    }
  }

  filterMembers(filter: MembersFilter): Promise<void> {
    this.membersFilter = { status: filter.status || undefined, search: filter.search?.trim() || undefined };
    return this.loadMembers(1);
  }

  async exportMembers(): Promise<Blob | null> {
    try {
      return await this.api.exportMembers(this.courseId, this.membersFilter);
    } catch (error) {
      runInAction(() => (this.memberNotice = { type: 'error', text: describeError(error) }));
      return null;
    }
  }

  async unassign(member: { userId: string; name: string }): Promise<void> {
    try {
      const outcome = await this.unassigning.execute(this.courseId, [member.userId]);
      if (!outcome.ok) {
        runInAction(() => (this.memberNotice = { type: 'error', text: outcome.message }));
        return;
      }
      const n = outcome.unassigned;
      runInAction(
        () =>
          (this.memberNotice = {
            type: 'success',
            text: n
              ? `${member.name} no longer has this course. Their record is kept.`
              : `${member.name} did not have this course.`,
          }),
      );
      await this.loadMembers();
    } catch (error) {
      runInAction(() => (this.memberNotice = { type: 'error', text: describeError(error) }));
    }
  }

  /** Returns an error message for the dialog, or null when saved. */
  async changeDueDate(userId: string, dueOn: string | null): Promise<string | null> {
    try {
      const outcome = await this.dueDate.execute(this.courseId, userId, dueOn);
      if (!outcome.ok) return outcome.message;
      runInAction(
        () =>
          (this.memberNotice = {
            type: 'success',
            text: dueOn ? `Due date changed to ${dueOn}.` : 'Due date removed.',
          }),
      );
      await this.loadMembers();
      return null;
    } catch (error) {
      return describeError(error);
    }
  }

  dismissNotice(): void {
    this.memberNotice = null;
  }
}
