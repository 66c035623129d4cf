import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { CourseSummary } from '../../contracts/learning/courses.contract';
import { CourseApi } from '../../application/courses/course-api.port';
import { describeError } from '../../application/shared/api-error';

export const COURSE_PAGE_SIZE = 20;

/** The courses list: a plain read through the port (no use case for a read). */
@injectable()
export class CourseListViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  courses: CourseSummary[] = [];
  total = 0;
  /** One-based, as the table shows it. */
  page = 1;

  constructor(@inject(CourseApi) private readonly api: CourseApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Plain rows for antd's Table. */
  get rows(): (CourseSummary & { key: string })[] {
    return this.courses.map((c) => ({ ...c, languages: [...c.languages], key: c.courseId }));
  }

  async load(page = this.page): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const result = await this.api.list({ page: page - 1, pageSize: COURSE_PAGE_SIZE });
      runInAction(() => {
        this.courses = result.items;
        this.total = result.total;
        this.page = page;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }
}
