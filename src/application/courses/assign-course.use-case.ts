import { normaliseFilter, validateAssignmentFilter, type AssignmentFilter } from '../../domain/courses/assignment-filter';
import type { CourseApi } from './course-api.port';

export type AssignInput = { courseId: string; filter: AssignmentFilter } | { courseId: string; userIds: string[] };

export type AssignOutcome =
  | { ok: true; assigned: number; alreadyAssigned: number }
  | { ok: false; reason: 'invalid-filter'; fields: Record<string, string> }
  | { ok: false; reason: 'nobody-matches' }
  | { ok: false; reason: 'not-published' }
  | { ok: false; reason: 'not-found'; message: string }
  | { ok: false; reason: 'rejected'; message: string; fields: Record<string, string> };

/** Largest page the API serves; a name search is turned into explicit people this many at a time. */
const CANDIDATE_PAGE = 300;

/**
 * Assigns a course to the people a filter matches, or to listed people.
 * The API's filter has no name search, so a search is resolved here into the people it matches
 * (exactly those the preview counted) and they are assigned by id.
 */
export class AssignCourse {
  constructor(private readonly courses: CourseApi) {}

  async execute(input: AssignInput): Promise<AssignOutcome> {
    if ('userIds' in input) {
      if (input.userIds.length === 0) return { ok: false, reason: 'nobody-matches' };
      return this.send({ courseId: input.courseId, userIds: [...new Set(input.userIds)] });
    }
    const filter = normaliseFilter(input.filter);
    const errors = validateAssignmentFilter(filter);
    if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid-filter', fields: errors as Record<string, string> };

    const { search, ...wireFilter } = filter;
    if (!search) return this.send({ courseId: input.courseId, ...wireFilter });

    const userIds: string[] = [];
    for (let page = 0; ; page++) {
      const result = await this.courses.candidates(input.courseId, filter, { page, pageSize: CANDIDATE_PAGE });
      userIds.push(...result.items.map((u) => u.userId));
      if (result.items.length < CANDIDATE_PAGE || userIds.length >= result.total) break;
    }
    if (userIds.length === 0) return { ok: false, reason: 'nobody-matches' };
    return this.send({ courseId: input.courseId, userIds });
  }

  private async send(body: Parameters<CourseApi['assign']>[0]): Promise<AssignOutcome> {
    const result = await this.courses.assign(body);
    if (result.ok || result.reason === 'not-published' || result.reason === 'rejected') return result;
    return { ok: false, reason: 'not-found', message: result.message };
  }
}
