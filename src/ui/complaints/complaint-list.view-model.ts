import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ComplaintSummary } from '../../contracts/case/complaints.contract';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import { describeError } from '../../application/shared/api-error';

type Status = 'idle' | 'loading' | 'ready' | 'error';

/** "Complaints": the caller's own and their committee's cases, without names. */
@injectable()
export class ComplaintListViewModel {
  status: Status = 'idle';
  error: string | null = null;
  items: ComplaintSummary[] = [];
  /** The caller sits on a committee: they may record a complaint for someone, with or without cases of their own yet. */
  seated = false;
  /** Case numbers of the caller's committee they joined too late to read, until the one presiding admits them. */
  awaitingAdmission: string[] = [];

  constructor(@inject(ComplaintsApi) private readonly api: ComplaintsApi) {
    makeAutoObservable<ComplaintListViewModel, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      // The seat only adds a link: if it cannot be read, the list still shows (without the link).
      const [items, seat] = await Promise.all([
        this.api.list(),
        this.api.committeeSeat().catch(() => ({ member: false, awaitingAdmission: [] })),
      ]);
      runInAction(() => {
        this.items = items;
        this.seated = seat.member;
        this.awaitingAdmission = seat.awaitingAdmission;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'error';
      });
    }
  }

  get mine(): ComplaintSummary[] {
    return this.items.filter((i) => i.role !== 'COMMITTEE');
  }

  get committee(): ComplaintSummary[] {
    return this.items.filter((i) => i.role === 'COMMITTEE');
  }
}
