import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { CourseSummary } from '../../contracts/learning/courses.contract';
import { CourseApi } from '../../application/courses/course-api.port';
import { CreateCourse } from '../../application/courses/authoring/authoring.use-cases';
import type { NewCourse } from '../../application/courses/authoring/course-authoring-api.port';
import { PagedList } from '../shared/paged-list';

export const COURSE_PAGE_SIZE = 20;

/** The courses list, paged and searched on the server, and creating a course (a drawer). */
@injectable()
export class CourseListViewModel {
  readonly list: PagedList<CourseSummary>;
  search = '';
  createOpen = false;
  creating = false;
  createError: string | null = null;
  createFields: Record<string, string> = {};
  /** Where to go after creating: the new course's builder. */
  createdCourseId: string | null = null;

  constructor(
    @inject(CourseApi) private readonly api: CourseApi,
    @inject(CreateCourse) private readonly createCourse: CreateCourse,
  ) {
    this.list = new PagedList<CourseSummary>(
      (page, pageSize) =>
        this.api.list({ page, pageSize, ...(this.search.trim() ? { search: this.search.trim() } : {}) }),
      COURSE_PAGE_SIZE,
    );
    makeAutoObservable<CourseListViewModel, 'api' | 'createCourse'>(
      this,
      { list: false, api: false, createCourse: false },
      { autoBind: true },
    );
  }

  /** Plain rows for antd's Table. */
  get rows(): (CourseSummary & { key: string })[] {
    return this.list.items.map((c) => ({ ...c, languages: [...c.languages], key: c.courseId }));
  }

  /** Shows a page (one-based); only the latest request's answer is kept. */
  load(page = this.list.page): Promise<void> {
    return this.list.load(page);
  }

  /** A new search starts at page 1. */
  searchFor(text: string): Promise<void> {
    this.search = text;
    return this.list.load(1);
  }

  openCreate(): void {
    this.createOpen = true;
    this.createError = null;
    this.createFields = {};
  }

  closeCreate(): void {
    this.createOpen = false;
  }

  async create(input: NewCourse): Promise<void> {
    this.creating = true;
    this.createError = null;
    this.createFields = {};
    const outcome = await this.createCourse.execute(input);
    runInAction(() => {
      this.creating = false;
      if (outcome.ok) {
        this.createOpen = false;
        this.createdCourseId = outcome.courseId;
      } else {
        this.createError = outcome.message;
        this.createFields = outcome.fields;
      }
    });
  }
}
