import { inject, injectable } from 'inversify';
import type { WorkspaceComplianceApi } from '../../../application/policies/workspace-compliance.port';
import {
  complianceJurisdictions,
  complianceStatus,
  declareJurisdictions,
  trainingCadence,
  type CadenceRow,
} from '../../../contracts/learning/compliance.contract';
import { ApiClient, LearningHttp } from '../api-client';

@injectable()
export class HttpWorkspaceComplianceApi implements WorkspaceComplianceApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  jurisdictions() {
    return this.learning.call(complianceJurisdictions);
  }

  declare(jurisdictionIds: string[]) {
    return this.learning.call(declareJurisdictions, { body: { jurisdictionIds } });
  }

  status() {
    return this.learning.call(complianceStatus);
  }

  cadence(page: number, pageSize: number, state?: CadenceRow['state']) {
    return this.learning.call(trainingCadence, { query: { page, pageSize, state } });
  }
}
