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
  Refusal,
  SaveRuleResult,
} from '../../../application/courses/auto-assign-api.port';
import { ApiError } from '../../../application/shared/api-error';
import { ApiClient, LearningHttp } from '../api-client';

/** A refusal of the server as the screens show it; anything else (a lost session, a failure) is thrown on. */
function refusal(error: unknown): Refusal {
  if (ApiError.is(error)) {
    const reason =
      error.reason === 'invalid'
        ? 'rejected'
        : error.reason === 'conflict'
          ? 'not-published'
          : error.reason === 'not-found' || error.reason === 'forbidden' || error.reason === 'too-large'
            ? error.reason
            : null;
    if (reason) return { ok: false, reason, message: error.message, fields: error.fields };
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
