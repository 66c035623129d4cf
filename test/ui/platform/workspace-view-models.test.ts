import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { CreateWorkspace } from '../../../src/application/platform/create-workspace.use-case';
import { DeleteWorkspace } from '../../../src/application/platform/delete-workspace.use-case';
import {
  ChangeWorkspaceUrl,
  SetContractExpiry,
  SetUserLimit,
  SwitchWorkspaceModule,
} from '../../../src/application/platform/workspace-settings.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { WorkspaceDetailsViewModel } from '../../../src/ui/platform/workspace-details.view-model';
import { describeContract, WorkspaceListViewModel } from '../../../src/ui/platform/workspace-list.view-model';
import { ShellViewModel } from '../../../src/ui/shell/shell.view-model';
import { FakeWorkspaceAdminApi, workspace } from '../../fakes/workspace-admin.fakes';

function detailsVm(api: FakeWorkspaceAdminApi) {
  return new WorkspaceDetailsViewModel(
    api,
    new SetUserLimit(api),
    new SetContractExpiry(api),
    new ChangeWorkspaceUrl(api),
    new SwitchWorkspaceModule(api),
    new DeleteWorkspace(api),
  );
}

describe('WorkspaceListViewModel', () => {
  it('loads a page (zero-based on the wire), searches from the first page, and says when nothing matches', async () => {
    const api = new FakeWorkspaceAdminApi();
    const vm = new WorkspaceListViewModel(api, new CreateWorkspace(api));
    await vm.load(1);
    expect(vm.list.status).toBe('ready');
    expect(vm.rows.map((r) => [r.companyName, r.users, r.contract])).toEqual([
      ['Acme', '4', 'Open-ended'],
      ['Globex', '4', 'Open-ended'],
    ]);
    await vm.searchFor(' globex ');
    expect(vm.rows.map((r) => r.companyName)).toEqual(['Globex']);
    expect(vm.list.page).toBe(1);
    await vm.searchFor('nothing');
    expect(vm.rows).toEqual([]);
    expect(vm.emptyText).toBe('No workspace matches “nothing”');
    expect(api.calls).toEqual(['list 0 20', 'list 0 20 globex', 'list 0 20 nothing']);
    await vm.load(3, 50);
    expect(api.calls.at(-1)).toBe('list 2 50 nothing');
  });

  it('shows a load failure, and a refused create beside its fields; a good create is remembered to open it', async () => {
    const api = new FakeWorkspaceAdminApi();
    const vm = new WorkspaceListViewModel(api, new CreateWorkspace(api));
    api.failNext = new ApiError('server-error', 'INTERNAL', 'The server could not complete this request');
    await vm.load(1);
    expect(vm.list.status).toBe('error');
    expect(vm.list.error).toBe('The server could not complete this request');

    vm.openCreate();
    const values = {
      companyName: 'Initech',
      workspaceUrl: 'acme.localhost',
      adminEmail: 'bill@initech.test',
      adminFirstName: 'Bill',
    };
    await vm.create(values);
    expect(vm.createOpen).toBe(true);
    expect(vm.createFields).toEqual({ workspaceUrl: 'Already used by Acme' });
    expect(vm.creating).toBe(false);
    await vm.create({ ...values, workspaceUrl: 'initech.localhost' });
    expect(vm.createOpen).toBe(false);
    expect(vm.created).toMatchObject({ companyName: 'Initech', invitedCount: 1 });
  });

  it('describes a contract by how near its end is', () => {
    expect(describeContract('2026-12-01', '2026-11-23')).toBe('Ends 2026-12-01 (8 days left)');
    expect(describeContract('2026-11-22', '2026-11-23')).toBe('Expired (last day 2026-11-22)');
    expect(describeContract('2028-01-01', '2026-11-23')).toBe('Until 2028-01-01');
  });
});

