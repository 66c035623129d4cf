import type { Refusal } from '../shared/refusal';
import { filterRefused } from './assign-course.use-case';
import type { CandidateUser } from '../../contracts/learning/courses.contract';
import {
  normaliseFilter,
  validateAssignmentFilter,
  type AssignmentFilter,
} from '../../domain/courses/assignment-filter';
import type { CourseApi } from './course-api.port';

export type PreviewOutcome =
  | {
      ok: true;
      /** People the filter matches. */
      total: number;
      /** Of them, those who have the course already. */
      alreadyAssigned: number;
      /** Those a confirm would newly assign. */
      toAssign: number;
      /** The first few of them, to show who they are. */
      sample: CandidateUser[];
    }
  | Refusal<never>;

export const PREVIEW_SAMPLE_SIZE = 10;

/** "N users match, M already assigned": what a filter would do, before the admin confirms. */
export class PreviewCourseAssignment {
  constructor(private readonly courses: CourseApi) {}

  async execute(courseId: string, filter: AssignmentFilter): Promise<PreviewOutcome> {
    const clean = normaliseFilter(filter);
    const errors = validateAssignmentFilter(clean);
    if (Object.keys(errors).length > 0) return filterRefused(errors as Record<string, string>);
    const result = await this.courses.candidates(courseId, clean, { page: 0, pageSize: PREVIEW_SAMPLE_SIZE });
    return {
      ok: true,
      total: result.total,
      alreadyAssigned: result.alreadyAssigned,
      toAssign: result.total - result.alreadyAssigned,
      sample: result.items,
    };
  }
}
