import type { CaseEvent, OnBehalfBody } from '../../contracts/case/intake.contract';
import type { ComplaintSettings } from '../../contracts/case/complaints.contract';

export interface PendingConfirmationItem {
  complaintId: string;
  caseNumber: string;
  channel: 'ORAL_NOTICE' | 'HELP_TO_WRITE';
  recordedOn: string;
  incidentDetails: string;
  incidentDate: string;
  respondentName: string | null;
}

export interface CommitteePersonItem {
  userId: string;
  name: string;
  email: string;
}

export interface DeniedPersonItem {
  userId: string;
  name: string;
  note: string;
  deniedAt: string;
}

export type ReliefKind = 'TRANSFER_COMPLAINANT' | 'TRANSFER_RESPONDENT' | 'LEAVE' | 'RESTRAIN_RESPONDENT' | 'OTHER';
export interface InterimReliefRequest {
  relief: ReliefKind;
  leaveMonths: number | null;
  details: string;
}

export type HolidaySettings = ComplaintSettings;
export interface SaveHolidaySettings {
  compliance: ComplaintSettings['compliance'];
  extraHolidays: string[];
  saturdayOff: boolean;
  removedHolidays: string[];
  /** A named witness on the committee is recused from the case; left out: kept as it is. */
  recuseWitnesses?: boolean;
}

/** The case's further calls (docs/case.md "Confidential intake and the case's further events"). Failures throw ApiError. */
export const CaseExtrasApi = Symbol('CaseExtrasApi');
export interface CaseExtrasApi {
  /** @read */
  pendingConfirmations(): Promise<PendingConfirmationItem[]>;
  confirm(id: string): Promise<void>;
  /** @read */
  events(id: string): Promise<CaseEvent[]>;
  /** A committee member records a complaint for a named employee; it waits for their confirmation. */
  recordOnBehalf(body: OnBehalfBody): Promise<{ complaintId: string; caseNumber: string }>;
  /** @read People a committee member may name (the complainant recorded for, a person denied access). */
  searchPeople(text: string): Promise<CommitteePersonItem[]>;
  /** @read */
  deniedAccess(id: string): Promise<DeniedPersonItem[]>;
  denyAccess(id: string, userId: string, note: string): Promise<DeniedPersonItem[]>;
  restoreAccess(id: string, userId: string): Promise<DeniedPersonItem[]>;
  requestInterimRelief(id: string, body: InterimReliefRequest): Promise<CaseEvent>;
  decideInterimRelief(
    id: string,
    eventId: string,
    decision: 'RECOMMENDED' | 'REFUSED',
    note: string,
  ): Promise<CaseEvent>;
  requestConciliation(id: string, note: string): Promise<CaseEvent>;
  recordConciliation(id: string, terms: string, respondentAgreed: boolean): Promise<CaseEvent>;
  /** @read The workspace's regime and public holidays (admins and employers). */
  holidaySettings(): Promise<HolidaySettings>;
  saveHolidaySettings(body: SaveHolidaySettings): Promise<HolidaySettings>;
}
