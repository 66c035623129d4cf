import { featureFlags, type FeatureFlag } from '../../../contracts/main/flags.contract';
import {
  allBranches,
  companyProfile,
  departmentList,
  type CompanyProfile,
} from '../../../contracts/main/workspace.contract';
import type { Branch, Department } from '../../../contracts/main/workspace.contract';
import type { FlagsApi, OrganisationApi } from '../../../application/shared/main-reads.port';
import { ApiError } from '../../../application/shared/api-error';
import type { ApiClient } from '../api-client';

export class HttpOrganisationApi implements OrganisationApi, FlagsApi {
  constructor(private readonly main: ApiClient) {}

  async companyProfile(host: string): Promise<CompanyProfile | null> {
    try {
      return await this.main.call(companyProfile, { params: { host } });
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'not-found') return null;
      throw error;
    }
  }

  businessUnits(withUserCounts = false): Promise<Branch[]> {
    return this.main.call(allBranches, { query: { isUserCountRequired: withUserCounts ? 'true' : undefined } });
  }

  departments(body: { branchId?: string; showAll?: boolean }): Promise<Department[]> {
    return this.main.call(departmentList, { body });
  }

  featureFlags(): Promise<FeatureFlag[]> {
    return this.main.call(featureFlags);
  }
}
