import { inject, injectable } from 'inversify';
import {
  BULK_COURSES_FIELD,
  BULK_FILE_FIELD,
  bulkAddUsers,
  getAutoAssign,
  resetAutoAssign,
  saveAutoAssign,
  type AutoAssignRule,
  type AutoAssignRuleBody,
} from '../../../contracts/learning/auto-assign.contract';
import type {
  AutoAssignApi,
  BulkResult,
  PeopleFileUpload,
  SaveRuleResult,
} from '../../../application/courses/auto-assign-api.port';
import { ApiError } from '../../../application/shared/api-error';
import { refuse, refusalFrom, type Refusal } from '../../../application/shared/refusal';
import { ApiClient, LearningHttp } from '../api-client';

/** A refusal of the server as the screens show it; anything else (a lost session, a failure) is thrown on. */
function refusal(error: unknown): Refusal<'not-published'> {
  if (ApiError.is(error)) {
    if (error.reason === 'conflict')
      return refuse('conflict', error.message, { code: 'not-published', fields: error.fields });
    if (['invalid', 'not-found', 'forbidden', 'too-large'].includes(error.reason)) return refusalFrom(error);
  }
  throw error;
}

@injectable()
export class HttpAutoAssignApi implements AutoAssignApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  async rule(courseId: string): Promise<AutoAssignRule | null> {
    return (await this.learning.call(getAutoAssign, { params: { id: courseId } })).rule;
  }

  async save(courseId: string, rule: AutoAssignRuleBody): Promise<SaveRuleResult> {
    try {
      return { ok: true, ...(await this.learning.call(saveAutoAssign, { params: { id: courseId }, body: rule })) };
    } catch (error) {
      return refusal(error);
    }
  }

  async reset(courseIds: string[]): Promise<number> {
    return (await this.learning.call(resetAutoAssign, { body: { courseIds } })).cleared;
  }

  async bulkAdd(file: PeopleFileUpload, courseIds: string[]): Promise<BulkResult> {
    const form = new FormData();
    form.append(BULK_COURSES_FIELD, JSON.stringify(courseIds));
    form.append(BULK_FILE_FIELD, file.content, file.name);
    try {
      return { ok: true, ...(await this.learning.call(bulkAddUsers, { form })) };
    } catch (error) {
      return refusal(error);
    }
  }
}
