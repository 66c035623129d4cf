import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { UserStats } from '../../../src/contracts/main/users.contract';
import { PeopleStatsViewModel } from '../../../src/ui/people/people-stats.view-model';
import { FakeDirectoryApi } from '../../fakes/directory.fakes';

class StatsDirectory extends FakeDirectoryApi {
  override async stats(): Promise<UserStats> {
    return {
      ...(await super.stats()),
      byBranch: [
        { branchId: 'hq', branchName: 'Acme Headquarters', count: 24 },
        { branchId: 'pune', branchName: 'Acme Pune', count: 1 },
        { branchId: null, branchName: 'No business unit', count: 0 },
      ],
    };
  }
}

describe('PeopleStatsViewModel', () => {
  it('shows each business unit with its count apart from the name, with the unit', async () => {
    const vm = new PeopleStatsViewModel(new StatsDirectory([]));
    await vm.load();
    expect(vm.units.map((u) => u.label)).toEqual([
      'Acme Headquarters · 24 people',
      'Acme Pune · 1 person',
      'No business unit · 0 people',
    ]);
    expect(new Set(vm.units.map((u) => u.key)).size).toBe(3);
  });
});
