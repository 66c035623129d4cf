import type { Outcome } from '../shared/refusal';
import type { CourseApi } from './course-api.port';

/** The admin changes (or removes, with null) a learner's due date for a course. */
export class ChangeDueDate {
  constructor(private readonly api: CourseApi) {}

  execute(courseId: string, userId: string, dueOn: string | null): Promise<Outcome> {
    return this.api.changeDueDate(courseId, userId, dueOn);
  }
}
