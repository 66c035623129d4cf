import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserManual } from '../../contracts/main/user-manual.contract';
import { UserManualApi } from '../../application/platform-tools/platform-tools-api.port';
import { describeError } from '../../application/shared/api-error';

/** The workspace's user manual, as its members read it. A plain read: straight through the port. */
@injectable()
export class ManualViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  manual: UserManual | null = null;

  constructor(@inject(UserManualApi) private readonly api: UserManualApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const manual = await this.api.current();
      runInAction(() => {
        this.manual = manual;
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
