import type {
  AwarenessEventBody,
  BoardReturn,
  CanadaAnnualReturn,
  EmployerDuties,
  EmployerDutiesBody,
  LegalRules,
  PoshAnnualReturn,
  PoshNotice,
  ReturnInputs,
  ReturnKind,
  ReturnsOverview,
} from '../../contracts/case/law.contract';

export type AnyReturn = PoshAnnualReturn | BoardReturn | CanadaAnnualReturn;

/** The law area of the case API (docs/law.md): the legal rules, the employer's duties (IN-12), the returns. */
export const LawApi = Symbol('LawApi');
export interface LawApi {
  /** @read */
  legalRules(): Promise<LegalRules>;
  /** @read */
  employerDuties(): Promise<EmployerDuties>;
  saveEmployerDuties(body: EmployerDutiesBody): Promise<EmployerDuties>;
  recordAwarenessEvent(body: AwarenessEventBody): Promise<EmployerDuties>;
  /** @read */
  poshNotice(): Promise<PoshNotice>;
  /** @read */
  returnsOverview(): Promise<ReturnsOverview>;
  /** @read */
  returnInputs(): Promise<ReturnInputs>;
  saveReturnInputs(body: ReturnInputs): Promise<ReturnInputs>;
  /** @read A return's figures for a period (a year, or a financial year `2025-26` for the board's report). */
  returnFigures(kind: ReturnKind, period: string): Promise<AnyReturn>;
  /** The return as a file; the server records who made it and when. */
  returnFile(kind: ReturnKind, period: string, format: 'pdf' | 'xlsx'): Promise<Blob>;
  /** @read People of the directory matching a name or an address, to name a workshop's attendees. */
  findPeople(text: string): Promise<{ userId: string; label: string }[]>;
}
