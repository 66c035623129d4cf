import { inject, injectable } from 'inversify';
import type { InvestigationsApi } from '../../../application/complaints/investigations-api.port';
import {
  addInvestigator,
  appointFromRoster,
  finaliseInvestigationReport,
  investigation,
  investigationEvidence,
  partyInvestigationReport,
  removeInvestigator,
  investigators,
  myInvestigations,
  proposeInvestigator,
  recordInvestigatorAgreement,
  recordRecommendation,
  setInvestigatorActive,
  submitInvestigationReport,
  type InvestigatorBody,
  type RecommendationBody,
  type ReportBody,
} from '../../../contracts/case/investigations.contract';
import {
  occurrenceCategories,
  recordOccurrenceCategories,
  type OccurrenceCategories,
} from '../../../contracts/case/occurrence-categories.contract';
import { ApiError } from '../../../application/shared/api-error';
import { ApiClient, CaseHttp } from '../api-client';

/** Canada's investigation over HTTP (docs/case.md "Canada's investigation"). */
@injectable()
export class HttpInvestigationsApi implements InvestigationsApi {
  constructor(@inject(CaseHttp) private readonly api: ApiClient) {}

  async roster() {
    return (await this.api.call(investigators)).investigators;
  }

  addInvestigator(body: InvestigatorBody) {
    return this.api.call(addInvestigator, { body });
  }

  setInvestigatorActive(id: string, active: boolean) {
    return this.api.call(setInvestigatorActive, { params: { id }, body: { active } });
  }

  async mine() {
    return (await this.api.call(myInvestigations)).investigations;
  }

  investigation(id: string) {
    return this.api.call(investigation, { params: { id } });
  }

  propose(id: string, investigatorId: string) {
    return this.api.call(proposeInvestigator, { params: { id }, body: { investigatorId } });
  }

  recordAgreement(id: string, party: 'COMPLAINANT' | 'RESPONDENT') {
    return this.api.call(recordInvestigatorAgreement, { params: { id }, body: { party } });
  }

  appointFromRoster(id: string) {
    return this.api.call(appointFromRoster, { params: { id } });
  }

  submitReport(id: string, body: ReportBody) {
    return this.api.call(submitInvestigationReport, { params: { id }, body });
  }

  recordRecommendation(id: string, position: number, body: RecommendationBody) {
    return this.api.call(recordRecommendation, { params: { id, position }, body });
  }

  occurrenceCategories(id: string) {
    return this.api.call(occurrenceCategories, { params: { id } });
  }

  recordOccurrenceCategories(id: string, body: OccurrenceCategories) {
    return this.api.call(recordOccurrenceCategories, { params: { id }, body });
  }

  async evidenceLink(id: string, fileId: string) {
    return (await this.api.call(investigationEvidence, { params: { id, fileId } })).downloadUrl;
  }

  finaliseReport(id: string) {
    return this.api.call(finaliseInvestigationReport, { params: { id } });
  }

  removeInvestigator(id: string, reason: string) {
    return this.api.call(removeInvestigator, { params: { id }, body: { reason } });
  }

  async partyReport(id: string) {
    try {
      return await this.api.call(partyInvestigationReport, { params: { id } });
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'not-found') return null;
      throw error;
    }
  }
}
