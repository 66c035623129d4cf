import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { ComplaintCounts } from '../../contracts/case/complaints.contract';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import { Loadable } from '../shared/loadable';

/** The admin's view: counts and clocks, never names or contents. */
@injectable()
export class ComplaintFiguresViewModel {
  readonly counts = new Loadable<ComplaintCounts | null>(null, { initial: 'idle' });

  constructor(@inject(ComplaintsApi) private readonly api: ComplaintsApi) {
    makeAutoObservable<ComplaintFiguresViewModel, 'api'>(this, { api: false }, { autoBind: true });
  }

  load(): Promise<boolean> {
    return this.counts.load(() => this.api.counts());
  }
}
