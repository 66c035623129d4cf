import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { SavePermissions } from '../../../src/application/organisation/permissions.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import { PermissionsViewModel } from '../../../src/ui/organisation/permissions.view-model';
import { ShellViewModel } from '../../../src/ui/shell/shell.view-model';
import type { NavigationApi } from '../../../src/application/auth/navigation-api.port';
import { FakePermissionsApi } from '../../fakes/permissions.fakes';

function vmWith(api = new FakePermissionsApi()) {
  return { api, vm: new PermissionsViewModel(api, new SavePermissions(api)) };
}

describe('PermissionsViewModel', () => {
  it('shows the matrix: defaults on, the admin column fixed, cells that never apply not switchable', async () => {
    const { vm } = vmWith();
    expect(vm.status).toBe('loading');
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(vm.isOn('EMPLOYER', 'people.manage')).toBe(true);
    expect(vm.canChange('EMPLOYER', 'people.manage')).toBe(true);
    expect(vm.canChange('WORKSPACE_ADMIN', 'people.manage')).toBe(false);
    expect(vm.applies('EMPLOYEE', 'people.manage')).toBe(false);
    expect(vm.canChange('EMPLOYEE', 'people.manage')).toBe(false);
    vm.set('WORKSPACE_ADMIN', 'people.manage', false);
    expect(vm.isOn('WORKSPACE_ADMIN', 'people.manage')).toBe(true);
    expect(vm.dirty).toBe(false);
  });

  it('saves only the changed switches, one call per changed role, and reads back what is stored', async () => {
    const { vm, api } = vmWith();
    await vm.load();
    vm.set('EMPLOYER', 'people.manage', false);
    vm.set('EMPLOYEE', 'manual.read', false);
    vm.set('BRANCH_ADMIN', 'courses.assign', false);
    vm.set('BRANCH_ADMIN', 'courses.assign', true); // back as it was: no change
    expect(vm.changes).toEqual([
      { role: 'EMPLOYEE', permissions: { 'manual.read': false } },
      { role: 'EMPLOYER', permissions: { 'people.manage': false } },
    ]);
    await vm.save();
    expect(api.calls.slice(1)).toEqual([
      'update EMPLOYEE {"manual.read":false}',
      'update EMPLOYER {"people.manage":false}',
    ]);
    expect(vm.notice?.type).toBe('success');
    expect(vm.dirty).toBe(false);
    expect(vm.isOn('EMPLOYER', 'people.manage')).toBe(false);
  });

  it('discards edits', async () => {
    const { vm } = vmWith();
    await vm.load();
    vm.set('EMPLOYER', 'workflows.design', false);
    expect(vm.dirty).toBe(true);
    vm.discard();
    expect(vm.dirty).toBe(false);
    expect(vm.isOn('EMPLOYER', 'workflows.design')).toBe(true);
  });

  it('explains a refused save and keeps the edits; a load failure is shown with its message', async () => {
    const { vm, api } = vmWith();
    await vm.load();
    vm.set('EMPLOYEE', 'manual.read', false);
    api.failNext = new ApiError('invalid', 'VALIDATION', 'Invalid body: permissions.manual.read', {
      'permissions.manual.read': 'Invalid value',
    });
    await vm.save();
    expect(vm.notice).toEqual({ type: 'error', message: 'Invalid body: permissions.manual.read' });
    expect(vm.dirty).toBe(true);
    expect(vm.saving).toBe(false);

    const failing = vmWith();
    failing.api.failLoad = true;
    await failing.vm.load();
    expect(failing.vm.status).toBe('error');
    expect(failing.vm.error).toBeTruthy();
  });
});

describe('ShellViewModel menu from the server', () => {
  const organisation = { businessUnits: async () => [] } as never;
  const workspaceSite = { isMainSite: false } as never;

  it('builds the menu from navigation v3, so a switched-off item is gone', async () => {
    const api: NavigationApi = {
      navigation: async () => ({
        navigations: [
          {
            key: 'dashboard',
            label: 'Dashboard',
            path: '/dashboard',
            icon: 'DashboardOutlined',
            description: 'Your start page',
            children: [],
          },
        ],
        enabledMenuFlags: { dashboard: true, manual: false },
        menuStates: { dashboard: 'on', manual: 'permission-off' },
        modules: {},
      }),
    };
    const vm = new ShellViewModel(organisation, api, workspaceSite);
    expect(vm.navigation.map((n) => n.key)).toEqual([
      'dashboard',
      'my-training',
      'my-policies',
      'concern',
      'complaints',
      'notice',
      'manual',
    ]); // the role's defaults until it arrives
    await vm.load('EMPLOYEE', []);
    await vm.loadMenu();
    expect(vm.navigation.map((n) => n.key)).toEqual(['dashboard']);
  });

  it('never asks on the main site, and keeps the default menu when the call fails', async () => {
    let asked = 0;
    const api: NavigationApi = {
      navigation: async () => {
        asked++;
        throw new ApiError('server-error', 'INTERNAL', 'The server could not complete this request');
      },
    };
    const main = new ShellViewModel(organisation, api, { isMainSite: true } as never);
    await main.loadMenu();
    expect(asked).toBe(0);
    const vm = new ShellViewModel(organisation, api, workspaceSite);
    await vm.load('EMPLOYEE', []);
    await vm.loadMenu();
    expect(asked).toBeGreaterThan(0);
    expect(vm.menuError).toBeTruthy();
    expect(vm.navigation.map((n) => n.key)).toEqual([
      'dashboard',
      'my-training',
      'my-policies',
      'concern',
      'complaints',
      'notice',
      'manual',
    ]);
  });
});
