import type { CaseEvent } from '../../contracts/case/intake.contract';

export interface PendingConfirmationItem {
  complaintId: string;
  caseNumber: string;
  channel: 'ORAL_NOTICE' | 'HELP_TO_WRITE';
  recordedOn: string;
  incidentDetails: string;
  incidentDate: string;
  respondentName: string | null;
}

/** The case's further calls (docs/case.md "Confidential intake and the case's further events"). Failures throw ApiError. */
export const CaseExtrasApi = Symbol('CaseExtrasApi');
export interface CaseExtrasApi {
  pendingConfirmations(): Promise<PendingConfirmationItem[]>;
  confirm(id: string): Promise<void>;
  events(id: string): Promise<CaseEvent[]>;
}
