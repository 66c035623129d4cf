import { describe, expect, it } from 'vitest';
import { EMPLOYEE_MENU, WORKSPACE_ADMIN_MENU } from './expected-menus';
import { menuSections, NAVIGATION, navigationAreaOf, navigationFor } from '../../../src/domain/auth/navigation';
import { assignableRoles, mayManageRole, ROLE_LABELS, seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import {
  ALL_BUSINESS_UNITS,
  defaultBusinessUnit,
  selectableBusinessUnits,
} from '../../../src/domain/organisation/business-unit-selection';

describe('roles', () => {
  it('labels every role as the spec names it', () => {
    expect(ROLE_LABELS).toEqual({
      EMPLOYEE: 'Employee',
      WORKSPACE_ADMIN: 'Workspace Admin',
      BRANCH_ADMIN: 'Business Unit Admin',
      EMPLOYER: 'Employer',
    });
  });

  it('gives business-unit admins the restricted list (EMPLOYEE only) and employees nothing', () => {
    expect(assignableRoles('BRANCH_ADMIN')).toEqual(['EMPLOYEE']);
    expect(assignableRoles('EMPLOYEE')).toEqual([]);
    expect(assignableRoles('WORKSPACE_ADMIN')).toContain('EMPLOYER');
  });

  it('lets nobody give or take away a role above their own (equal rank allowed, lowest first)', () => {
    expect(assignableRoles('WORKSPACE_ADMIN')).toEqual(['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN']);
    expect(assignableRoles('EMPLOYER')).toEqual(['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER']);
    expect(mayManageRole('EMPLOYER', 'WORKSPACE_ADMIN')).toBe(false);
    expect(mayManageRole('EMPLOYER', 'EMPLOYER')).toBe(true);
    expect(mayManageRole('BRANCH_ADMIN', 'BRANCH_ADMIN')).toBe(false);
    expect(mayManageRole('BRANCH_ADMIN', 'EMPLOYER')).toBe(false);
    expect(mayManageRole('EMPLOYEE', 'EMPLOYEE')).toBe(false);
    expect(mayManageRole('WORKSPACE_ADMIN', 'WORKSPACE_ADMIN')).toBe(true);
  });

  it('lets workspace admins and employers see all business units, others only their own', () => {
    expect(seesAllBusinessUnits('WORKSPACE_ADMIN')).toBe(true);
    expect(seesAllBusinessUnits('EMPLOYER')).toBe(true);
    expect(seesAllBusinessUnits('BRANCH_ADMIN')).toBe(false);
    expect(seesAllBusinessUnits('EMPLOYEE')).toBe(false);
  });
});

describe('business-unit selector', () => {
  const units = [
    { branchId: 'hq', branchName: 'HQ' },
    { branchId: 'pune', branchName: 'Pune' },
  ];

  it('defaults to All Business Units for workspace admins and employers', () => {
    expect(defaultBusinessUnit('WORKSPACE_ADMIN', ['hq'])).toBe(ALL_BUSINESS_UNITS);
    expect(defaultBusinessUnit('EMPLOYER', [])).toBe(ALL_BUSINESS_UNITS);
  });

  it("defaults to the user's first unit otherwise", () => {
    expect(defaultBusinessUnit('BRANCH_ADMIN', ['pune', 'hq'])).toBe('pune');
    expect(defaultBusinessUnit('EMPLOYEE', [])).toBeNull();
  });

  it('offers only their own units to others', () => {
    expect(selectableBusinessUnits('BRANCH_ADMIN', units, ['pune'])).toEqual([
      { branchId: 'pune', branchName: 'Pune' },
    ]);
    expect(selectableBusinessUnits('EMPLOYER', units, [])).toHaveLength(2);
  });
});

describe('navigation by role', () => {
  it('shows employees the dashboard, their training, the complaint pages and the manual, and admins the admin areas too', () => {
    expect(navigationFor('EMPLOYEE').map((n) => n.key)).toEqual([...EMPLOYEE_MENU]);
    expect(navigationFor('WORKSPACE_ADMIN').map((n) => n.key)).toEqual([...WORKSPACE_ADMIN_MENU]);
    expect(navigationFor('EMPLOYER').map((n) => n.key)).toEqual(
      expect.arrayContaining(['business-units', 'departments']),
    );
    expect(navigationFor('EMPLOYER').map((n) => n.key)).not.toContain('branding');
    expect(navigationFor('BRANCH_ADMIN').map((n) => n.key)).toEqual(
      expect.arrayContaining(['business-units', 'departments']),
    );
    expect(navigationFor('BRANCH_ADMIN').map((n) => n.key)).not.toContain('workspace-settings');
    expect(navigationFor('EMPLOYER').map((n) => n.key)).not.toContain('security-log');
    expect(navigationFor('BRANCH_ADMIN').map((n) => n.key)).not.toContain('workflows');
    // Complaints: every member raises a concern; only the committee's setup and the counts are admins'.
    expect(navigationFor('BRANCH_ADMIN').map((n) => n.key)).not.toContain('complaint-figures');
    expect(navigationFor('EMPLOYEE', { 'concerned-authority': false }).map((n) => n.key)).toEqual([
      'dashboard',
      'my-training',
      'my-policies',
      'manual',
    ]);
    expect(navigationFor('BRANCH_ADMIN').map((n) => n.key)).not.toContain('policies');
  });
});

describe('the menu in groups', () => {
  it('puts each group’s items under its heading, with the start page and the manual on their own', () => {
    const sections = menuSections(navigationFor('WORKSPACE_ADMIN'));
    expect(sections.map((s) => s.title)).toEqual([
      null,
      'Training',
      'Policies',
      'Complaints',
      'People',
      'Organisation',
      null,
    ]);
    expect(sections.flatMap((s) => s.items.map((i) => i.key))).toEqual([...WORKSPACE_ADMIN_MENU]);
    expect(sections.find((s) => s.title === 'Complaints')!.items.map((i) => i.key)).toEqual([
      'concern',
      'complaints',
      'notice',
      'committees',
      'workflows',
      'complaint-figures',
    ]);
  });

  it('groups a menu that came over the wire by key, and drops a group with nothing in it', () => {
    const employee = navigationFor('EMPLOYEE').map(({ key, label, path }) => ({ key, label, path }));
    expect(menuSections(employee).map((s) => [s.title, s.items.map((i) => i.key)])).toEqual([
      [null, ['dashboard']],
      ['Training', ['my-training']],
      ['Policies', ['my-policies']],
      ['Complaints', ['concern', 'complaints', 'notice']],
      [null, ['manual']],
    ]);
    expect(menuSections([{ key: 'something-new' }])).toEqual([
      { key: 'item-something-new', title: null, items: [{ key: 'something-new' }] },
    ]);
  });

  it('keeps every group’s items together in the menu’s order, so no heading appears twice', () => {
    const titles = menuSections(NAVIGATION)
      .map((s) => s.title)
      .filter((t) => t !== null);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('the menu area of an address', () => {
  it('finds the deepest area an address lies in, segment by segment', () => {
    expect(navigationAreaOf('/people')?.key).toBe('people');
    expect(navigationAreaOf('/complaints/figures')?.key).toBe('complaint-figures');
    expect(navigationAreaOf('/complaints/C-1')?.key).toBe('complaints');
    expect(navigationAreaOf('/policies/mine/p1/2')?.key).toBe('my-policies');
    expect(navigationAreaOf('/organisation/permissions')?.key).toBe('permissions');
    expect(navigationAreaOf('/peoplex')).toBeUndefined();
    expect(navigationAreaOf('/profile')).toBeUndefined();
  });

  it('leaves the policy an employee reads to accept open to every member', () => {
    expect(navigationAreaOf('/policies/read/p1')).toBeUndefined();
    expect(navigationAreaOf('/policies')?.key).toBe('policies');
  });

  it('leaves the committee page and the returns to their screens: a presiding officer who is an employee works there', () => {
    expect(navigationAreaOf('/committees')).toBeUndefined();
    expect(navigationAreaOf('/compliance/returns')).toBeUndefined();
    expect(navigationAreaOf('/compliance')?.key).toBe('compliance');
    expect(navigationAreaOf('/committees/holidays')?.key).toBe('committees');
  });
});
