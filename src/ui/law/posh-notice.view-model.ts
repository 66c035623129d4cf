import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { LawApi } from '../../application/law/law-api.port';
import type { PoshNotice } from '../../contracts/case/law.contract';
import { Loadable } from '../shared/loadable';

/** The notice every member reads (IN-12): penal consequences, the committee's members and contacts, where to get help. */
@injectable()
export class PoshNoticeViewModel {
  readonly notice = new Loadable<PoshNotice | null>(null);

  constructor(@inject(LawApi) private readonly api: LawApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  load(): Promise<boolean> {
    return this.notice.load(() => this.api.poshNotice());
  }
}
