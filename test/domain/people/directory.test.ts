import { describe, expect, it } from 'vitest';
import {
  canSee,
  changeProblems,
  deleteProblem,
  type Actor,
  type ManagedUser,
} from '../../../src/domain/people/directory';

const admin: Actor = { userId: 'a', role: 'WORKSPACE_ADMIN', branchId: 'hq' };
const unitAdmin: Actor = { userId: 'b', role: 'BRANCH_ADMIN', branchId: 'pune' };
const employee = (branchId = 'pune'): ManagedUser => ({ userId: 'e', role: 'EMPLOYEE', branchId, status: 'ACTIVE' });
const adminUser: ManagedUser = { userId: 'a', role: 'WORKSPACE_ADMIN', branchId: 'hq', status: 'ACTIVE' };

describe('who may change whom in the directory', () => {
  it('lets business-unit admins see only their own unit', () => {
    expect(canSee(unitAdmin, { branchId: 'pune' })).toBe(true);
    expect(canSee(unitAdmin, { branchId: 'hq' })).toBe(false);
    expect(canSee(admin, { branchId: 'pune' })).toBe(true);
  });

  it('gives business-unit admins the restricted role list and keeps them in their unit', () => {
    expect(changeProblems(unitAdmin, employee(), { role: 'EMPLOYER' }, 2)).toHaveProperty('role');
    expect(changeProblems(unitAdmin, employee(), { role: 'EMPLOYEE' }, 2)).toEqual({});
    expect(changeProblems(unitAdmin, employee(), { branchId: 'hq' }, 2)).toHaveProperty('branchId');
    expect(changeProblems(unitAdmin, adminUser, { status: 'INACTIVE' }, 2).role).toMatch(
      /may not change a Workspace Admin/,
    );
  });

  it('lets nobody give, change, deactivate or delete a role above their own', () => {
    const employer: Actor = { userId: 'x', role: 'EMPLOYER', branchId: null };
    expect(changeProblems(employer, employee(), { role: 'WORKSPACE_ADMIN' }, 2).role).toMatch(
      /may not give the role Workspace Admin/,
    );
    expect(changeProblems(employer, adminUser, { status: 'INACTIVE' }, 2).role).toMatch(
      /may not change a Workspace Admin/,
    );
    expect(deleteProblem(employer, adminUser, 2)).toMatch(/may not delete a Workspace Admin/);
    expect(changeProblems(employer, employee(), { role: 'EMPLOYER' }, 2)).toEqual({});
    expect(changeProblems(employer, { ...employee(), role: 'EMPLOYER' }, { status: 'INACTIVE' }, 2)).toEqual({});
  });

  it('keeps at least one active workspace admin', () => {
    const other: Actor = { userId: 'x', role: 'WORKSPACE_ADMIN', branchId: null };
    expect(changeProblems(other, adminUser, { role: 'EMPLOYEE' }, 1).role).toMatch(/at least one/);
    expect(changeProblems(other, adminUser, { status: 'INACTIVE' }, 1).status).toMatch(/at least one/);
    expect(changeProblems(other, adminUser, { role: 'EMPLOYEE' }, 2)).toEqual({});
    expect(deleteProblem(other, adminUser, 1)).toMatch(/at least one/);
  });

  it('does not let anyone demote, deactivate or delete themselves', () => {
    expect(changeProblems(admin, adminUser, { role: 'EMPLOYEE' }, 3).role).toMatch(/your own role/);
    expect(changeProblems(admin, adminUser, { status: 'INACTIVE' }, 3).status).toMatch(/yourself/);
    expect(deleteProblem(admin, adminUser, 3)).toMatch(/yourself/);
    expect(changeProblems(admin, adminUser, { branchId: 'pune' }, 3)).toEqual({});
  });
});
