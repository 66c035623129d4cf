import 'reflect-metadata';
import { RemoveFromAllowList } from '../../../src/application/platform-tools/remove-from-allow-list.use-case';
import { describe, expect, it } from 'vitest';
import { AddToAllowList, ImportAllowList } from '../../../src/application/platform-tools/allow-list.use-cases';
import {
  CreateFeatureFlag,
  DeleteFeatureFlag,
  SetFeatureFlagWorkspaces,
  UpdateFeatureFlagValue,
} from '../../../src/application/platform-tools/feature-flags.use-cases';
import { SaveIpRanges } from '../../../src/application/platform-tools/ip-ranges.use-case';
import { FindUserRecord, UpdateWorkspaceUser } from '../../../src/application/platform-tools/platform-users.use-cases';
import { PublishUserManual } from '../../../src/application/platform-tools/user-manual.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import { ManualViewModel } from '../../../src/ui/manual/manual.view-model';
import { AllowListViewModel } from '../../../src/ui/platform-tools/allow-list.view-model';
import { FlagsViewModel } from '../../../src/ui/platform-tools/flags.view-model';
import { IpRangesViewModel } from '../../../src/ui/platform-tools/ip-ranges.view-model';
import { ALL_WORKSPACES, ManualPublishViewModel } from '../../../src/ui/platform-tools/manual-publish.view-model';
import { PlatformUsersViewModel } from '../../../src/ui/platform-tools/users.view-model';
import {
  ACME,
  FakeAllowListApi,
  FakeFlagAdminApi,
  FakeIpRangesApi,
  FakePlatformUsersApi,
  FakeUserManualApi,
  FakeWorkspaceDirectory,
  GLOBEX,
} from '../../fakes/platform-tools.fakes';

function flagsVm(api = new FakeFlagAdminApi()) {
  return {
    api,
    vm: new FlagsViewModel(
      api,
      new FakeWorkspaceDirectory(),
      new CreateFeatureFlag(api),
      new UpdateFeatureFlagValue(api),
      new SetFeatureFlagWorkspaces(api),
      new DeleteFeatureFlag(api),
    ),
  };
}

describe('FlagsViewModel', () => {
  it('lists every flag as plain rows, filterable by key or workspace, with the workspaces to pick from', async () => {
    const { api, vm } = flagsVm();
    api.flags[0].enabledWorkspaces = [{ workspaceUrl: 'globex.localhost' }];
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(vm.rows).toEqual([
      { key: 'elevateip', value: 'on', workspaces: ['globex.localhost'], closing: true, deletable: false },
      { key: 'maintenance', value: 'on', workspaces: [], closing: true, deletable: false },
    ]);
    expect(vm.workspaces.byUrl.map((o) => o.value)).toEqual(['acme.localhost', 'globex.localhost']);
    vm.setFilter('globex');
    expect(vm.rows.map((r) => r.key)).toEqual(['elevateip']);
  });

  it('deletes a flag after the confirmation, and never a built-in one', async () => {
    const { api, vm } = flagsVm();
    await api.create('banner', 'on');
    await vm.load();
    expect(vm.rows.find((r) => r.key === 'banner')!.deletable).toBe(true);
    vm.askDelete('banner');
    expect(vm.deleting).toMatchObject({ key: 'banner' });
    vm.cancelDelete();
    expect(vm.deleting).toBeNull();
    expect(api.flags.map((f) => f.key)).toContain('banner');
    vm.askDelete('banner');
    await vm.confirmDelete();
    expect(api.calls).toContain('delete banner');
    expect(vm.rows.map((r) => r.key)).toEqual(['elevateip', 'maintenance']);
    expect(vm.deleting).toBeNull();
    expect(vm.notice?.message).toBe('Flag "banner" deleted.');
    // A built-in flag is refused before anything is sent, and stays.
    vm.askDelete('maintenance');
    await vm.confirmDelete();
    expect(vm.deleteError).toContain('cannot be deleted');
    expect(api.calls.filter((c) => c.startsWith('delete'))).toEqual(['delete banner']);
    expect(vm.rows.map((r) => r.key)).toContain('maintenance');
  });

  it('creates a flag and shows the conflict on the form when the key exists', async () => {
    const { vm } = flagsVm();
    await vm.load();
    vm.openCreate();
    await vm.create({ key: 'banner', value: 'on' });
    expect(vm.createOpen).toBe(false);
    expect(vm.rows.map((r) => r.key)).toEqual(['banner', 'elevateip', 'maintenance']);
    expect(vm.notice?.message).toContain('Flag "banner" created');
    vm.openCreate();
    await vm.create({ key: 'banner', value: 'on' });
    expect(vm.createOpen).toBe(true);
    expect(vm.createFields.key).toBe('A flag with this key exists');
  });

  it('asks before turning maintenance on, changes nothing when cancelled, and saves once confirmed', async () => {
    const { api, vm } = flagsVm();
    await vm.load();
    vm.openEdit('maintenance');
    await vm.save({ value: 'on', workspaceUrls: ['acme.localhost'] });
    expect(vm.confirmation).toMatchObject({ title: 'Maintenance mode', workspaces: ['acme.localhost'] });
    expect(api.calls).toEqual(['list']);
    vm.cancelConfirmation();
    expect(vm.confirmation).toBeNull();
    expect(api.flags.find((f) => f.key === 'maintenance')!.enabledWorkspaces).toEqual([]);
    await vm.save({ value: 'on', workspaceUrls: ['acme.localhost'] });
    await vm.confirm();
    expect(api.flags.find((f) => f.key === 'maintenance')!.enabledWorkspaces).toEqual([
      { workspaceUrl: 'acme.localhost' },
    ]);
    expect(vm.editing).toBeNull();
    expect(vm.rows.find((r) => r.key === 'maintenance')!.workspaces).toEqual(['acme.localhost']);
  });

  it('saves a new value with the workspaces, and shows a load failure', async () => {
    const { api, vm } = flagsVm();
    await vm.load();
    vm.openEdit('elevateip');
    await vm.save({ value: 'off', workspaceUrls: [] });
    expect(api.calls).toContain('update elevateip=off');
    expect(vm.rows.find((r) => r.key === 'elevateip')!.value).toBe('off');
    api.failNext = new ApiError('server-error', 'INTERNAL', 'The server could not complete this request');
    await vm.load();
    expect(vm.status).toBe('error');
    expect(vm.error).toBe('The server could not complete this request');
  });
});

