import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { LawApi } from '../../application/law/law-api.port';
import { describeError } from '../../application/shared/api-error';
import type { PoshNotice } from '../../contracts/case/law.contract';

/** The notice every member reads (IN-12): penal consequences, the committee's members and contacts, where to get help. */
@injectable()
export class PoshNoticeViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  notice: PoshNotice | null = null;

  constructor(@inject(LawApi) private readonly api: LawApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const notice = await this.api.poshNotice();
      runInAction(() => {
        this.notice = notice;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }
}
