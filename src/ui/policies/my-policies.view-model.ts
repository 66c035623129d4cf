import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { WorkspacePolicyApi } from '../../application/policies/policy-api.port';
import { describeError } from '../../application/shared/api-error';
import type { MyPolicy } from '../../contracts/learning/policies.contract';

/** The signed-in person's policies, for "Policies to accept" on the home page. */
@injectable()
export class MyPoliciesViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  items: MyPolicy[] = [];

  constructor(@inject(WorkspacePolicyApi) private readonly api: WorkspacePolicyApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    try {
      const items = await this.api.mine();
      runInAction(() => {
        this.items = items;
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