describe('IpRangesViewModel', () => {
  it('loads a workspace’s ranges by its address, names a bad range, and saves good ones', async () => {
    const api = new FakeIpRangesApi();
    api.ranges.set(GLOBEX.workspaceId, [{ cidr: '192.0.2.0/24', label: 'Office' }]);
    const vm = new IpRangesViewModel(api, new FakeWorkspaceDirectory(), new SaveIpRanges(api));
    await vm.load('globex.localhost');
    expect(vm.workspace?.companyName).toBe('Globex');
    expect(vm.ranges).toEqual([{ cidr: '192.0.2.0/24', label: 'Office' }]);
    await vm.save([{ cidr: '300.1.1.1' }]);
    expect(vm.rangeError(0)).toContain('CIDR');
    await vm.save([{ cidr: '198.51.100.7', label: '' }]);
    expect(vm.saved).toBe(1);
    expect(vm.ranges).toEqual([{ cidr: '198.51.100.7/32', label: '' }]);
  });

  it('says so when no workspace has the address', async () => {
    const api = new FakeIpRangesApi();
    const vm = new IpRangesViewModel(api, new FakeWorkspaceDirectory(), new SaveIpRanges(api));
    await vm.load('nowhere.localhost');
    expect(vm.loaded.status).toBe('error');
    expect(vm.loaded.error).toContain('nowhere.localhost');
  });
});

describe('ManualPublishViewModel and ManualViewModel', () => {
  it('shows the current manual of the chosen scope, publishes one, and a workspace member then reads it', async () => {
    const api = new FakeUserManualApi();
    const vm = new ManualPublishViewModel(api, new FakeWorkspaceDirectory(), new PublishUserManual(api));
    await vm.start();
    expect(vm.scope).toBe(ALL_WORKSPACES);
    expect(vm.current).toBeNull();
    expect(vm.scopeOptions.map((o) => o.label)).toEqual([
      'All workspaces',
      'Acme (acme.localhost)',
      'Globex (globex.localhost)',
    ]);
    await vm.publish({ format: 'MARKDOWN', markdown: '# Welcome' });
    expect(vm.notice).toBe('Published for every workspace.');
    expect(vm.current).toMatchObject({ format: 'MARKDOWN', markdown: '# Welcome' });

    const reader = new ManualViewModel(api);
    await reader.load();
    expect(reader.manual.value).toMatchObject({ markdown: '# Welcome' });

    await vm.choose(ACME.workspaceId);
    expect(vm.current).toBeNull();
    expect(vm.scopeLabel).toBe('Acme');
    await vm.publish({ format: 'MARKDOWN', markdown: '' });
    expect(vm.fields.markdown).toBe('Write the manual');
    await vm.publish({ format: 'PDF', file: { name: 'acme.pdf', content: new Blob(['%PDF-1.7']) } });
    expect(vm.notice).toBe('Published for Acme.');
    await reader.load();
    expect(reader.manual.value).toMatchObject({ format: 'PDF', fileName: 'acme.pdf' });
  });

  it('shows an empty state and a load error to the reader', async () => {
    const api = new FakeUserManualApi();
    const reader = new ManualViewModel(api);
    await reader.load();
    expect(reader.manual.status).toBe('ready');
    expect(reader.manual.value).toBeNull();
    api.failNext = new ApiError('server-error', 'MAINTENANCE', 'Under maintenance');
    await reader.load();
    expect(reader.manual.status).toBe('error');
    expect(reader.manual.error).toBe('Under maintenance');
  });
});

