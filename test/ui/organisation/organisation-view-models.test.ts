import 'reflect-metadata';
import { RemoveLogo } from '../../../src/application/organisation/remove-logo.use-case';
import { describe, expect, it } from 'vitest';
import {
  DeleteBusinessUnit,
  SaveBusinessUnit,
  SetBusinessUnitColour,
} from '../../../src/application/organisation/business-unit.use-cases';
import {
  AppointDepartmentManager,
  CreateDepartment,
  DeleteDepartments,
  RemoveDepartmentManager,
  RenameDepartment,
} from '../../../src/application/organisation/department.use-cases';
import {
  SaveWorkspaceSettings,
  SetWorkspaceColour,
  UploadLogo,
} from '../../../src/application/organisation/workspace-admin.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import { BrandingViewModel } from '../../../src/ui/organisation/branding.view-model';
import { BusinessUnitsViewModel } from '../../../src/ui/organisation/business-units.view-model';
import { DepartmentsViewModel } from '../../../src/ui/organisation/departments.view-model';
import { WorkspaceSettingsViewModel } from '../../../src/ui/organisation/workspace-settings.view-model';
import { ACME_SITE, FakeOrganisationApi } from '../../fakes/auth.fakes';
import { FakeBusinessUnitsApi, FakeDepartmentsApi, FakeWorkspaceAdminApi } from '../../fakes/organisation-admin.fakes';

function unitsVm() {
  const api = new FakeBusinessUnitsApi();
  const organisation = new FakeOrganisationApi();
  // The "move to" list reads every unit through the shared read port.
  organisation.businessUnits = async () => api.units.map((u) => ({ ...u, userCount: u.userCount }));
  const vm = new BusinessUnitsViewModel(
    api,
    organisation,
    new SaveBusinessUnit(api),
    new DeleteBusinessUnit(api),
    new SetBusinessUnitColour(api),
  );
  return { api, vm };
}

function departmentsVm() {
  const api = new FakeDepartmentsApi();
  const organisation = new FakeOrganisationApi();
  const vm = new DepartmentsViewModel(
    api,
    organisation,
    new CreateDepartment(api),
    new RenameDepartment(api),
    new DeleteDepartments(api),
    new AppointDepartmentManager(api),
    new RemoveDepartmentManager(api),
  );
  return { api, vm };
}

