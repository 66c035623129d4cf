import { z } from 'zod';
import { mayManageRole, ROLE_LABELS, seesAllBusinessUnits, type Role } from '../auth/roles';

export const UserStatus = z.enum(['INVITED', 'ACTIVE', 'INACTIVE']);
export type UserStatus = z.infer<typeof UserStatus>;

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  INVITED: 'Invited',
  ACTIVE: 'Active',
  INACTIVE: 'Deactivated',
};

export const DirectorySort = z.enum(['name', 'email', 'joined', 'role', 'status', 'created']);
export type DirectorySort = z.infer<typeof DirectorySort>;

/** The directory's filters, shared by the list, the search and the bulk actions. */
export const DirectoryFilterFields = {
  branchId: z.string().uuid().optional(),
  departmentId: z.string().uuid().optional(),
  role: z.enum(['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER']).optional(),
  status: UserStatus.optional(),
  joinedFrom: z.iso.date().optional(),
  joinedTo: z.iso.date().optional(),
};

export interface Actor {
  userId: string;
  role: Role;
  branchId: string | null;
}

export interface ManagedUser {
  userId: string;
  role: Role;
  branchId: string | null;
  status: UserStatus;
}

export interface UserChange {
  branchId?: string;
  role?: Role;
  status?: 'ACTIVE' | 'INACTIVE';
}

/** Whether the actor may see this user at all: admins of a business unit see only their unit's people. */
export function canSee(actor: Actor, target: { branchId: string | null }): boolean {
  return seesAllBusinessUnits(actor.role) || (actor.branchId !== null && target.branchId === actor.branchId);
}

/**
 * Why the actor may not make this change, field by field (empty when allowed). `activeAdmins` is the number of
 * active workspace admins now, so the last one cannot be demoted, deactivated or deleted.
 */
export function changeProblems(
  actor: Actor,
  target: ManagedUser,
  change: UserChange,
  activeAdmins: number,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!mayManageRole(actor.role, target.role)) {
    problems.role = `A ${ROLE_LABELS[actor.role]} may not change a ${ROLE_LABELS[target.role]}`;
    return problems;
  }
  const self = actor.userId === target.userId;
  if (change.role !== undefined && change.role !== target.role) {
    if (self) problems.role = 'You cannot change your own role';
    else if (!mayManageRole(actor.role, change.role))
      problems.role = `A ${ROLE_LABELS[actor.role]} may not give the role ${ROLE_LABELS[change.role]}`;
  }
  if (change.status === 'INACTIVE' && target.status !== 'INACTIVE' && self)
    problems.status = 'You cannot deactivate yourself';
  if (change.branchId !== undefined && change.branchId !== target.branchId && !seesAllBusinessUnits(actor.role)) {
    problems.branchId = 'Only a workspace admin or employer may move people to another business unit';
  }
  const losesAdmin =
    target.role === 'WORKSPACE_ADMIN' &&
    target.status === 'ACTIVE' &&
    ((change.role !== undefined && change.role !== 'WORKSPACE_ADMIN') || change.status === 'INACTIVE');
  if (losesAdmin && activeAdmins <= 1 && !problems.role && !problems.status) {
    problems[change.status === 'INACTIVE' ? 'status' : 'role'] =
      'The workspace must keep at least one active workspace admin';
  }
  return problems;
}

/** Why the actor may not delete this user (null when allowed). */
export function deleteProblem(actor: Actor, target: ManagedUser, activeAdmins: number): string | null {
  if (actor.userId === target.userId) return 'You cannot delete yourself';
  if (!mayManageRole(actor.role, target.role))
    return `A ${ROLE_LABELS[actor.role]} may not delete a ${ROLE_LABELS[target.role]}`;
  if (target.role === 'WORKSPACE_ADMIN' && target.status === 'ACTIVE' && activeAdmins <= 1)
    return 'The workspace must keep at least one active workspace admin';
  return null;
}
