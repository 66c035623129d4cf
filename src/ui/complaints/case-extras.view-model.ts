import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { CaseEvent } from '../../contracts/case/intake.contract';
import {
  CaseExtrasApi,
  type CommitteePersonItem,
  type DeniedPersonItem,
  type InterimReliefRequest,
  type PendingConfirmationItem,
} from '../../application/complaints/case-extras-api.port';
import { ApiError, describeError } from '../../application/shared/api-error';

/**
 * The case's further parts: complaints recorded on the caller's behalf that wait for them (the Complaints list and the
 * case page), the case's interim relief and conciliation events with their requests and decisions, and the people the
 * case denies access to (the one presiding).
 */
@injectable()
export class CaseExtrasViewModel {
  pending: PendingConfirmationItem[] = [];
  events: CaseEvent[] = [];
  denied: DeniedPersonItem[] = [];
  people: CommitteePersonItem[] = [];
  error: string | null = null;
  fieldErrors: Record<string, string> = {};
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

  isPending(complaintId: string): boolean {
    return this.pending.some((p) => p.complaintId === complaintId);
  }

  async confirm(id: string): Promise<boolean> {
    return this.act(async () => {
      await this.api.confirm(id);
      await this.loadPending();
    }, 'Confirmed: the committee goes ahead with your complaint, and its time limits start today.');
  }

  async loadEvents(id: string): Promise<void> {
    try {
      const items = await this.api.events(id);
      runInAction(() => (this.events = items));
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    }
  }

  /** Requests for interim relief not decided yet (a decision names its request). */
  get undecidedReliefs(): CaseEvent[] {
    const decided = new Set(
      this.events.filter((e) => e.kind === 'INTERIM_RELIEF_DECIDED').map((e) => String(e.details.requestId)),
    );
    return this.events.filter((e) => e.kind === 'INTERIM_RELIEF_REQUESTED' && !decided.has(e.eventId));
  }

  get conciliationRequested(): boolean {
    return this.events.some((e) => e.kind === 'CONCILIATION_REQUESTED');
  }

  get settled(): boolean {
    return this.events.some((e) => e.kind === 'CONCILIATION_SETTLED');
  }

  async requestRelief(id: string, body: InterimReliefRequest): Promise<boolean> {
    return this.act(async () => {
      await this.api.requestInterimRelief(id, body);
      await this.loadEvents(id);
    }, 'Your request for interim relief is recorded; the committee will decide on it.');
  }

  async decideRelief(id: string, eventId: string, decision: 'RECOMMENDED' | 'REFUSED', note: string): Promise<boolean> {
    return this.act(
      async () => {
        await this.api.decideInterimRelief(id, eventId, decision, note);
        await this.loadEvents(id);
      },
      decision === 'RECOMMENDED'
        ? 'Recommended: we have emailed the employer, who implements it (POSH s.12).'
        : 'The refusal and its reasons are recorded.',
    );
  }

  async requestConciliation(id: string, note: string): Promise<boolean> {
    return this.act(async () => {
      await this.api.requestConciliation(id, note);
      await this.loadEvents(id);
    }, 'Your request for conciliation is recorded; the committee will contact you.');
  }

  async recordConciliation(id: string, terms: string, respondentAgreed: boolean): Promise<boolean> {
    return this.act(async () => {
      await this.api.recordConciliation(id, terms, respondentAgreed);
      await this.loadEvents(id);
    }, 'The settlement is recorded; we have emailed a copy to the employer and both parties.');
  }

  async loadDenied(id: string): Promise<void> {
    try {
      const items = await this.api.deniedAccess(id);
      runInAction(() => (this.denied = items));
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    }
  }

  async searchPeople(text: string): Promise<void> {
    if (!text.trim()) {
      this.people = [];
      return;
    }
    try {
      const items = await this.api.searchPeople(text.trim());
      runInAction(() => (this.people = items));
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    }
  }

  async deny(id: string, userId: string, note: string): Promise<boolean> {
    return this.act(async () => {
      const items = await this.api.denyAccess(id, userId, note);
      runInAction(() => (this.denied = items));
    }, 'Access denied, from now on. They are not told.');
  }

  async restore(id: string, userId: string): Promise<boolean> {
    return this.act(async () => {
      const items = await this.api.restoreAccess(id, userId);
      runInAction(() => (this.denied = items));
    }, 'Access restored.');
  }

  private async act(work: () => Promise<void>, success: string): Promise<boolean> {
    this.busy = true;
    this.error = null;
    this.note = null;
    this.fieldErrors = {};
    try {
      await work();
      runInAction(() => (this.note = success));
      return true;
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.fieldErrors = ApiError.is(error) ? error.fields : {};
      });
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
