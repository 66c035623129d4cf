import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { RetentionApi } from '../../application/complaints/retention-api.port';
import { ApiError, describeError } from '../../application/shared/api-error';
import type { RetentionState } from '../../contracts/case/retention.contract';

type Status = 'idle' | 'loading' | 'ready' | 'error';
const fieldsOf = (error: unknown): Record<string, string> => (ApiError.is(error) ? error.fields : {});

/** The retention panel of a case page: its state, the legal hold and the postponement (the one presiding). */
@injectable()
export class CaseRetentionViewModel {
  status: Status = 'idle';
  error: string | null = null;
  state: RetentionState | null = null;
  busy = false;
  actionError: string | null = null;
  fieldErrors: Record<string, string> = {};
  notice: string | null = null;
  private id = '';

  constructor(@inject(RetentionApi) private readonly api: RetentionApi) {
    makeAutoObservable<CaseRetentionViewModel, 'api' | 'id'>(this, { api: false, id: false }, { autoBind: true });
  }

  async load(id: string): Promise<void> {
    this.id = id;
    this.status = 'loading';
    try {
      const state = await this.api.caseRetention(id);
      runInAction(() => {
        this.state = state;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'error';
      });
    }
  }

  private async act(run: () => Promise<RetentionState>, notice: string): Promise<boolean> {
    this.busy = true;
    this.actionError = null;
    this.fieldErrors = {};
    this.notice = null;
    try {
      const state = await run();
      runInAction(() => {
        this.state = state;
        this.notice = notice;
      });
      return true;
    } catch (error) {
      runInAction(() => {
        this.actionError = describeError(error);
        this.fieldErrors = fieldsOf(error);
      });
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  setHold(hold: boolean, reason: string): Promise<boolean> {
    return this.act(
      () => this.api.setLegalHold(this.id, { hold, reason }),
      hold ? 'Legal hold placed: this case will not be purged.' : 'Legal hold lifted.',
    );
  }

  postpone(until: string, reason: string): Promise<boolean> {
    return this.act(() => this.api.postpone(this.id, { until, reason }), `Purge postponed to ${until}.`);
  }

  clearErrors(): void {
    this.actionError = null;
    this.fieldErrors = {};
  }
}
