import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { UserStats } from '../../contracts/main/users.contract';
import { DirectoryApi } from '../../application/people/directory-api.port';
import { ROLE_LABELS, type Role } from '../../domain/auth/roles';
import { peopleCount } from '../../domain/organisation/business-unit-rules';
import { Loadable } from '../shared/loadable';

/** The dashboard's people summary: totals by status, role and business unit. */
@injectable()
export class PeopleStatsViewModel {
  readonly stats = new Loadable<UserStats | null>(null);

  constructor(@inject(DirectoryApi) private readonly directory: DirectoryApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get roles(): { label: string; count: number }[] {
    const stats = this.stats.value;
    if (!stats) return [];
    return (Object.keys(ROLE_LABELS) as Role[])
      .map((role) => ({ label: ROLE_LABELS[role], count: stats.byRole[role] ?? 0 }))
      .filter((r) => r.count > 0);
  }

  /** Each business unit as one line, the count apart from the name ("Acme Pune · 12 people", never "Acme Pune12"). */
  get units(): { key: string; label: string }[] {
    return (this.stats.value?.byBranch ?? []).map((unit) => ({
      key: unit.branchId ?? unit.branchName,
      label: `${unit.branchName} · ${peopleCount(unit.count)}`,
    }));
  }

  load(): Promise<boolean> {
    return this.stats.load(() => this.directory.stats());
  }
}
