import type {
  AssignCourseBody,
  CourseDetails,
  CourseLanguageEntry,
  CourseList,
  CourseMembers,
  CourseUsers,
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
  | { ok: false; reason: 'not-published' }
  | { ok: false; reason: 'not-found'; message: string; fields: Record<string, string> }
  | { ok: false; reason: 'rejected'; message: string; fields: Record<string, string> };

/** The course calls of the learning API. */
export const CourseApi = Symbol('CourseApi');
export interface CourseApi {
  /** A page of the workspace's courses, those whose title contains `search` when given. */
  list(query: PageRequest & { search?: string }): Promise<CourseList>;
  details(courseId: string, language?: CourseLanguage): Promise<CourseDetails>;
  supportedLanguages(courseId: string): Promise<CourseLanguageEntry[]>;
  /** Who a filter matches for this course: counts and one page. */
  candidates(courseId: string, filter: AssignmentFilter, page: PageRequest): Promise<CourseUsers>;
  assign(body: AssignCourseBody): Promise<AssignResult>;
  members(courseId: string, page: PageRequest): Promise<CourseMembers>;
}
