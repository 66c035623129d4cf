import type {
  LegalHoldBody,
  PostponeBody,
  RetentionSettings,
  RetentionSettingsBody,
  RetentionState,
} from '../../contracts/case/retention.contract';

/** Retention of closed cases (docs/case.md "Retention"): the workspace's periods, a case's hold and postponement. Failures throw ApiError. */
export const RetentionApi = Symbol('RetentionApi');
export interface RetentionApi {
  /** @read */
  settings(): Promise<RetentionSettings>;
  saveSettings(body: RetentionSettingsBody): Promise<RetentionSettings>;
  /** @read */
  caseRetention(id: string): Promise<RetentionState>;
  setLegalHold(id: string, body: LegalHoldBody): Promise<RetentionState>;
  postpone(id: string, body: PostponeBody): Promise<RetentionState>;
}
