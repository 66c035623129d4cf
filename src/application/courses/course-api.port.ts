import type { Outcome, Refusal } from '../shared/refusal';
import type {
  AssignCourseBody,
  CourseDetails,
  CourseLanguageEntry,
  CourseList,
  CourseMembers,
  CourseUsers,
  LearnerStatus,
} from '../../contracts/learning/courses.contract';
import type { AssignmentFilter } from '../../domain/courses/assignment-filter';
import type { CourseLanguage } from '../../domain/courses/course';

export interface PageRequest {
  /** Zero-based, as on the wire. */
  page: number;
  pageSize: number;
}

export type AssignResult =
  | { ok: true; assigned: number; alreadyAssigned: number }
  /** Refused as `conflict` coded `not-published`, `not-found` (people named in `fields`), or `invalid`. */
  | Refusal<'not-published'>;

/** The course calls of the learning API. */
export const CourseApi = Symbol('CourseApi');
export interface CourseApi {
  /** @read A page of the workspace's courses, those whose title contains `search` when given. */
  list(query: PageRequest & { search?: string }): Promise<CourseList>;
  /** @read */
  details(courseId: string, language?: CourseLanguage): Promise<CourseDetails>;
  /** @read */
  supportedLanguages(courseId: string): Promise<CourseLanguageEntry[]>;
  /** Who a filter matches for this course: counts and one page. */
  candidates(courseId: string, filter: AssignmentFilter, page: PageRequest): Promise<CourseUsers>;
  assign(body: AssignCourseBody): Promise<AssignResult>;
  /** @read */
  members(courseId: string, page: PageRequest, filter?: MembersFilter): Promise<CourseMembers>;
  /** @read Every member the filter matches, as a CSV file. */
  exportMembers(courseId: string, filter: MembersFilter): Promise<Blob>;
  /** Takes the course away (the history stays); answers how many had it. */
  unassign(courseId: string, userIds: string[]): Promise<number>;
  changeDueDate(courseId: string, userId: string, dueOn: string | null): Promise<Outcome>;
}

export interface MembersFilter {
  status?: LearnerStatus;
  search?: string;
}
