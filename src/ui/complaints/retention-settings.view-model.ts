import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { RetentionApi } from '../../application/complaints/retention-api.port';
import { SaveRetentionSettings } from '../../application/complaints/save-retention-settings.use-case';
import { describeError } from '../../application/shared/api-error';
import type { RetentionOutcome, RetentionSettings } from '../../contracts/case/retention.contract';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export const OUTCOME_LABELS: Record<RetentionOutcome, string> = {
  UPHELD: 'Upheld',
  NOT_UPHELD: 'Not upheld',
  SETTLED_BY_CONCILIATION: 'Settled by conciliation',
  WITHDRAWN: 'Withdrawn',
  REFERRED: 'Referred elsewhere',
};

/** The "Retention of closed cases" screen: the workspace's period per outcome and the warning's lead. */
@injectable()
export class RetentionSettingsViewModel {
  status: Status = 'idle';
  error: string | null = null;
  settings: RetentionSettings | null = null;
  saving = false;
  saveError: string | null = null;
  fieldErrors: Record<string, string> = {};
  notice: string | null = null;

  constructor(
    @inject(RetentionApi) private readonly api: RetentionApi,
    @inject(SaveRetentionSettings) private readonly saveSettings: SaveRetentionSettings,
  ) {
    makeAutoObservable<RetentionSettingsViewModel, 'api' | 'saveSettings'>(
      this,
      { api: false, saveSettings: false },
      { autoBind: true },
    );
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const settings = await this.api.settings();
      runInAction(() => {
        this.settings = settings;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'error';
      });
    }
  }

  async save(periods: Record<RetentionOutcome, number | null>, warnDays: number): Promise<boolean> {
    this.saving = true;
    this.saveError = null;
    this.fieldErrors = {};
    this.notice = null;
    try {
      const outcome = await this.saveSettings.execute({ periods, warnDays });
      runInAction(() => {
        if (outcome.ok) {
          this.settings = outcome.settings;
          this.notice = 'Retention periods saved. The daily case job applies them from its next run.';
        } else {
          this.saveError = outcome.message;
          this.fieldErrors = outcome.fields;
        }
      });
      return outcome.ok;
    } catch (error) {
      runInAction(() => (this.saveError = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
