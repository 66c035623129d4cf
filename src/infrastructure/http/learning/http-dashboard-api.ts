import { inject, injectable } from 'inversify';
import type { DashboardApi } from '../../../application/dashboard/dashboard-api.port';
import { complaintCounts, complaintStageCounts } from '../../../contracts/case/complaints.contract';
import { legalRules } from '../../../contracts/case/law.contract';
import { complianceDashboard, type DashboardQuery } from '../../../contracts/learning/dashboard.contract';
import { ApiClient, CaseHttp, LearningHttp } from '../api-client';

/** The compliance dashboard's reads over HTTP: the learning API's figures, the case API's counts and rules. */
@injectable()
export class HttpDashboardApi implements DashboardApi {
  constructor(
    @inject(LearningHttp) private readonly learning: ApiClient,
    @inject(CaseHttp) private readonly caseApi: ApiClient,
  ) {}

  figures(query: DashboardQuery) {
    return this.learning.call(complianceDashboard, { query });
  }

  complaintCounts() {
    return this.caseApi.call(complaintCounts);
  }

  complaintStageCounts() {
    return this.caseApi.call(complaintStageCounts);
  }

  legalRules() {
    return this.caseApi.call(legalRules);
  }
}
