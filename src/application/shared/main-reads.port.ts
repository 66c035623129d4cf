import type { FeatureFlag } from '../../contracts/main/flags.contract';
import type { CompanyProfile } from '../../contracts/main/workspace.contract';
import type { Branch, Department } from '../../contracts/main/workspace.contract';

/** Feature flags of the main API (maintenance, elevated-IP), as they apply to this site. */
export const FlagsApi = Symbol('FlagsApi');
export interface FlagsApi {
  featureFlags(): Promise<FeatureFlag[]>;
}

/**
 * What the last poll of the flags learnt: the flags, or that this network may not reach the workspace (elevated-IP
 * mode), or that the workspace's contract has ended (set only then; the next good poll clears it).
 */
export type FlagPoll = { flags: FeatureFlag[]; refusedNetwork: boolean; contractExpired?: boolean };

/** The flags as they are polled (every 20 s): a listener hears the last poll at once, then every new one. */
export interface FlagUpdates {
  /** @read */
  subscribe(listener: (poll: FlagPoll) => void): () => void;
}

/** Workspace structure reads of the main API: branding, business units, departments. */
export const OrganisationApi = Symbol('OrganisationApi');
export interface OrganisationApi {
  /** @read */
  companyProfile(host: string): Promise<CompanyProfile | null>;
  /** @read */
  businessUnits(withUserCounts?: boolean): Promise<Branch[]>;
  /** @read */
  departments(input: { branchId?: string; showAll?: boolean }): Promise<Department[]>;
}
