import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserStats } from '../../contracts/main/users.contract';
import { DirectoryApi } from '../../application/people/directory-api.port';
import { describeError } from '../../application/shared/api-error';
import { ROLE_LABELS, type Role } from '../../domain/auth/roles';
import { peopleCount } from '../../domain/organisation/business-unit-rules';

/** The dashboard's people summary: totals by status, role and business unit. */
@injectable()
export class PeopleStatsViewModel {
  stats: UserStats | null = null;
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;

  constructor(@inject(DirectoryApi) private readonly directory: DirectoryApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get roles(): { label: string; count: number }[] {
    if (!this.stats) return [];
    return (Object.keys(ROLE_LABELS) as Role[])
      .map((role) => ({ label: ROLE_LABELS[role], count: this.stats!.byRole[role] ?? 0 }))
      .filter((r) => r.count > 0);
  }

  /** Each business unit as one line, the count apart from the name ("Acme Pune · 12 people", never "Acme Pune12"). */
  get units(): { key: string; label: string }[] {
    return (this.stats?.byBranch ?? []).map((unit) => ({
      key: unit.branchId ?? unit.branchName,
      label: `${unit.branchName} · ${peopleCount(unit.count)}`,
    }));
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const stats = await this.directory.stats();
      runInAction(() => {
        this.stats = stats;
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
