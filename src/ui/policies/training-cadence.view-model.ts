import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { WorkspaceComplianceApi } from '../../application/policies/workspace-compliance.port';
import type { CadenceRow } from '../../contracts/learning/compliance.contract';
import { PagedList } from '../shared/paged-list';

/** CA-11 per person: when each person's harassment training falls due (within 3 months of hire, then every 3 years), late first. */
@injectable()
export class TrainingCadenceViewModel {
  state: CadenceRow['state'] | undefined = undefined;
  readonly list: PagedList<CadenceRow>;

  constructor(@inject(WorkspaceComplianceApi) private readonly api: WorkspaceComplianceApi) {
    this.list = new PagedList((page, pageSize) => this.api.cadence(page, pageSize, this.state), {
      pageSize: 50,
      key: (r) => r.userId,
    });
    makeAutoObservable<TrainingCadenceViewModel, 'api'>(this, { list: false, api: false }, { autoBind: true });
  }

  load(): Promise<void> {
    return this.list.load(1);
  }

  filter(state: CadenceRow['state'] | undefined): void {
    this.state = state;
    void this.list.load(1);
  }
}
