import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { UserManual } from '../../contracts/main/user-manual.contract';
import { UserManualApi } from '../../application/platform-tools/platform-tools-api.port';
import { Loadable } from '../shared/loadable';

/** The workspace's user manual, as its members read it. A plain read: straight through the port. */
@injectable()
export class ManualViewModel {
  readonly manual = new Loadable<UserManual | null>(null);

  constructor(@inject(UserManualApi) private readonly api: UserManualApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  load(): Promise<boolean> {
    return this.manual.load(() => this.api.current());
  }
}
