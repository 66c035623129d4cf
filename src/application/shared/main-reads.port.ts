import type { FeatureFlag } from '../../contracts/main/flags.contract';
import type { CompanyProfile } from '../../contracts/main/workspace.contract';
import type { Branch, Department } from '../../contracts/main/workspace.contract';

/** Feature flags of the main API (maintenance, elevated-IP), as they apply to this site. */
export const FlagsApi = Symbol('FlagsApi');
export interface FlagsApi {
  featureFlags(): Promise<FeatureFlag[]>;
}

/** Workspace structure reads of the main API: branding, business units, departments. */
export const OrganisationApi = Symbol('OrganisationApi');
export interface OrganisationApi {
  companyProfile(host: string): Promise<CompanyProfile | null>;
  businessUnits(withUserCounts?: boolean): Promise<Branch[]>;
  departments(input: { branchId?: string; showAll?: boolean }): Promise<Department[]>;
}
