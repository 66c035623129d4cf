import type { ComplianceKind } from '../../contracts/learning/catalogue.contract';

/** The kinds of obligation, in words. */
export const KIND_LABELS: Record<ComplianceKind, string> = {
  TRAINING: 'Training',
  POLICY: 'Policy',
  COMMITTEE: 'Internal Committee',
  REPORT: 'Annual report',
  OTHER: 'Other',
};