describe('AllowListViewModel', () => {
  function vmWith(api = new FakeAllowListApi()) {
    return {
      api,
      vm: new AllowListViewModel(
        api,
        new FakeWorkspaceDirectory(),
        new AddToAllowList(api),
        new ImportAllowList(api),
        new RemoveFromAllowList(api),
      ),
    };
  }

  it('pages on the server (zero-based on the wire), adds, searches and removes', async () => {
    const { api, vm } = vmWith();
    await vm.workspaces.search('');
    await vm.choose(ACME.workspaceId);
    expect(vm.list.status).toBe('ready');
    expect(vm.rows).toEqual([]);
    await vm.add('Ana@Example.com');
    expect(vm.notice?.message).toBe('ana@example.com may now sign up to Acme.');
    expect(vm.rows).toEqual([expect.objectContaining({ entry: 'ana@example.com', kind: 'Address' })]);
    await vm.add('ana@example.com');
    expect(vm.addError).toBe('ana@example.com is already on the list');
    for (let i = 0; i < 25; i++) await api.add(ACME.workspaceId, `p${i}@example.com`);
    await vm.load(2);
    expect(api.calls.at(-1)).toBe(`list ${ACME.workspaceId} 1 `);
    expect(vm.rows).toHaveLength(6);
    await vm.search('ana');
    expect(vm.list.total).toBe(1);
    await vm.remove(vm.rows[0].entryId);
    expect(vm.notice?.message).toBe('ana@example.com was removed from the list.');
    expect(vm.list.total).toBe(0);
  });

  it('reports an upload: what was added, or every bad line', async () => {
    const { api, vm } = vmWith();
    await vm.choose(ACME.workspaceId);
    await vm.upload({ name: 'list.csv', content: new Blob(['a@b.com\n']) });
    expect(vm.notice?.message).toBe('list.csv: 2 added.');
    api.uploadAnswer = new ApiError(
      'invalid',
      'INVALID_LINES',
      '1 line is not an email address or @domain (line 4). Nothing was added.',
      { 'line.4': 'Not an email address or @domain: nope' },
    );
    await vm.upload({ name: 'list.csv', content: new Blob(['nope\n']) });
    expect(vm.uploadError).toContain('Nothing was added');
    expect(vm.uploadProblems).toEqual([{ line: 4, reason: 'Not an email address or @domain: nope' }]);
  });
});

describe('PlatformUsersViewModel', () => {
  it('finds a user, saves a fixed name and shows the course record as plain rows', async () => {
    const api = new FakePlatformUsersApi();
    const vm = new PlatformUsersViewModel(
      new FakeWorkspaceDirectory(),
      new FindUserRecord(api),
      new UpdateWorkspaceUser(api),
    );
    await vm.find('lakshmi.iyer31@acme.test');
    expect(vm.searchError).toBe('Choose a workspace first');
    vm.choose(ACME.workspaceId);
    await vm.find('ghost@acme.test');
    expect(vm.searchError).toBe('No user with the email ghost@acme.test in this workspace');
    await vm.find('lakshmi.iyer31@acme.test');
    expect(vm.record?.user.firstName).toBe('Lakshmi');
    expect(vm.courseRows).toEqual([
      {
        key: 'c1',
        title: 'Preventing Sexual Harassment at Work',
        status: 'Completed',
        progress: '100%',
        assigned: '5 Jan 2026',
        completed: '20 Jan 2026',
      },
      {
        key: 'c2',
        title: 'Bystander basics',
        status: 'In progress',
        progress: '—',
        assigned: '1 Feb 2026',
        completed: '—',
      },
    ]);
    const fixes = {
      firstName: 'Lakshmi',
      lastName: 'Iyer-Rao',
      email: 'lakshmi.iyer31@acme.test',
      role: 'EMPLOYEE' as const,
      status: 'ACTIVE' as const,
    };
    await vm.save(fixes);
    expect(vm.notice).toBe('Lakshmi Iyer-Rao was saved.');
    expect(vm.record?.user.lastName).toBe('Iyer-Rao');
    await vm.save({ ...fixes, email: 'admin@acme.test' });
    expect(vm.fields.email).toBe('Already used in this workspace');
  });
});
