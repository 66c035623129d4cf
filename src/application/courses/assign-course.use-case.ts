import { refuse, type Outcome, type Refusal } from '../shared/refusal';
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

/**
 * Refused as `invalid` (a filter's fields; coded `nobody-matches` when it matches nobody), `conflict` coded
 * `not-published`, or `not-found` (people named who are not there).
 */
export type AssignOutcome = Outcome<{ assigned: number; alreadyAssigned: number }, 'nobody-matches' | 'not-published'>;

const NOBODY = 'Nobody matches these filters.';

/**
 * Assigns a course to the people a filter matches (a name search included: the server resolves it, exactly as the
 * preview counted it), or to listed people.
 */
export class AssignCourse {
  constructor(private readonly courses: CourseApi) {}

  async execute(input: AssignInput): Promise<AssignOutcome> {
    if ('userIds' in input) {
      if (input.userIds.length === 0) return refuse('invalid', NOBODY, { code: 'nobody-matches' });
      return this.send({ courseId: input.courseId, userIds: [...new Set(input.userIds)], due: input.due });
    }
    const filter = normaliseFilter(input.filter);
    const errors = validateAssignmentFilter(filter);
    if (Object.keys(errors).length > 0) return filterRefused(errors as Record<string, string>);

    const outcome = await this.send({ courseId: input.courseId, ...filter, due: input.due });
    // A name search that matches nobody assigns nobody: say so rather than "0 assigned".
    if (filter.search && outcome.ok && outcome.assigned + outcome.alreadyAssigned === 0)
      return refuse('invalid', NOBODY, { code: 'nobody-matches' });
    return outcome;
  }

  private send(body: Parameters<CourseApi['assign']>[0]): Promise<AssignOutcome> {
    return this.courses.assign(body);
  }
}

/** A filter's own problems, each beside its field, and all of them in the message. */
export function filterRefused(fields: Record<string, string>): Refusal<never> {
  return refuse('invalid', Object.values(fields).join(' '), { fields });
}
