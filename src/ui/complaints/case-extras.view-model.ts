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
import { ConfirmComplaint } from '../../application/complaints/confirm-complaint.use-case';
import { RequestInterimRelief } from '../../application/complaints/request-interim-relief.use-case';
import { DecideInterimRelief } from '../../application/complaints/decide-interim-relief.use-case';
import { RequestConciliation } from '../../application/complaints/request-conciliation.use-case';
import { RecordConciliation } from '../../application/complaints/record-conciliation.use-case';
import { DenyCaseAccess } from '../../application/complaints/deny-case-access.use-case';
import { RestoreCaseAccess } from '../../application/complaints/restore-case-access.use-case';
import { describeError } from '../../application/shared/api-error';
import type { Refusal } from '../../application/shared/refusal';

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

  constructor(
    @inject(CaseExtrasApi) private readonly api: CaseExtrasApi,
    @inject(ConfirmComplaint) private readonly confirmation: ConfirmComplaint,
    @inject(RequestInterimRelief) private readonly reliefRequest: RequestInterimRelief,
    @inject(DecideInterimRelief) private readonly reliefDecision: DecideInterimRelief,
    @inject(RequestConciliation) private readonly conciliationRequest: RequestConciliation,
    @inject(RecordConciliation) private readonly settlement: RecordConciliation,
    @inject(DenyCaseAccess) private readonly denial: DenyCaseAccess,
    @inject(RestoreCaseAccess) private readonly restoration: RestoreCaseAccess,
  ) {
    makeAutoObservable<
      CaseExtrasViewModel,
      | 'api'
      | 'confirmation'
      | 'reliefRequest'
      | 'reliefDecision'
      | 'conciliationRequest'
      | 'settlement'
      | 'denial'
      | 'restoration'
    >(
      this,
      {
        api: false,
        confirmation: false,
        reliefRequest: false,
        reliefDecision: false,
        conciliationRequest: false,
        settlement: false,
        denial: false,
        restoration: false,
      },
      { autoBind: true },
    );
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
      const outcome = await this.confirmation.execute(id);
      if (!outcome.ok) return outcome;
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
      const outcome = await this.reliefRequest.execute(id, body);
      if (!outcome.ok) return outcome;
      await this.loadEvents(id);
    }, 'Your request for interim relief is recorded; the committee will decide on it.');
  }

  async decideRelief(id: string, eventId: string, decision: 'RECOMMENDED' | 'REFUSED', note: string): Promise<boolean> {
    return this.act(
      async () => {
        const outcome = await this.reliefDecision.execute(id, eventId, decision, note);
        if (!outcome.ok) return outcome;
        await this.loadEvents(id);
      },
      decision === 'RECOMMENDED'
        ? 'Recommended: we have emailed the employer, who implements it (POSH s.12).'
        : 'The refusal and its reasons are recorded.',
    );
  }

  async requestConciliation(id: string, note: string): Promise<boolean> {
    return this.act(async () => {
      const outcome = await this.conciliationRequest.execute(id, note);
      if (!outcome.ok) return outcome;
      await this.loadEvents(id);
    }, 'Your request for conciliation is recorded; the committee will contact you.');
  }

  async recordConciliation(id: string, terms: string, respondentAgreed: boolean): Promise<boolean> {
    return this.act(async () => {
      const outcome = await this.settlement.execute(id, terms, respondentAgreed);
      if (!outcome.ok) return outcome;
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
      const outcome = await this.denial.execute(id, userId, note);
      if (!outcome.ok) return outcome;
      runInAction(() => (this.denied = outcome.denied));
    }, 'Access denied, from now on. They are not told.');
  }

  async restore(id: string, userId: string): Promise<boolean> {
    return this.act(async () => {
      const outcome = await this.restoration.execute(id, userId);
      if (!outcome.ok) return outcome;
      runInAction(() => (this.denied = outcome.denied));
    }, 'Access restored.');
  }

  /** Runs a write: its refusal (returned) is shown with its fields, anything else unexpected as a message. */
  private async act(work: () => Promise<Refusal | void>, success: string): Promise<boolean> {
    this.busy = true;
    this.error = null;
    this.note = null;
    this.fieldErrors = {};
    try {
      const refusal = await work();
      runInAction(() => {
        if (refusal) {
          this.error = refusal.message;
          this.fieldErrors = refusal.fields;
        } else this.note = success;
      });
      return !refusal;
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
