import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { WorkspacePolicyApi } from '../../application/policies/policy-api.port';
import type { MyPolicy } from '../../contracts/learning/policies.contract';
import { Loadable } from '../shared/loadable';

/** The signed-in person's policies, for "Policies to accept" on the home page. */
@injectable()
export class MyPoliciesViewModel {
  readonly items = new Loadable<MyPolicy[]>([]);

  constructor(@inject(WorkspacePolicyApi) private readonly api: WorkspacePolicyApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  load(): Promise<boolean> {
    return this.items.load(() => this.api.mine());
  }
}