describe('BusinessUnitsViewModel', () => {
  it('loads a page (1 in the UI, 0 on the wire), searches on the server, and knows who may change units', async () => {
    const { api, vm } = unitsVm();
    vm.init('BRANCH_ADMIN');
    expect(vm.canManage).toBe(false);
    vm.init('EMPLOYER');
    expect(vm.canManage).toBe(true);
    await vm.load(1);
    expect(vm.list.status).toBe('ready');
    expect(vm.rows.map((r) => r.branchName)).toEqual(['Acme Headquarters', 'Acme Pune']);
    await vm.setSearch(' pune ');
    expect(api.calls.slice(-1)).toEqual(['list 0 pune']);
    expect(vm.rows.map((r) => r.branchName)).toEqual(['Acme Pune']);
  });

  it('creates a unit, closing the form and saying so; shows a taken name on its field', async () => {
    const { vm } = unitsVm();
    await vm.load(1);
    vm.openCreate();
    await vm.save({ branchName: 'Acme Pune' });
    expect(vm.editor).not.toBeNull();
    expect(vm.formFields.branchName).toBe('A business unit with this name exists already');
    await vm.save({ branchName: 'Acme Goa' });
    expect(vm.editor).toBeNull();
    expect(vm.notice).toEqual({ type: 'success', message: 'Business unit "Acme Goa" created.' });
    expect(vm.rows.map((r) => r.branchName)).toContain('Acme Goa');
  });

  it('asks where people go before deleting a unit with people, then moves them', async () => {
    const { api, vm } = unitsVm();
    await vm.load(1);
    await vm.askDelete(vm.list.items[1]);
    expect(vm.deleteSummary).toContain('10 people are in "Acme Pune"');
    expect(vm.deleteSummary).toContain('Its 3 departments will be deleted with it.');
    expect(vm.deletePlan).toEqual({ ok: true, needsTarget: true });
    expect(vm.moveOptions).toEqual([{ value: 'hq', label: 'Acme Headquarters (headquarters)' }]);
    await vm.confirmDelete();
    expect(vm.deleteError).toBe('Choose the business unit their people move to');
    expect(api.removed).toEqual([]);
    vm.chooseMoveTo('hq');
    await vm.confirmDelete();
    expect(vm.deleting).toBeNull();
    expect(vm.notice?.message).toBe('"Acme Pune" deleted. 10 people moved to "Acme Headquarters".');
    expect(vm.rows).toHaveLength(1);
    expect(vm.rows[0].userCount).toBe(40);
  });

  it('refuses to delete the headquarters and shows why', async () => {
    const { api, vm } = unitsVm();
    await vm.load(1);
    await vm.askDelete(vm.list.items[0]);
    expect(vm.deletePlan).toMatchObject({ ok: false, reason: 'headquarters' });
    await vm.confirmDelete();
    expect(vm.deleteError).toContain('cannot be deleted');
    expect(api.removed).toEqual([]);
  });

  it('shows a load error', async () => {
    const { api, vm } = unitsVm();
    api.list = async () => {
      throw new ApiError('forbidden', 'FORBIDDEN', 'You may not do this');
    };
    await vm.load(1);
    expect(vm.list.status).toBe('error');
    expect(vm.list.error).toBe('You may not do this');
  });

  it('pages through many units: a search starts again at page 1, deleting the last unit of a later page steps back', async () => {
    const { api, vm } = unitsVm();
    for (let n = 1; n <= 19; n++) {
      api.units.push({
        branchId: `b${n}`,
        branchName: `Branch ${String(n).padStart(2, '0')}`,
        headquarter: false,
        backgroundColor: null,
        userCount: 0,
        departmentCount: 0,
      });
    }
    await vm.load(2);
    expect(vm.list.total).toBe(21);
    expect(vm.rows.map((r) => r.branchName)).toEqual(['Branch 19']);
    await vm.setSearch('branch');
    expect(api.calls.at(-1)).toBe('list 0 branch');
    expect(vm.list.page).toBe(1);

    await vm.setSearch('');
    await vm.load(2);
    await vm.askDelete(vm.list.items[0]);
    await vm.confirmDelete();
    expect(vm.notice?.message).toBe('"Branch 19" deleted.');
    expect(api.calls.slice(-2)).toEqual(['remove b19', 'list 0 ']);
    expect(vm.list.page).toBe(1);
    expect(vm.rows).toHaveLength(20);
  });

  it('shows a new colour in place without reading the page again', async () => {
    const { api, vm } = unitsVm();
    await vm.load(1);
    const before = api.calls.length;
    await vm.setColour(vm.list.items[1], '#00AA55');
    expect(vm.rows[1].backgroundColor).toBe('#00aa55');
    expect(api.calls.slice(before)).toEqual(['colour pune 00aa55']);
  });
});

