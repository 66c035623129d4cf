import 'reflect-metadata';
import { SignOutEverywhere } from '../../../src/application/people/sign-out-everywhere.use-case';
import { UnlockAccount } from '../../../src/application/people/unlock-account.use-case';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import { RefreshCurrentUser } from '../../../src/application/auth/refresh-current-user.use-case';
import { SignOut } from '../../../src/application/auth/sign-out.use-case';
import { BulkEditPeople, DeletePeople, EditPerson } from '../../../src/application/people/edit-people.use-case';
import { FindPeople } from '../../../src/application/people/find-people.use-case';
import { ManageInvitations } from '../../../src/application/people/invite-people.use-case';
import type { Department } from '../../../src/contracts/main/workspace.contract';
import type { DirectoryUser } from '../../../src/contracts/main/users.contract';
import { DirectoryViewModel } from '../../../src/ui/people/directory.view-model';
import { SessionViewModel } from '../../../src/ui/shell/session.view-model';
import { ADMIN, FakeAuthApi, FakeOrganisationApi, FakeSessionStore } from '../../fakes/auth.fakes';
import { FakeDirectoryApi, person } from '../../fakes/directory.fakes';
import { FakeInvitesApi } from '../../fakes/people-invites.fakes';

/** Department lists the test answers when it chooses, in any order, as a slow network would. */
class DeferredOrganisationApi extends FakeOrganisationApi {
  static readonly all: Department[] = [
    { departmentId: 'hr', departmentName: 'Human Resources', branchId: 'hq', createdAt: '2026-01-01T00:00:00.000Z' },
    { departmentId: 'sales-pune', departmentName: 'Sales', branchId: 'pune', createdAt: '2026-01-01T00:00:00.000Z' },
  ];
  pending: { unit: string; answer: () => void }[] = [];
  override departments(body: { branchId?: string; showAll?: boolean } = {}): Promise<Department[]> {
    return new Promise((resolve) =>
      this.pending.push({
        unit: body.showAll ? 'ALL' : body.branchId!,
        answer: () => resolve(DeferredOrganisationApi.all.filter((d) => body.showAll || d.branchId === body.branchId)),
      }),
    );
  }
  async answer(unit: string): Promise<void> {
    const i = this.pending.findIndex((p) => p.unit === unit);
    if (i < 0) throw new Error(`no pending departments call for ${unit}`);
    this.pending.splice(i, 1)[0]!.answer();
    for (let n = 0; n < 5; n++) await Promise.resolve();
  }
}

function setUp(
  people = Array.from({ length: 45 }, (_, i) => person(i + 1)),
  organisation: FakeOrganisationApi = new FakeOrganisationApi(),
) {
  const api = new FakeDirectoryApi(people);
  const auth = new FakeAuthApi();
  const sessions = new FakeSessionStore();
  const session = new SessionViewModel(new RefreshCurrentUser(auth, sessions), new SignOut(auth, sessions));
  session.signedIn(ADMIN);
  const invites = new FakeInvitesApi();
  const vm = new DirectoryViewModel(
    new FindPeople(api),
    new EditPerson(api),
    new BulkEditPeople(api),
    new DeletePeople(api),
    api,
    organisation,
    session,
    new ManageInvitations(invites),
    new SignOutEverywhere(api),
    new UnlockAccount(api),
  );
  return { api, vm, invites, session };
}

