import { describe, expect, it } from 'vitest';
import { menuState, NAVIGATION, navigationFor } from '../../../src/domain/auth/navigation';
import { eligible, grantsOf, holds, PERMISSIONS } from '../../../src/domain/auth/permissions';
import { Role } from '../../../src/domain/auth/roles';

describe('the permission catalogue', () => {
  it("gives each role by default exactly today's areas, so nothing changes until an admin switches something", () => {
    expect(grantsOf('EMPLOYEE')).toEqual(['courses.learn', 'manual.read']);
    expect(grantsOf('WORKSPACE_ADMIN')).toEqual(PERMISSIONS.map((p) => p.key));
    expect(grantsOf('BRANCH_ADMIN')).not.toContain('workflows.design');
    expect(grantsOf('EMPLOYER')).not.toContain('audit.read');
  });

  it("keeps a workspace admin's permissions fixed, whatever is stored", () => {
    const overrides = { EMPLOYER: { 'people.manage': false } } as const;
    expect(holds('WORKSPACE_ADMIN', 'people.manage', overrides)).toBe(true);
    expect(holds('EMPLOYER', 'people.manage', overrides)).toBe(false);
    expect(holds('BRANCH_ADMIN', 'people.manage', overrides)).toBe(true);
  });

  it('never grants a permission to a role that cannot hold it, even if switched on', () => {
    expect(eligible('EMPLOYEE', 'people.manage')).toBe(false);
    expect(holds('EMPLOYEE', 'people.manage', { EMPLOYEE: { 'people.manage': true } })).toBe(false);
  });

  it('names a permission for every menu item that can be switched, held by every role that sees the item', () => {
    for (const item of NAVIGATION) {
      if (!item.permission) continue;
      for (const role of item.roles) expect(eligible(role, item.permission), `${item.key} for ${role}`).toBe(true);
    }
  });
});

describe('the menu with permissions', () => {
  it('drops an item whose permission is off for the role, and says why', () => {
    const overrides = { BRANCH_ADMIN: { 'invites.manage': false } };
    expect(navigationFor('BRANCH_ADMIN', undefined, overrides).map((n) => n.key)).not.toContain('users-import');
    expect(navigationFor('EMPLOYER', undefined, overrides).map((n) => n.key)).toContain('users-import');
    const item = NAVIGATION.find((n) => n.key === 'users-import')!;
    expect(menuState(item, 'BRANCH_ADMIN', undefined, overrides)).toBe('permission-off');
    expect(menuState(item, 'BRANCH_ADMIN', { courses: false })).toBe('on');
    expect(
      menuState(
        NAVIGATION.find((n) => n.key === 'courses')!,
        'BRANCH_ADMIN',
        { courses: false },
      ),
    ).toBe('module-off');
    expect(menuState(item, 'EMPLOYEE')).toBe('not-for-role');
  });

  it('is the same as before for every role when nothing is switched', () => {
    for (const role of Role.options) expect(navigationFor(role, undefined, {})).toEqual(navigationFor(role));
  });
});
