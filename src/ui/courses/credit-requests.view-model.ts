import { inject, injectable } from 'inversify';
import { GrantCredits } from '../../application/courses/grant-credits.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import { CatalogueCourseApi } from '../../application/courses/catalogue-courses.port';
import { describeError } from '../../application/shared/api-error';
import type { AdminCreditRequest } from '../../contracts/learning/credits.contract';
import { Loadable } from '../shared/loadable';

/** The platform admin's list of the workspaces' credit requests, those waiting first, each granted with one click. */
@injectable()
export class CreditRequestsViewModel {
  readonly items = new Loadable<AdminCreditRequest[]>([]);
  granting: string | null = null;
  notice: { type: 'success' | 'error'; text: string } | null = null;

  constructor(
    @inject(CatalogueCourseApi) private readonly api: CatalogueCourseApi,
    @inject(GrantCredits) private readonly grantCredits: GrantCredits,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  load(): Promise<boolean> {
    return this.items.load(async () => (await this.api.creditRequests()).items);
  }

  async grant(request: AdminCreditRequest): Promise<void> {
    this.granting = request.id;
    this.notice = null;
    try {
      const outcome = await this.grantCredits.execute(request.id);
      if (!outcome.ok) {
        runInAction(() => (this.notice = { type: 'error', text: outcome.message }));
        return;
      }
      const granted = outcome.granted;
      runInAction(() => {
        this.items.set(this.items.value.map((r) => (r.id === granted.id ? granted : r)));
        this.notice = {
          type: 'success',
          text: `Granted ${request.credits} credits to ${granted.workspaceName}: its balance is ${granted.balance}.`,
        };
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
    } finally {
      runInAction(() => (this.granting = null));
    }
  }
}
