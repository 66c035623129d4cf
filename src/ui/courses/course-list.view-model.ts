import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { CourseSummary } from '../../contracts/learning/courses.contract';
import { CourseApi } from '../../application/courses/course-api.port';
import { PagedList } from '../shared/paged-list';

export const COURSE_PAGE_SIZE = 20;

/** The courses list: a plain read through the port (no use case for a read), paged on the server. */
@injectable()
export class CourseListViewModel {
  readonly list: PagedList<CourseSummary>;

  constructor(@inject(CourseApi) private readonly api: CourseApi) {
    this.list = new PagedList<CourseSummary>((page, pageSize) => this.api.list({ page, pageSize }), COURSE_PAGE_SIZE);
    makeAutoObservable<CourseListViewModel, 'api'>(this, { list: false, api: false }, { autoBind: true });
  }

  /** Plain rows for antd's Table. */
  get rows(): (CourseSummary & { key: string })[] {
    return this.list.items.map((c) => ({ ...c, languages: [...c.languages], key: c.courseId }));
  }

  /** Shows a page (one-based); only the latest request's answer is kept. */
  load(page = this.list.page): Promise<void> {
    return this.list.load(page);
  }
}
