import { refuse, type Outcome } from '../../../application/shared/refusal';
import { inject, injectable } from 'inversify';
import {
  assignCourse,
  changeDueDate,
  unassignCourse,
  courseDetails,
  courseList,
  courseMembers,
  courseUsers,
  supportedLanguages,
  type AssignCourseBody,
  type CourseDetails,
  type CourseLanguageEntry,
  type CourseList,
  type CourseMembers,
  type CourseUsers,
} from '../../../contracts/learning/courses.contract';
import type { AssignResult, CourseApi, MembersFilter, PageRequest } from '../../../application/courses/course-api.port';
import { ApiError } from '../../../application/shared/api-error';
import type { AssignmentFilter } from '../../../domain/courses/assignment-filter';
import type { CourseLanguage } from '../../../domain/courses/course';
import { ApiClient, LearningHttp } from '../api-client';

@injectable()
export class HttpCourseApi implements CourseApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  list(query: PageRequest & { search?: string }): Promise<CourseList> {
    return this.learning.call(courseList, { query: { ...query } });
  }

  details(courseId: string, language?: CourseLanguage): Promise<CourseDetails> {
    return this.learning.call(courseDetails, { params: { id: courseId }, query: { language } });
  }

  supportedLanguages(courseId: string): Promise<CourseLanguageEntry[]> {
    return this.learning.call(supportedLanguages, { params: { id: courseId } });
  }

  candidates(courseId: string, filter: AssignmentFilter, page: PageRequest): Promise<CourseUsers> {
    return this.learning.call(courseUsers, { params: { id: courseId }, query: { ...filter, ...page } });
  }

  async assign(body: AssignCourseBody): Promise<AssignResult> {
    try {
      return { ok: true, ...(await this.learning.call(assignCourse, { body })) };
    } catch (error) {
      // A catalogue course without enough credits: the server's words say how many are left.
      if (ApiError.is(error) && error.code === 'NO_CREDITS') return refuse('invalid', error.message);
      if (ApiError.is(error) && error.reason === 'conflict')
        return refuse('conflict', error.message, { code: 'not-published' });
      if (ApiError.is(error) && error.reason === 'not-found')
        return refuse('not-found', error.message, { fields: error.fields });
      if (ApiError.is(error) && error.reason === 'invalid')
        return refuse('invalid', error.message, { fields: error.fields });
      throw error;
    }
  }

  members(courseId: string, page: PageRequest, filter: MembersFilter = {}): Promise<CourseMembers> {
    return this.learning.call(courseMembers, { params: { id: courseId }, query: { ...page, ...filter } });
  }

  async exportMembers(courseId: string, filter: MembersFilter): Promise<Blob> {
    const response = await this.learning.send(courseMembers, {
      params: { id: courseId },
      query: { page: 0, pageSize: 20, ...filter, format: 'csv' },
    });
    return response.blob();
  }

  async unassign(courseId: string, userIds: string[]): Promise<number> {
    return (await this.learning.call(unassignCourse, { body: { courseId, userIds } })).unassigned;
  }

  async changeDueDate(courseId: string, userId: string, dueOn: string | null): Promise<Outcome> {
    try {
      await this.learning.call(changeDueDate, { params: { id: courseId, userId }, body: { dueOn } });
      return { ok: true };
    } catch (error) {
      if (ApiError.is(error) && (error.reason === 'invalid' || error.reason === 'not-found')) {
        return refuse(error.reason, Object.values(error.fields ?? {})[0] ?? error.message, { fields: error.fields });
      }
      throw error;
    }
  }
}
