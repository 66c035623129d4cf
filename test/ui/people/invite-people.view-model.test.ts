import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { InvitePeople } from '../../../src/application/people/invite-people.use-case';
import type { PeopleInvitesApi } from '../../../src/application/people/invites-api.port';
import { ApiError } from '../../../src/application/shared/api-error';
import type { Department } from '../../../src/contracts/main/workspace.contract';
import { InvitePeopleViewModel } from '../../../src/ui/people/invite-people.view-model';
import { FakeOrganisationApi } from '../../fakes/auth.fakes';

const at = '2026-01-01T00:00:00.000Z';
const DEPARTMENTS: Department[] = [
  { departmentId: 'hr', departmentName: 'Human Resources', branchId: 'hq', createdAt: at },
  { departmentId: 'eng', departmentName: 'Engineering', branchId: 'hq', createdAt: at },
  { departmentId: 'sales-pune', departmentName: 'Sales', branchId: 'pune', createdAt: at },
];

/** Department lists the test answers when it chooses, as a slow network would. */
class DeferredOrganisationApi extends FakeOrganisationApi {
  pending = new Map<string, { answer: () => void; fail: (e: unknown) => void }>();
  override departments(body: { branchId?: string } = {}): Promise<Department[]> {
    return new Promise((resolve, reject) =>
      this.pending.set(body.branchId ?? '', {
        answer: () => resolve(DEPARTMENTS.filter((d) => d.branchId === body.branchId)),
        fail: reject,
      }),
    );
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function build() {
  const org = new DeferredOrganisationApi();
  const vm = new InvitePeopleViewModel(new InvitePeople({} as PeopleInvitesApi), org);
  return { org, vm };
}

const names = (vm: InvitePeopleViewModel) => vm.departments.map((d) => d.departmentName);

describe('InvitePeopleViewModel: departments of the chosen business unit', () => {
  it('a unit picked before the starting unit’s departments arrive keeps its own list when those arrive late', async () => {
    const { org, vm } = build();
    void vm.loadDepartments('hq'); // the modal opens on Headquarters
    void vm.loadDepartments('pune'); // the admin picks Pune at once
    org.pending.get('pune')!.answer();
    await settle();
    expect(names(vm)).toEqual(['Sales']);
    org.pending.get('hq')!.answer(); // Headquarters' answer, late
    await settle();
    expect(names(vm)).toEqual(['Sales']);
    expect(vm.departmentsLoading).toBe(false);

    void vm.loadDepartments('hq');
    expect(vm.departmentsLoading).toBe(true);
  });

  it('offers no other unit’s departments while the chosen unit’s load, and a stale failure empties nothing', async () => {
    const { org, vm } = build();
    void vm.loadDepartments('hq');
    org.pending.get('hq')!.answer();
    await settle();
    expect(names(vm)).toEqual(['Human Resources', 'Engineering']);

    void vm.loadDepartments('pune');
    expect(names(vm)).toEqual([]);
    void vm.loadDepartments('hq');
    org.pending.get('hq')!.answer();
    await settle();
    org.pending.get('pune')!.fail(new ApiError('server-error', 'INTERNAL', 'Server trouble'));
    await settle();
    expect(names(vm)).toEqual(['Human Resources', 'Engineering']);
  });
});
