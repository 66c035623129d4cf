import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { RetentionApi } from '../../application/complaints/retention-api.port';
import { SaveRetentionSettings } from '../../application/complaints/save-retention-settings.use-case';
import { describeError } from '../../application/shared/api-error';
import type { RetentionOutcome, RetentionSettings } from '../../contracts/case/retention.contract';
import { Loadable } from '../shared/loadable';

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
  readonly settings = new Loadable<RetentionSettings | null>(null, { initial: 'idle' });
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

  load(): Promise<boolean> {
    return this.settings.load(() => this.api.settings());
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
          this.settings.set(outcome.settings);
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
