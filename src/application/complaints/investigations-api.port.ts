import type {
  Investigation,
  Investigator,
  InvestigatorBody,
  MyInvestigations,
  PartyReport,
  RecommendationBody,
  ReportBody,
} from '../../contracts/case/investigations.contract';
import type {
  CaseOccurrenceCategories,
  OccurrenceCategories,
} from '../../contracts/case/occurrence-categories.contract';

/** Canada's investigation (docs/case.md "Canada's investigation"): the roster and each case's investigation. */
export const InvestigationsApi = Symbol('InvestigationsApi');
export interface InvestigationsApi {
  /** @read */
  roster(): Promise<Investigator[]>;
  addInvestigator(body: InvestigatorBody): Promise<Investigator>;
  setInvestigatorActive(id: string, active: boolean): Promise<Investigator>;
  /** @read */
  mine(): Promise<MyInvestigations['investigations']>;
  /** @read */
  investigation(complaintId: string): Promise<Investigation>;
  propose(complaintId: string, investigatorId: string): Promise<Investigation>;
  recordAgreement(complaintId: string, party: 'COMPLAINANT' | 'RESPONDENT'): Promise<Investigation>;
  appointFromRoster(complaintId: string): Promise<Investigation>;
  submitReport(complaintId: string, body: ReportBody): Promise<Investigation>;
  recordRecommendation(complaintId: string, position: number, body: RecommendationBody): Promise<Investigation>;
  /** @read The appointed investigator's download of one evidence file (while the mandate runs): a short-lived URL. */
  evidenceLink(complaintId: string, fileId: string): Promise<string>;
  finaliseReport(complaintId: string): Promise<Investigation>;
  removeInvestigator(complaintId: string, reason: string): Promise<Investigation>;
  /** @read The final report as a party reads it; null before it is final (the server answers 404). */
  partyReport(complaintId: string): Promise<PartyReport | null>;
  /** @read CA-10: a Canadian case's categories for the annual report, and whether the caller may change them. */
  occurrenceCategories(complaintId: string): Promise<CaseOccurrenceCategories>;
  recordOccurrenceCategories(complaintId: string, body: OccurrenceCategories): Promise<OccurrenceCategories>;
}
