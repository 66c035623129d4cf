import { attempt, type Outcome } from '../shared/refusal';
import type { CourseApi } from './course-api.port';

/** The admin takes a course away from learners (their records are kept); answers how many had it. */
export class UnassignCourse {
  constructor(private readonly api: CourseApi) {}

  async execute(courseId: string, userIds: string[]): Promise<Outcome<{ unassigned: number }>> {
    const outcome = await attempt(() => this.api.unassign(courseId, userIds));
    return outcome.ok ? { ok: true, unassigned: outcome.value } : outcome;
  }
}
