import { inject, injectable } from 'inversify';
import type {
  CatalogueCourseApi,
  CourseCreditsApi,
  OfferTarget,
} from '../../../application/courses/catalogue-courses.port';
import {
  adminCourseCreate,
  adminCourseList,
  adminOfferCourse,
  adminPushCourseVersion,
  adminWorkspaceCourses,
} from '../../../contracts/learning/catalogue-courses.contract';
import {
  adminCreditRequests,
  buyCredits,
  courseCredited,
  courseCreditRequests,
  requestCredits,
  type RequestCreditsBody,
} from '../../../contracts/learning/credits.contract';
import { workspaceOptions } from '../../../contracts/main/workspace-options.contract';
import type { CourseLanguage } from '../../../domain/courses/course';
import { ApiClient, LearningHttp, MainHttp } from '../api-client';

@injectable()
export class HttpCatalogueCourseApi implements CatalogueCourseApi {
  constructor(
    @inject(LearningHttp) private readonly learning: ApiClient,
    @inject(MainHttp) private readonly main: ApiClient,
  ) {}

  list(search?: string) {
    return this.learning.call(adminCourseList, {
      query: { page: 0, pageSize: 100, search: search?.trim() || undefined },
    });
  }

  create(title: string, language: CourseLanguage) {
    return this.learning.call(adminCourseCreate, { body: { title, language } });
  }

  offer(courseId: string, workspaceId: string) {
    return this.learning.call(adminOfferCourse, { body: { courseId, workspaceId } });
  }

  async pushVersion(courseId: string, workspaceId: string) {
    return (await this.learning.call(adminPushCourseVersion, { body: { courseId, workspaceIds: [workspaceId] } }))
      .items;
  }

  async workspaceCourses(filter: { courseId?: string; workspaceId?: string }) {
    return (await this.learning.call(adminWorkspaceCourses, { query: filter })).items;
  }

  async workspaces(search?: string): Promise<OfferTarget[]> {
    const found = await this.main.call(workspaceOptions, { query: { q: search?.trim() || undefined } });
    return found.map((w) => ({ workspaceId: w.workspaceId, name: `${w.companyName} (${w.workspaceUrl})` }));
  }

  creditRequests(status?: 'REQUESTED' | 'GRANTED') {
    return this.learning.call(adminCreditRequests, { query: { page: 0, pageSize: 100, status } });
  }

  grant(requestId: string, credits?: number) {
    return this.learning.call(buyCredits, { params: { id: requestId }, body: credits ? { credits } : {} });
  }
}

@injectable()
export class HttpCourseCreditsApi implements CourseCreditsApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  requests(courseId: string) {
    return this.learning.call(courseCreditRequests, { params: { id: courseId } });
  }

  credited(courseId: string) {
    return this.learning.call(courseCredited, { params: { id: courseId } });
  }

  request(body: RequestCreditsBody) {
    return this.learning.call(requestCredits, { body });
  }
}
