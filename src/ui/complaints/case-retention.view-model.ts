import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { PostponePurge } from '../../application/complaints/postpone-purge.use-case';
import { RetentionApi } from '../../application/complaints/retention-api.port';
import { SetLegalHold } from '../../application/complaints/set-legal-hold.use-case';
import { describeError } from '../../application/shared/api-error';
import type { Outcome } from '../../application/shared/refusal';
import type { RetentionState } from '../../contracts/case/retention.contract';
import { Loadable } from '../shared/loadable';

/** The retention panel of a case page: its state, the legal hold and the postponement (the one presiding). */
@injectable()
export class CaseRetentionViewModel {
  readonly state = new Loadable<RetentionState | null>(null, { initial: 'idle' });
  busy = false;
  actionError: string | null = null;
  fieldErrors: Record<string, string> = {};
  notice: string | null = null;
  private id = '';

  constructor(
    @inject(RetentionApi) private readonly api: RetentionApi,
    @inject(SetLegalHold) private readonly legalHold: SetLegalHold,
    @inject(PostponePurge) private readonly postponePurge: PostponePurge,
  ) {
    makeAutoObservable<CaseRetentionViewModel, 'api' | 'legalHold' | 'postponePurge' | 'id'>(
      this,
      { api: false, legalHold: false, postponePurge: false, id: false },
      { autoBind: true },
    );
  }

  load(id: string): Promise<boolean> {
    this.id = id;
    return this.state.load(() => this.api.caseRetention(id));
  }

  private async act(run: () => Promise<Outcome<{ state: RetentionState }>>, notice: string): Promise<boolean> {
    this.busy = true;
    this.actionError = null;
    this.fieldErrors = {};
    this.notice = null;
    try {
      const outcome = await run();
      runInAction(() => {
        if (outcome.ok) {
          this.state.set(outcome.state);
          this.notice = notice;
        } else {
          this.actionError = outcome.message;
          this.fieldErrors = outcome.fields;
        }
      });
      return outcome.ok;
    } catch (error) {
      runInAction(() => (this.actionError = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  setHold(hold: boolean, reason: string): Promise<boolean> {
    return this.act(
      () => this.legalHold.execute(this.id, { hold, reason }),
      hold ? 'Legal hold placed: this case will not be purged.' : 'Legal hold lifted.',
    );
  }

  postpone(until: string, reason: string): Promise<boolean> {
    return this.act(() => this.postponePurge.execute(this.id, { until, reason }), `Purge postponed to ${until}.`);
  }

  clearErrors(): void {
    this.actionError = null;
    this.fieldErrors = {};
  }
}
