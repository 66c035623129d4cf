import { inject, injectable } from 'inversify';
import type { RetentionApi } from '../../../application/complaints/retention-api.port';
import {
  getCaseRetention,
  getRetentionSettings,
  postponePurge,
  saveRetentionSettings,
  setLegalHold,
  type LegalHoldBody,
  type PostponeBody,
  type RetentionSettings,
  type RetentionSettingsBody,
  type RetentionState,
} from '../../../contracts/case/retention.contract';
import { ApiClient, CaseHttp } from '../api-client';

@injectable()
export class HttpRetentionApi implements RetentionApi {
  constructor(@inject(CaseHttp) private readonly caseApi: ApiClient) {}

  settings(): Promise<RetentionSettings> {
    return this.caseApi.call(getRetentionSettings, {});
  }

  saveSettings(body: RetentionSettingsBody): Promise<RetentionSettings> {
    return this.caseApi.call(saveRetentionSettings, { body });
  }

  caseRetention(id: string): Promise<RetentionState> {
    return this.caseApi.call(getCaseRetention, { params: { id } });
  }

  setLegalHold(id: string, body: LegalHoldBody): Promise<RetentionState> {
    return this.caseApi.call(setLegalHold, { params: { id }, body });
  }

  postpone(id: string, body: PostponeBody): Promise<RetentionState> {
    return this.caseApi.call(postponePurge, { params: { id }, body });
  }
}
