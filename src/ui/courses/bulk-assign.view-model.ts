import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { BulkAddUsersResult, BulkRowOutcome } from '../../contracts/learning/auto-assign.contract';
import type { PeopleFileUpload } from '../../application/courses/auto-assign-api.port';
import { BulkAssignCourses } from '../../application/courses/auto-assign.use-cases';
import { CourseApi } from '../../application/courses/course-api.port';
import { describeError } from '../../application/shared/api-error';

export const OUTCOME_LABELS: Record<BulkRowOutcome, string> = {
  ASSIGNED: 'Assigned',
  ALREADY_ASSIGNED: 'Already assigned',
  UNKNOWN_EMAIL: 'Unknown email',
  INVALID_EMAIL: 'Not an email address',
  INACTIVE: 'Deactivated',
  NO_CREDITS: 'No credits left',
  DUPLICATE: 'Listed twice',
};

export interface ReportRow {
  key: string;
  row: number;
  email: string;
  course: string;
  outcome: BulkRowOutcome;
}

/** "Bulk assign": a file of people and the courses to give them; the per-row report. */
@injectable()
export class BulkAssignViewModel {
  courseOptions: { value: string; label: string }[] = [];
  coursesLoading = false;
  file: PeopleFileUpload | null = null;
  courseIds: string[] = [];
  submitting = false;
  fieldErrors: Record<string, string> = {};
  error: string | null = null;
  result: BulkAddUsersResult | null = null;

  constructor(
    @inject(CourseApi) private readonly courses: CourseApi,
    @inject(BulkAssignCourses) private readonly bulkAssign: BulkAssignCourses,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Published courses only: a draft cannot be assigned. */
  async start(preselected: string[] = []): Promise<void> {
    this.file = null;
    this.courseIds = preselected;
    this.result = null;
    this.error = null;
    this.fieldErrors = {};
    this.coursesLoading = true;
    try {
      const list = await this.courses.list({ page: 0, pageSize: 300 });
      runInAction(() => {
        this.courseOptions = list.items
          .filter((c) => c.status === 'PUBLISHED')
          .map((c) => ({ value: c.courseId, label: c.title }));
      });
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    } finally {
      runInAction(() => (this.coursesLoading = false));
    }
  }

  chooseFile(file: PeopleFileUpload | null): void {
    this.file = file;
    this.result = null;
    const { file: _dropped, ...rest } = this.fieldErrors;
    this.fieldErrors = rest;
  }

  chooseCourses(ids: string[]): void {
    this.courseIds = ids;
    const { courseList: _dropped, ...rest } = this.fieldErrors;
    this.fieldErrors = rest;
  }

  get reportRows(): ReportRow[] {
    if (!this.result) return [];
    const titles = new Map(this.result.courses.map((c) => [c.courseId, c.title]));
    return this.result.rows.map((r, i) => ({
      key: `${i}`,
      row: r.row,
      email: r.email,
      course: r.courseId ? (titles.get(r.courseId) ?? '') : 'Every course',
      outcome: r.outcome,
    }));
  }

  get summary(): string {
    if (!this.result) return '';
    return (Object.entries(this.result.totals) as [BulkRowOutcome, number][])
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${OUTCOME_LABELS[k]}: ${n}`)
      .join(' · ');
  }

  async submit(): Promise<void> {
    this.submitting = true;
    this.error = null;
    this.fieldErrors = {};
    this.result = null;
    try {
      const result = await this.bulkAssign.execute(this.file, this.courseIds);
      runInAction(() => {
        if (result.ok) {
          const { ok: _ok, ...report } = result;
          this.result = report;
        } else {
          this.error = result.message;
          this.fieldErrors = result.fields;
        }
      });
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }
}
