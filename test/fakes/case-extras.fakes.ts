import type { CaseEvent, OnBehalfBody } from '../../src/contracts/case/intake.contract';
import type {
  CaseExtrasApi,
  CommitteePersonItem,
  DeniedPersonItem,
  HolidaySettings,
  InterimReliefRequest,
  PendingConfirmationItem,
  SaveHolidaySettings,
} from '../../src/application/complaints/case-extras-api.port';
import { ApiError } from '../../src/application/shared/api-error';

/** In-memory case extras: one case's events, denials and confirmations, and the workspace's holiday settings. */
export class FakeCaseExtrasApi implements CaseExtrasApi {
  pending: PendingConfirmationItem[] = [];
  eventsOf: CaseEvent[] = [];
  deniedOf: DeniedPersonItem[] = [];
  people: CommitteePersonItem[] = [
    { userId: 'u-esha', name: 'Esha Employee', email: 'employee@acme.test' },
    { userId: 'u-meera', name: 'Meera Member', email: 'meera@acme.test' },
  ];
  recorded: OnBehalfBody[] = [];
  saved: SaveHolidaySettings[] = [];
  settings: HolidaySettings = {
    compliance: 'IN_POSH',
    extraHolidays: [],
    saturdayOff: false,
    removedHolidays: [],
    defaultHolidays: ['2026-01-26', '2026-08-15', '2026-10-02'],
    timeZone: 'Asia/Kolkata',
    regionCode: null,
    recuseWitnesses: true,
  };
  /** The next call fails with this. */
  failNext: ApiError | null = null;
  private seq = 0;

  private check(): void {
    const f = this.failNext;
    this.failNext = null;
    if (f) throw f;
  }

  private event(kind: CaseEvent['kind'], details: Record<string, unknown>): CaseEvent {
    const e = {
      eventId: `e${++this.seq}`,
      kind,
      details,
      recordedBy: 'Someone',
      createdAt: new Date(2026, 10, 27).toISOString(),
    };
    this.eventsOf.push(e);
    return e;
  }

  async pendingConfirmations() {
    this.check();
    return this.pending;
  }
  async confirm(id: string) {
    this.check();
    this.pending = this.pending.filter((p) => p.complaintId !== id);
  }
  async events() {
    this.check();
    return [...this.eventsOf];
  }
  async recordOnBehalf(body: OnBehalfBody) {
    this.check();
    this.recorded.push(body);
    return { complaintId: 'c-behalf', caseNumber: 'C-0042' };
  }
  async searchPeople(text: string) {
    this.check();
    return this.people.filter(
      (p) => p.name.toLowerCase().startsWith(text.toLowerCase()) || p.email.startsWith(text.toLowerCase()),
    );
  }
  async deniedAccess() {
    this.check();
    return [...this.deniedOf];
  }
  async denyAccess(_id: string, userId: string, note: string) {
    this.check();
    const p = this.people.find((x) => x.userId === userId)!;
    this.deniedOf.push({ userId, name: p.name, note, deniedAt: new Date(2026, 10, 27).toISOString() });
    return [...this.deniedOf];
  }
  async restoreAccess(_id: string, userId: string) {
    this.check();
    this.deniedOf = this.deniedOf.filter((d) => d.userId !== userId);
    return [...this.deniedOf];
  }
  async requestInterimRelief(_id: string, body: InterimReliefRequest) {
    this.check();
    return this.event('INTERIM_RELIEF_REQUESTED', { ...body });
  }
  async decideInterimRelief(_id: string, eventId: string, decision: 'RECOMMENDED' | 'REFUSED', note: string) {
    this.check();
    return this.event('INTERIM_RELIEF_DECIDED', { requestId: eventId, decision, note });
  }
  async requestConciliation(_id: string, note: string) {
    this.check();
    return this.event('CONCILIATION_REQUESTED', { note });
  }
  async recordConciliation(_id: string, terms: string, respondentAgreed: boolean) {
    this.check();
    return this.event('CONCILIATION_SETTLED', { terms, respondentAgreed });
  }
  async holidaySettings() {
    this.check();
    return { ...this.settings };
  }
  async saveHolidaySettings(body: SaveHolidaySettings) {
    this.check();
    this.saved.push(body);
    this.settings = { ...this.settings, ...body };
    return { ...this.settings };
  }
}
