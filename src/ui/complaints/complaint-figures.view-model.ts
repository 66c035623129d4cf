import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ComplaintCounts } from '../../contracts/case/complaints.contract';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import { describeError } from '../../application/shared/api-error';

type Status = 'idle' | 'loading' | 'ready' | 'error';

/** The admin's view: counts and clocks, never names or contents. */
@injectable()
export class ComplaintFiguresViewModel {
  status: Status = 'idle';
  error: string | null = null;
  counts: ComplaintCounts | null = null;

  constructor(@inject(ComplaintsApi) private readonly api: ComplaintsApi) {
    makeAutoObservable<ComplaintFiguresViewModel, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const counts = await this.api.counts();
      runInAction(() => {
        this.counts = counts;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'error';
      });
    }
  }
}
