import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { ComplaintSummary } from '../../contracts/case/complaints.contract';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import { Loadable } from '../shared/loadable';

/** "Complaints": the caller's own and their committee's cases, without names. */
@injectable()
export class ComplaintListViewModel {
  /**
   * The caller's cases, and whether they sit on a committee (they may then record a complaint for someone, with or
   * without cases of their own yet) with the case numbers of their committee they joined too late to read, until the
   * one presiding admits them.
   */
  readonly cases = new Loadable<{ items: ComplaintSummary[]; seated: boolean; awaitingAdmission: string[] }>(
    { items: [], seated: false, awaitingAdmission: [] },
    { initial: 'idle' },
  );

  constructor(@inject(ComplaintsApi) private readonly api: ComplaintsApi) {
    makeAutoObservable<ComplaintListViewModel, 'api'>(this, { api: false }, { autoBind: true });
  }

  load(): Promise<boolean> {
    return this.cases.load(async () => {
      // The seat only adds a link: if it cannot be read, the list still shows (without the link).
      const [items, seat] = await Promise.all([
        this.api.list(),
        this.api.committeeSeat().catch(() => ({ member: false, awaitingAdmission: [] })),
      ]);
      return { items, seated: seat.member, awaitingAdmission: seat.awaitingAdmission };
    });
  }

  get items(): ComplaintSummary[] {
    return this.cases.value.items;
  }

  get seated(): boolean {
    return this.cases.value.seated;
  }

  get awaitingAdmission(): string[] {
    return this.cases.value.awaitingAdmission;
  }

  get mine(): ComplaintSummary[] {
    return this.items.filter((i) => i.role !== 'COMMITTEE');
  }

  get committee(): ComplaintSummary[] {
    return this.items.filter((i) => i.role === 'COMMITTEE');
  }
}