describe('DirectoryViewModel', () => {
  it('offers in its role pickers only the roles the signed-in user may give (nobody above their own)', () => {
    const { vm } = setUp();
    expect(vm.assignableRoleOptions.map((o) => o.value)).toEqual([
      'EMPLOYEE',
      'BRANCH_ADMIN',
      'EMPLOYER',
      'WORKSPACE_ADMIN',
    ]);
    const employer = setUp();
    (employer.vm as unknown as { session: SessionViewModel }).session.signedIn({ ...ADMIN, role: 'EMPLOYER' });
    expect(employer.vm.assignableRoleOptions).toEqual([
      { value: 'EMPLOYEE', label: 'Employee' },
      { value: 'BRANCH_ADMIN', label: 'Business Unit Admin' },
      { value: 'EMPLOYER', label: 'Employer' },
    ]);
  });

  it('starts from the header’s business unit, pages on the server (page 1 here is 0 on the wire) and counts', async () => {
    const { api, vm } = setUp();
    await vm.start('hq');
    expect(api.calls[0]).toMatchObject({
      kind: 'list',
      input: { page: 0, pageSize: 20, branchId: 'hq', sortBy: 'name', sortOrder: 'asc' },
    });
    expect(vm.rows).toHaveLength(20);
    expect(vm.list.total).toBe(45);
    expect(vm.stats?.total).toBe(45);
    await vm.load(3);
    expect(vm.rows).toHaveLength(5);
  });

  it('goes back to page 1 when a filter or the sort changes, and drops the department when the unit changes', async () => {
    const { api, vm } = setUp();
    await vm.start('ALL');
    await vm.load(2);
    await vm.setFilters({ department: 'd1' });
    expect(vm.list.page).toBe(1);
    expect(api.calls.at(-1)).toMatchObject({ input: { page: 0, departmentId: 'd1' } });
    await vm.load(3);
    await vm.setFilters({ role: 'EMPLOYEE' });
    expect(api.calls.at(-1)).toMatchObject({ input: { page: 0, role: 'EMPLOYEE', departmentId: 'd1' } });
    await vm.setFilters({ businessUnit: 'pune' });
    expect(vm.filters.department).toBe('');
    await vm.load(2);
    await vm.list.sortBy('email', 'desc');
    expect(vm.list.page).toBe(1);
    expect(api.calls.at(-1)).toMatchObject({
      input: { page: 0, sortBy: 'email', sortOrder: 'desc', branchId: 'pune' },
    });
    await vm.load(2);
    expect(api.calls.at(-1)).toMatchObject({ input: { page: 1, sortBy: 'email', sortOrder: 'desc' } });
    await vm.list.sortBy(undefined, undefined);
    expect(api.calls.at(-1)).toMatchObject({ input: { page: 0, sortBy: 'name', sortOrder: 'asc' } });
  });

  it('changes the page size from the table and keeps it for the next pages', async () => {
    const { api, vm } = setUp();
    await vm.start('ALL');
    await vm.load(2, 10);
    expect(vm.rows.map((r) => r.userId)[0]).toBe('u11');
    await vm.setFilters({ status: 'ACTIVE' });
    expect(api.calls.at(-1)).toMatchObject({ input: { page: 0, pageSize: 10 } });
    expect(vm.list.total).toBe(45);
  });

  it('waits for a pause in typing, then searches from page 1', async () => {
    vi.useFakeTimers();
    try {
      const { api, vm } = setUp();
      await vm.start('ALL');
      await vm.load(2);
      vm.setSearchText('person');
      vm.setSearchText('person4');
      expect(api.calls.filter((c) => c.kind === 'search')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(300);
      expect(api.calls.filter((c) => c.kind === 'search')).toEqual([
        { kind: 'search', input: expect.objectContaining({ page: 0, searchText: 'person4' }) },
      ]);
      expect(vm.list.page).toBe(1);
      expect(vm.rows.map((r) => r.email)).toContain('person45@acme.test');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the people selected on one page while another page is shown, and says so when the list cannot be read', async () => {
    const { api, vm } = setUp();
    await vm.start('ALL');
    vm.list.select(['u1', 'u2']);
    await vm.load(2);
    vm.list.select(['u1', 'u2', 'u21']);
    expect(vm.list.selected.map((u) => u.email)).toEqual([
      'person1@acme.test',
      'person2@acme.test',
      'person21@acme.test',
    ]);
    api.list = async () => {
      throw new ApiError('server-error', 'INTERNAL', 'The server could not complete this request');
    };
    await vm.load(3);
    expect(vm.list).toMatchObject({ status: 'error', error: 'The server could not complete this request' });
    expect(vm.list.selectedKeys).toEqual(['u1', 'u2', 'u21']);
  });

  it('searches at once on Enter', async () => {
    const { api, vm } = setUp();
    await vm.start('ALL');
    await vm.load(2);
    await vm.searchNow('person1');
    expect(api.calls.at(-1)).toMatchObject({ kind: 'search', input: { page: 0 } });
    expect(vm.rows.map((r) => r.email)).toContain('person1@acme.test');
    expect(vm.rows.every((r) => r.email.startsWith('person1'))).toBe(true);
  });

  it('saves only what changed, and keeps the drawer open with the server’s reason on a refusal', async () => {
    const { api, vm } = setUp();
    await vm.start('ALL');
    const user = vm.list.items[0]!;
    await vm.openEdit(user);
    expect(await vm.save({ ...vm.formValues(user), designation: 'Analyst' })).toBe(true);
    expect(api.calls.find((c) => c.kind === 'update')!.input).toEqual({
      userId: user.userId,
      change: { designation: 'Analyst' },
    });
    expect(vm.list.items[0]!.designation).toBe('Analyst');
    expect(vm.editing).toBeNull();

    api.refusals.set(user.userId, 'You may not do this here');
    await vm.openEdit(vm.list.items[0]!);
    expect(await vm.save({ ...vm.formValues(vm.list.items[0]!), firstName: 'New' })).toBe(false);
    expect(vm.formError).toBe('You may not do this here');
    expect(vm.editing).not.toBeNull();
  });

  it('deactivates the selected people, showing progress and naming those it could not change', async () => {
    const { api, vm } = setUp();
    await vm.start('ALL');
    vm.list.select(['u1', 'u2']);
    api.refusals.set('u2', 'The workspace must keep at least one active workspace admin');
    await vm.setStatus(vm.list.selectedKeys, 'INACTIVE');
    expect(vm.progress).toBeNull();
    expect(vm.notice?.type).toBe('warning');
    expect(vm.notice?.text).toMatch(/Deactivated 1 person; 1 not changed: person2@acme.test \(The workspace must keep/);
    expect(vm.stats?.byStatus.INACTIVE).toBe(1);
  });

  it('deletes the selected people, or says why nothing was deleted', async () => {
    const { api, vm } = setUp();
    await vm.start('ALL');
    vm.list.select(['u1', 'u2']);
    expect(await vm.remove(vm.list.selectedKeys)).toBe(true);
    expect(vm.notice).toEqual({ type: 'success', text: 'Deleted 2 people' });
    expect(vm.list.total).toBe(43);
    api.refusals.set('u3', 'You cannot delete yourself');
    expect(await vm.remove(['u3'])).toBe(false);
    expect(vm.notice?.text).toBe('Nothing was deleted: You cannot delete yourself');
  });

  it('resends the invitations of the selected invited people, picked across searches, and ignores the others', async () => {
    const people = [
      person(1, { status: 'INVITED', invite: { sentAt: null, expiresAt: '2026-12-01T00:00:00.000Z' } }),
      person(2),
      person(3, { status: 'INVITED', invite: null }),
    ];
    const { vm, invites } = setUp(people);
    await vm.start('ALL');
    await vm.searchNow('person1');
    vm.list.select(['u1']);
    await vm.searchNow('person');
    vm.list.select(['u1', 'u2', 'u3']);
    await vm.resendInvitations(vm.list.selected);
    expect(invites.resent).toEqual([['person1@acme.test', 'person3@acme.test']]);
    expect(vm.notice).toEqual({ type: 'success', text: 'Sent 2 invitations again' });
    expect(vm.list.selectedKeys).toEqual([]);
  });

  it('lets a workspace admin sign a person out everywhere, and says how many sessions ended', async () => {
    const { api, vm } = setUp();
    await vm.start('ALL');
    expect(vm.maySignOthersOut).toBe(true);
    await vm.signOutEverywhere(vm.list.items[0]!);
    expect(api.signedOut).toEqual(['u1']);
    expect(vm.notice).toEqual({ type: 'success', text: 'Signed person1@acme.test out everywhere (2 sessions ended)' });
  });

  it('offers a workspace admin "Unlock account" only for a locked person, and shows them unlocked after it', async () => {
    const lockedUntil = '2026-11-24T19:30:00.000Z';
    const { api, vm } = setUp([person(1), person(2, { lockedUntil })]);
    await vm.start('ALL');
    const [open, locked] = vm.list.items as [DirectoryUser, DirectoryUser];
    expect(vm.mayUnlock(open)).toBe(false);
    expect(vm.mayUnlock(locked)).toBe(true);
    await vm.openEdit(locked);
    await vm.unlock(locked);
    expect(api.unlocked).toEqual(['u2']);
    expect(vm.notice).toEqual({
      type: 'success',
      text: 'Unlocked person2@acme.test: they can sign in with a code again',
    });
    expect(vm.editing?.lockedUntil).toBeNull();
    expect(vm.list.items.find((u) => u.userId === 'u2')?.lockedUntil).toBeNull();
    expect(vm.mayUnlock(vm.editing!)).toBe(false);
  });

  it('does not offer "Unlock account" to an employer, and says why an unlock failed', async () => {
    const { api, vm, session } = setUp([person(1, { lockedUntil: '2026-11-24T19:30:00.000Z' })]);
    await vm.start('ALL');
    session.signedIn({ ...ADMIN, role: 'EMPLOYER' });
    expect(vm.mayUnlock(vm.list.items[0]!)).toBe(false);
    api.people = [];
    await vm.unlock(person(1));
    expect(vm.notice).toEqual({ type: 'error', text: 'There is no such user in this workspace' });
  });
});

describe('DirectoryViewModel: department lists while they load', () => {
  const names = (list: Department[]) => list.map((d) => d.departmentName);

  it('a unit filter picked before the start’s list of all departments arrives keeps that unit’s departments', async () => {
    const org = new DeferredOrganisationApi();
    const { vm } = setUp(undefined, org);
    void vm.start('ALL');
    void vm.setFilters({ businessUnit: 'pune' });
    expect(names(vm.departments)).toEqual([]);
    await org.answer('pune');
    expect(names(vm.departments)).toEqual(['Sales']);
    await org.answer('ALL'); // the start's answer, late
    expect(names(vm.departments)).toEqual(['Sales']);
  });

  it('offers "All departments" first in the filter, and says why the list is empty only by its filters', async () => {
    const org = new DeferredOrganisationApi();
    const { vm } = setUp([], org);
    void vm.start('ALL');
    await org.answer('ALL');
    expect(vm.departmentOptions.map((o) => o.label)).toEqual(['All departments', 'Human Resources', 'Sales']);
    expect(vm.departmentOptions[0]!.value).toBe('');
    expect(vm.emptyText).toBe('Nobody here yet: import or invite your people');
    void vm.setFilters({ role: 'EMPLOYEE' });
    expect(vm.emptyText).toBe('Nobody matches these filters');
  });

  it('the edit form’s departments follow the unit picked in it, not the person’s unit answering late', async () => {
    const org = new DeferredOrganisationApi();
    const { vm } = setUp(undefined, org);
    void vm.start('ALL');
    await org.answer('ALL');
    void vm.openEdit(person(1)); // in Headquarters
    void vm.loadEditDepartments('pune'); // the admin moves them to Pune at once
    expect(names(vm.editDepartments)).toEqual([]);
    await org.answer('pune');
    await org.answer('hq');
    expect(names(vm.editDepartments)).toEqual(['Sales']);
  });
});
