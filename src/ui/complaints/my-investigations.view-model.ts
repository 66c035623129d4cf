import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { InvestigationsApi } from '../../application/complaints/investigations-api.port';
import type { MyInvestigations } from '../../contracts/case/investigations.contract';

/** The cases the signed-in person investigates (case numbers only); nothing shows when there are none. */
@injectable()
export class MyInvestigationsViewModel {
  items: MyInvestigations['investigations'] = [];

  constructor(@inject(InvestigationsApi) private readonly api: InvestigationsApi) {
    makeAutoObservable<MyInvestigationsViewModel, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    try {
      const items = await this.api.mine();
      runInAction(() => (this.items = items));
    } catch {
      // The list is an extra on the complaints page: without it the page is whole.
      runInAction(() => (this.items = []));
    }
  }
}
