import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { CaseEvent } from '../../contracts/case/intake.contract';
import { CaseExtrasApi, type PendingConfirmationItem } from '../../application/complaints/case-extras-api.port';
import { describeError } from '../../application/shared/api-error';

/** Complaints recorded on the caller's behalf that wait for them (the Complaints list), and a case's events. */
@injectable()
export class CaseExtrasViewModel {
  pending: PendingConfirmationItem[] = [];
  events: CaseEvent[] = [];
  error: string | null = null;
  note: string | null = null;
  busy = false;

  constructor(@inject(CaseExtrasApi) private readonly api: CaseExtrasApi) {
    makeAutoObservable<CaseExtrasViewModel, 'api'>(this, { api: false }, { autoBind: true });
  }

  async loadPending(): Promise<void> {
    try {
      const items = await this.api.pendingConfirmations();
      runInAction(() => (this.pending = items));
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    }
  }

  async confirm(id: string): Promise<void> {
    this.busy = true;
    try {
      await this.api.confirm(id);
      runInAction(() => (this.note = 'Confirmed: the committee goes ahead with your complaint.'));
      await this.loadPending();
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async loadEvents(id: string): Promise<void> {
    try {
      const items = await this.api.events(id);
      runInAction(() => (this.events = items));
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    }
  }
}