describe('DepartmentsViewModel', () => {
  it('starts on All Business Units for an admin, and on their own unit for a unit admin', async () => {
    const { api, vm } = departmentsVm();
    await vm.init('WORKSPACE_ADMIN');
    expect(vm.unitFilter).toBe('ALL');
    expect(vm.unitOptions[0]).toEqual({ value: 'ALL', label: 'All Business Units' });
    expect(api.queries[0]).toMatchObject({ page: 0, pageSize: 20, branchId: undefined });
    expect(vm.rows).toHaveLength(3);

    const unitAdmin = departmentsVm();
    await unitAdmin.vm.init('BRANCH_ADMIN');
    expect(unitAdmin.vm.canManage).toBe(false);
    expect(unitAdmin.vm.unitOptions.map((o) => o.value)).not.toContain('ALL');
  });

  it('filters by unit and searches', async () => {
    const { api, vm } = departmentsVm();
    await vm.init('WORKSPACE_ADMIN');
    await vm.filterByUnit('pune');
    expect(api.queries.at(-1)).toMatchObject({ branchId: 'pune', page: 0 });
    expect(vm.rows.map((r) => r.departmentId)).toEqual(['d3']);
    await vm.filterByUnit('ALL');
    await vm.setSearch('eng');
    expect(vm.rows.map((r) => r.departmentName)).toEqual(['Engineering']);
  });

  it('creates for all units and says in how many', async () => {
    const { vm } = departmentsVm();
    await vm.init('WORKSPACE_ADMIN');
    vm.openCreate();
    await vm.create({ departmentName: 'Finance', branchId: 'ALL' });
    expect(vm.createOpen).toBe(false);
    expect(vm.notice?.message).toBe('Department "Finance" created in 2 business units.');
  });

  it('says how many people lose their department before deleting, then deletes', async () => {
    const { api, vm } = departmentsVm();
    await vm.init('WORKSPACE_ADMIN');
    vm.list.select(['d1', 'd2']);
    vm.askDelete(vm.list.selected);
    expect(vm.peopleLosingDepartment).toBe(6);
    await vm.confirmDelete();
    expect(vm.notice?.message).toBe('2 departments deleted. 6 people lost their department.');
    expect(api.rows.map((d) => d.departmentId)).toEqual(['d3']);
    expect(vm.list.selectedKeys).toEqual([]);
  });

  it('starts again at page 1 when the unit or the search changes, and keeps selected only the rows the page shows', async () => {
    const { api, vm } = departmentsVm();
    for (let n = 1; n <= 20; n++) {
      api.rows.push({
        departmentId: `x${n}`,
        departmentName: `Team ${n}`,
        branchId: 'hq',
        branchName: 'Acme Headquarters',
        userCount: 1,
        managerCount: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    }
    await vm.init('WORKSPACE_ADMIN');
    vm.list.select(['d1', 'd2']);
    await vm.load(2);
    expect(api.queries.at(-1)).toMatchObject({ page: 1 });
    expect(vm.rows).toHaveLength(3);
    expect(vm.list.selected).toEqual([]);

    await vm.filterByUnit('hq');
    expect(api.queries.at(-1)).toMatchObject({ page: 0, branchId: 'hq' });
    await vm.load(2);
    await vm.setSearch('team');
    expect(api.queries.at(-1)).toMatchObject({ page: 0, branchId: 'hq', search: 'team' });
    expect(vm.list.page).toBe(1);
  });

  it('steps back a page after deleting every department of the last page', async () => {
    const { api, vm } = departmentsVm();
    for (let n = 1; n <= 19; n++) {
      api.rows.push({
        departmentId: `x${n}`,
        departmentName: `Team ${n}`,
        branchId: 'hq',
        branchName: 'Acme Headquarters',
        userCount: 0,
        managerCount: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    }
    await vm.init('WORKSPACE_ADMIN');
    await vm.load(2);
    vm.list.select(vm.list.items.map((d) => d.departmentId));
    vm.askDelete(vm.list.selected);
    expect(vm.pendingDelete).toHaveLength(2);
    await vm.confirmDelete();
    expect(api.queries.at(-1)).toMatchObject({ page: 0 });
    expect(vm.list.page).toBe(1);
    expect(vm.rows).toHaveLength(20);
  });

  it('manages the managers of a department in the drawer, searching people on the server', async () => {
    const { api, vm } = departmentsVm();
    await vm.init('WORKSPACE_ADMIN');
    await vm.managers.open(vm.list.items[0]);
    expect(vm.managers.list).toEqual([]);
    expect(vm.managers.candidateOptions).toHaveLength(2);
    await vm.managers.searchUsers('esha');
    expect(api.searches.at(-1)).toBe('esha');
    expect(vm.managers.candidateOptions).toEqual([
      { value: 'u-esha', label: 'Esha Employee <employee@acme.test> · Acme Headquarters' },
    ]);
    await vm.managers.add({ role: 'HEAD' });
    expect(vm.managers.formFields.userId).toBe('Choose a person');
    await vm.managers.add({ userId: 'u-esha', role: 'HEAD' });
    expect(vm.managers.notice?.message).toBe('Esha Employee appointed.');
    expect(vm.managers.list.map((m) => m.userId)).toEqual(['u-esha']);
    expect(vm.managers.appointed).toBe(1);
    await vm.managers.removeManager(vm.managers.list[0]);
    expect(vm.managers.list).toEqual([]);
    expect(vm.managers.notice?.message).toBe('Esha Employee is no longer a manager of Engineering.');
  });

  it('a department opened after another shows its own managers when the other’s list arrives late', async () => {
    const { api, vm } = departmentsVm();
    await vm.init('WORKSPACE_ADMIN');
    const [first, second] = vm.list.items;
    api.managerLists.set(first.departmentId, [
      {
        userId: 'u-esha',
        firstName: 'Esha',
        lastName: 'Employee',
        email: 'employee@acme.test',
        role: 'HEAD',
        appointedAt: '2026-01-03T00:00:00.000Z',
      },
    ]);
    let release!: () => void;
    api.managersDelay.set(first.departmentId, new Promise<void>((resolve) => (release = resolve)));
    const slow = vm.managers.open(first);
    vm.managers.close();
    await vm.managers.open(second);
    expect(vm.managers.status).toBe('ready');
    expect(vm.managers.list).toEqual([]);
    release();
    await slow;
    expect(vm.managers.department).toBe(second);
    expect(vm.managers.list).toEqual([]);
  });

  it('keeps the newest search when an older answer arrives late', async () => {
    const { api, vm } = departmentsVm();
    let release!: () => void;
    api.searchDelay.set('e', new Promise<void>((resolve) => (release = resolve)));
    const slow = vm.managers.searchUsers('e');
    await vm.managers.searchUsers('emil');
    release();
    await slow;
    expect(vm.managers.candidates.map((c) => c.userId)).toEqual(['u-emil']);
  });
});

describe('BrandingViewModel', () => {
  function brandingVm() {
    const api = new FakeWorkspaceAdminApi();
    const units = new FakeBusinessUnitsApi();
    const organisation = new FakeOrganisationApi();
    const vm = new BrandingViewModel(
      organisation,
      ACME_SITE,
      new SetWorkspaceColour(api),
      new UploadLogo(api),
      new RemoveLogo(api),
      new SetBusinessUnitColour(units),
    );
    return { api, units, vm };
  }

  it('previews a colour before saving it, ignoring what is not yet a colour', async () => {
    const { api, vm } = brandingVm();
    await vm.load();
    expect(vm.previewColour).toBe('#1f6feb');
    expect(vm.dirty).toBe(false);
    vm.tryColour('#0a7b8');
    expect(vm.previewColour).toBe('#1f6feb');
    vm.tryColour('#0A7B83');
    expect(vm.previewColour).toBe('#0a7b83');
    expect(vm.dirty).toBe(true);
    await vm.saveColour();
    expect(api.colour).toBe('#0a7b83');
    expect(vm.dirty).toBe(false);
    expect(vm.notice?.type).toBe('success');
  });

  it('uploads a logo and shows it; refuses an SVG with a message', async () => {
    const { vm } = brandingVm();
    await vm.load();
    await vm.chooseLogo(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(vm.logoError).toContain('SVG is not accepted');
    await vm.chooseLogo(new File([new Uint8Array(20)], 'logo.png', { type: 'image/png' }));
    expect(vm.logoError).toBeNull();
    expect(vm.profile?.companyLogo).toBe('/main-api/api/workspace/logo/abcdef0123456789');
    await vm.removeLogo();
    expect(vm.profile?.companyLogo).toBeNull();
  });

  it("saves a unit's colour", async () => {
    const { units, vm } = brandingVm();
    await vm.load();
    await vm.saveUnitColour(vm.units[1], '#aa3355');
    expect(units.calls).toContain('colour pune aa3355');
    expect(vm.units[1].backgroundColor).toBe('#aa3355');
    await vm.saveUnitColour(vm.units[1], 'nope');
    expect(vm.notice).toEqual({ type: 'error', message: 'Give a colour like #1f6feb' });
  });
});

describe('WorkspaceSettingsViewModel', () => {
  it('loads and saves the settings', async () => {
    const api = new FakeWorkspaceAdminApi();
    const vm = new WorkspaceSettingsViewModel(api, new SaveWorkspaceSettings(api));
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(vm.bulkSignUpEnabled).toBe(false);
    await vm.save({ bulkSignUpEnabled: true, socialPlatformSet: ['MICROSOFT'] });
    expect(vm.bulkSignUpEnabled).toBe(true);
    expect(vm.socialPlatformSet).toEqual(['MICROSOFT']);
    expect(vm.notice).toEqual({ type: 'success', message: 'Sign-in and session settings saved.' });
  });

  it('shows a sign-in method the server is not configured for as disabled, saying what to set, and names a refusal on the field', async () => {
    const api = new FakeWorkspaceAdminApi();
    api.current = { ...api.current, availableSocialPlatforms: ['MICROSOFT'] };
    const vm = new WorkspaceSettingsViewModel(api, new SaveWorkspaceSettings(api));
    await vm.load();
    expect(vm.signInMethodChoices).toEqual([
      {
        value: 'GOOGLE',
        label: 'Google',
        disabled: true,
        note: 'Google sign-in is not configured on this server: whoever runs it must set OIDC_GOOGLE_CLIENT_ID and OIDC_GOOGLE_CLIENT_SECRET first.',
      },
      { value: 'MICROSOFT', label: 'Microsoft', disabled: false, note: null },
    ]);
    await vm.save({ socialPlatformSet: ['GOOGLE'] });
    expect(vm.fieldErrors.socialPlatformSet).toContain('OIDC_GOOGLE_CLIENT_ID');
    expect(vm.socialPlatformSet).toEqual([]);
  });
});

describe('the security log with admin actions', () => {
  it('switches between security events and admin actions, with readable names and details', async () => {
    const { SecurityLogViewModel } = await import('../../../src/ui/security/security-log.view-model');
    const asked: unknown[] = [];
    const events = [
      {
        id: '1',
        at: '2026-11-23T01:00:00.000Z',
        action: 'SIGN_IN',
        actor: 'admin@acme.test',
        target: null,
        ip: null,
        details: {},
      },
      {
        id: '2',
        at: '2026-11-23T01:01:00.000Z',
        action: 'branch.deleted',
        actor: 'admin@acme.test',
        target: 'b1',
        ip: null,
        details: { branchName: 'Acme Goa', movedUsers: 2 },
      },
    ];
    const vm = new SecurityLogViewModel({
      async events(query) {
        asked.push(query);
        const items = events.filter((e) => !query.category || (query.category === 'admin') === e.action.includes('.'));
        return { items, page: query.page, pageSize: query.pageSize, total: items.length };
      },
    });
    await vm.load(1);
    await vm.filterBy('SIGN_IN');
    await vm.showCategory('admin');
    expect(vm.action).toBeUndefined();
    expect(asked.at(-1)).toEqual({ page: 0, pageSize: 20, action: undefined, category: 'admin' });
    expect(vm.tableRows.map((r) => [r.label, r.summary])).toEqual([
      ['Business unit deleted', 'branchName: Acme Goa · movedUsers: 2'],
    ]);
    expect(vm.actionOptions.map((o) => o.value)).toContain('department.manager-added');
    expect(vm.actionOptions.map((o) => o.value)).not.toContain('SIGN_IN');
  });
});
