import {
  normaliseFilter,
  validateAssignmentFilter,
  type AssignmentFilter,
} from '../../domain/courses/assignment-filter';
import type { CourseApi } from './course-api.port';

import type { DueChoice } from '../../contracts/learning/courses.contract';

export type AssignInput = ({ courseId: string; filter: AssignmentFilter } | { courseId: string; userIds: string[] }) & {
  due?: DueChoice;
};

export type AssignOutcome =
  | { ok: true; assigned: number; alreadyAssigned: number }
  | { ok: false; reason: 'invalid-filter'; fields: Record<string, string> }
  | { ok: false; reason: 'nobody-matches' }
  | { ok: false; reason: 'not-published' }
  | { ok: false; reason: 'not-found'; message: string }
  | { ok: false; reason: 'rejected'; message: string; fields: Record<string, string> };

/**
 * Assigns a course to the people a filter matches (a name search included: the server resolves it, exactly as the
 * preview counted it), or to listed people.
 */
export class AssignCourse {
  constructor(private readonly courses: CourseApi) {}

  async execute(input: AssignInput): Promise<AssignOutcome> {
    if ('userIds' in input) {
      if (input.userIds.length === 0) return { ok: false, reason: 'nobody-matches' };
      return this.send({ courseId: input.courseId, userIds: [...new Set(input.userIds)], due: input.due });
    }
    const filter = normaliseFilter(input.filter);
    const errors = validateAssignmentFilter(filter);
    if (Object.keys(errors).length > 0)
      return { ok: false, reason: 'invalid-filter', fields: errors as Record<string, string> };

    const outcome = await this.send({ courseId: input.courseId, ...filter, due: input.due });
    // A name search that matches nobody assigns nobody: say so rather than "0 assigned".
    if (filter.search && outcome.ok && outcome.assigned + outcome.alreadyAssigned === 0)
      return { ok: false, reason: 'nobody-matches' };
    return outcome;
  }

  private async send(body: Parameters<CourseApi['assign']>[0]): Promise<AssignOutcome> {
    const result = await this.courses.assign(body);
    if (result.ok || result.reason === 'not-published' || result.reason === 'rejected') return result;
    return { ok: false, reason: 'not-found', message: result.message };
  }
}