describe('WorkspaceDetailsViewModel', () => {
  it('shows the figures and switches a module, saying what changed', async () => {
    const api = new FakeWorkspaceAdminApi();
    const acme = api.workspaces[0];
    const vm = detailsVm(api);
    await vm.load(acme.workspaceId);
    expect(vm.status).toBe('ready');
    expect(vm.users).toBe('4');
    expect(vm.modules.map((m) => [m.label, m.on])).toEqual([
      ['Courses and policies', true],
      ['Concerned authority', true],
      ['Compliance', true],
    ]);
    await vm.switchModule('courses', false);
    expect(vm.modules[0].on).toBe(false);
    expect(vm.notice).toEqual({ type: 'success', message: 'Courses and policies is now off for Acme.' });
    expect(vm.busy).toBeNull();
  });

  it('saves a user limit and a contract date, and shows a refusal beside its field', async () => {
    const api = new FakeWorkspaceAdminApi();
    const vm = detailsVm(api);
    await vm.load(api.workspaces[0].workspaceId);
    expect(await vm.saveUserLimit(25)).toBe(true);
    expect(vm.users).toBe('4 of 25');
    expect(vm.notice?.message).toBe('The user limit is now 25.');
    expect(await vm.saveUserLimit(0)).toBe(false);
    expect(vm.fieldErrors.userLimit).toBeTruthy();
    expect(vm.notice?.type).toBe('error');
    await vm.saveContractExpiry('2030-01-31');
    expect(vm.contract).toBe('Until 2030-01-31');
    await vm.saveUrl('globex.localhost');
    expect(vm.fieldErrors).toEqual({ workspaceUrl: 'Already used' });
  });

  it('deletes only after the name is typed, then says it is gone', async () => {
    const api = new FakeWorkspaceAdminApi();
    const vm = detailsVm(api);
    await vm.load(api.workspaces[1].workspaceId);
    vm.openDelete();
    vm.setTypedName('globex');
    expect(vm.canDelete).toBe(false);
    await vm.confirmDelete();
    expect(vm.deleteError).toBe('Type Globex to confirm');
    expect(vm.deleted).toBe(false);
    vm.setTypedName('Globex');
    expect(vm.canDelete).toBe(true);
    await vm.confirmDelete();
    expect(vm.deleted).toBe(true);
    expect(vm.deleteOpen).toBe(false);
    expect(api.workspaces.map((w) => w.companyName)).toEqual(['Acme']);
  });

  it('shows an unknown workspace as an error', async () => {
    const vm = detailsVm(new FakeWorkspaceAdminApi());
    await vm.load(workspace().workspaceId);
    expect(vm.status).toBe('error');
    expect(vm.error).toBe('There is no such workspace');
  });
});

describe('ShellViewModel (modules and contract)', () => {
  const organisation = { businessUnits: async () => [] } as never;
  it('leaves switched-off modules out of the menu', async () => {
    const vm = new ShellViewModel(organisation);
    await vm.load('WORKSPACE_ADMIN', [], {
      modules: { courses: false, 'concerned-authority': true, compliance: true },
    });
    expect(vm.navigation.map((n) => n.key)).not.toContain('courses');
    expect(vm.navigation.map((n) => n.key)).toContain('workflows');
  });

  it('warns workspace admins, and only them, in the last 30 days of the contract', async () => {
    const vm = new ShellViewModel(organisation);
    await vm.load('WORKSPACE_ADMIN', [], { contractExpiresOn: '2026-12-03' });
    vm.today = '2026-11-23';
    expect(vm.contractWarning).toContain('ends in 10 days (last day 2026-12-03)');
    vm.today = '2026-10-01';
    expect(vm.contractWarning).toBeNull();
    const employee = new ShellViewModel(organisation);
    await employee.load('EMPLOYEE', [], { contractExpiresOn: '2026-12-03' });
    employee.today = '2026-11-23';
    expect(employee.contractWarning).toBeNull();
  });
});
