import type { CadenceRow, ComplianceStatus, DeclaredJurisdictions } from '../../contracts/learning/compliance.contract';

/** A workspace's compliance (learning API, /api/compliance): declared jurisdictions, obligations' state, CA-11 per person. */
export const WorkspaceComplianceApi = Symbol('WorkspaceComplianceApi');
export interface WorkspaceComplianceApi {
  /** @read */
  jurisdictions(): Promise<DeclaredJurisdictions>;
  declare(jurisdictionIds: string[]): Promise<DeclaredJurisdictions>;
  /** @read */
  status(): Promise<ComplianceStatus>;
  /** @read */
  cadence(page: number, pageSize: number, state?: CadenceRow['state']): Promise<{ items: CadenceRow[]; total: number }>;
}
