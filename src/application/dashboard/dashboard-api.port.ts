import type { ComplaintCounts, ComplaintStageCounts } from '../../contracts/case/complaints.contract';
import type { LegalRules } from '../../contracts/case/law.contract';
import type { ComplianceDashboard, DashboardQuery } from '../../contracts/learning/dashboard.contract';

/**
 * What the compliance dashboard reads: the training and policy figures (learning API), and, for those the case
 * process lets see them, the complaints' counts and the law's rules (case API). Counts only, never names.
 */
export const DashboardApi = Symbol('DashboardApi');
export interface DashboardApi {
  /** @read */
  figures(query: DashboardQuery): Promise<ComplianceDashboard>;
  /** @read */
  complaintCounts(): Promise<ComplaintCounts>;
  /** @read Open cases by stage, clocks due soon or missed; small counts hidden (null). */
  complaintStageCounts(): Promise<ComplaintStageCounts>;
  /** @read */
  legalRules(): Promise<LegalRules>;
}
