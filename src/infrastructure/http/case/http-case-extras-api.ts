import { inject, injectable } from 'inversify';
import {
  confirmOnBehalf,
  decideInterimRelief,
  denyAccess,
  listCaseEvents,
  listDeniedAccess,
  listPendingConfirmations,
  recordConciliation,
  recordOnBehalf,
  requestConciliation,
  requestInterimRelief,
  restoreAccess,
  searchCommitteePeople,
  type CaseEvent,
  type OnBehalfBody,
} from '../../../contracts/case/intake.contract';
import { getComplaintSettings, saveComplaintSettings } from '../../../contracts/case/complaints.contract';
import type {
  CaseExtrasApi,
  CommitteePersonItem,
  DeniedPersonItem,
  HolidaySettings,
  InterimReliefRequest,
  PendingConfirmationItem,
  SaveHolidaySettings,
} from '../../../application/complaints/case-extras-api.port';
import { ApiClient, CaseHttp } from '../api-client';

@injectable()
export class HttpCaseExtrasApi implements CaseExtrasApi {
  constructor(@inject(CaseHttp) private readonly caseApi: ApiClient) {}

  async pendingConfirmations(): Promise<PendingConfirmationItem[]> {
    return (await this.caseApi.call(listPendingConfirmations, {})).items;
  }

  async confirm(id: string): Promise<void> {
    await this.caseApi.call(confirmOnBehalf, { params: { id } });
  }

  async events(id: string): Promise<CaseEvent[]> {
    return (await this.caseApi.call(listCaseEvents, { params: { id } })).items;
  }

  async recordOnBehalf(body: OnBehalfBody): Promise<{ complaintId: string; caseNumber: string }> {
    const r = await this.caseApi.call(recordOnBehalf, { body });
    return { complaintId: r.complaintId, caseNumber: r.caseNumber };
  }

  async searchPeople(text: string): Promise<CommitteePersonItem[]> {
    return (await this.caseApi.call(searchCommitteePeople, { body: { searchText: text } })).items;
  }

  async deniedAccess(id: string): Promise<DeniedPersonItem[]> {
    return (await this.caseApi.call(listDeniedAccess, { params: { id } })).items;
  }

  async denyAccess(id: string, userId: string, note: string): Promise<DeniedPersonItem[]> {
    return (await this.caseApi.call(denyAccess, { params: { id }, body: { userId, note } })).items;
  }

  async restoreAccess(id: string, userId: string): Promise<DeniedPersonItem[]> {
    return (await this.caseApi.call(restoreAccess, { params: { id, userId } })).items;
  }

  async requestInterimRelief(id: string, body: InterimReliefRequest): Promise<CaseEvent> {
    return this.caseApi.call(requestInterimRelief, { params: { id }, body });
  }

  async decideInterimRelief(
    id: string,
    eventId: string,
    decision: 'RECOMMENDED' | 'REFUSED',
    note: string,
  ): Promise<CaseEvent> {
    return this.caseApi.call(decideInterimRelief, { params: { id, eventId }, body: { decision, note } });
  }

  async requestConciliation(id: string, note: string): Promise<CaseEvent> {
    return this.caseApi.call(requestConciliation, { params: { id }, body: { note } });
  }

  async recordConciliation(id: string, terms: string, respondentAgreed: boolean): Promise<CaseEvent> {
    return this.caseApi.call(recordConciliation, {
      params: { id },
      body: { terms, monetary: false, respondentAgreed },
    });
  }

  async holidaySettings(): Promise<HolidaySettings> {
    return this.caseApi.call(getComplaintSettings, {});
  }

  async saveHolidaySettings(body: SaveHolidaySettings): Promise<HolidaySettings> {
    return this.caseApi.call(saveComplaintSettings, { body });
  }
}
