import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserStats } from '../../contracts/main/users.contract';
import { DirectoryApi } from '../../application/people/directory-api.port';
import { describeError } from '../../application/shared/api-error';
import { ROLE_LABELS, type Role } from '../../domain/auth/roles';

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
    return (Object.keys(ROLE_LABELS) as Role[]).map((role) => ({ label: ROLE_LABELS[role], count: this.stats!.byRole[role] ?? 0 })).filter((r) => r.count > 0);
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
