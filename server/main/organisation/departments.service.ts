import type {
  AddManagerBody,
  CreateDepartmentBody,
  DeleteDepartmentsBody,
  DeleteDepartmentsResult,
  DepartmentManager,
  DepartmentRow,
} from '../../../src/contracts/main/organisation.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import type { UserPrincipal } from '../../platform/serve';
import {
  activePersonExists,
  deleteDepartmentRows,
  deleteManager,
  department,
  departmentNameTaken,
  departmentRows,
  insertDepartments,
  lockDepartments,
  managers,
  renameDepartment,
  unitExists,
  unitsLackingDepartment,
  upsertManager,
} from './departments.repository';
import { constraintRefusal } from './organisation.repository';
import type { Acting } from '../../platform/actor';

/** The one changing a department's managers: a business-unit admin only within their own unit. */
const NAME_TAKEN = 'This business unit has a department with this name already';
const nameTaken = () => refuse('conflict', 'CONFLICT', NAME_TAKEN, { departmentName: NAME_TAKEN });
const missing = (message: string) => refuse('not-found', 'NOT_FOUND', message);

/** A name taken (or a row still referenced) as its refusal; anything else is thrown on. */
function constraint(error: unknown, field: string, message: string) {
  const refusal = constraintRefusal(error, field, message);
  if (refusal) return refusal;
  throw error;
}

/** Departments and their managers: names unique within a unit, a business-unit admin limited to their own unit. */
export class DepartmentsService {
  constructor(private readonly db: Database) {}

  async create(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    body: CreateDepartmentBody,
  ): Promise<Outcome<{ created: DepartmentRow[] }>> {
    const { departmentName, branchId, allBranch } = body;
    const ws = actor.workspaceId;
    try {
      return await this.db.tenant(ws, async (tx): Promise<Outcome<{ created: DepartmentRow[] }>> => {
        let units: string[];
        if (allBranch) {
          // Every unit that lacks it gets it; the ones that have it already are left alone.
          units = await unitsLackingDepartment(tx, ws, departmentName);
          if (units.length === 0)
            return refuse('conflict', 'CONFLICT', 'Every business unit has this department already', {
              departmentName: NAME_TAKEN,
            });
        } else {
          if (!branchId || !(await unitExists(tx, ws, branchId))) return missing('Business unit not found');
          if (await departmentNameTaken(tx, ws, branchId, departmentName)) return nameTaken();
          units = [branchId];
        }
        const created = await insertDepartments(tx, ws, units, departmentName, actor.userId);
        for (const d of created) {
          await audit(tx, {
            workspaceId: ws,
            actorUserId: actor.userId,
            action: 'department.created',
            target: d.id,
            ip: actor.ip,
            details: { departmentName, branchId: d.branch_id },
          });
        }
        return ok({ created: (await departmentRows(tx, ws, { ids: created.map((d) => d.id) })).items });
      });
    } catch (error) {
      return constraint(error, 'departmentName', NAME_TAKEN);
    }
  }

  async rename(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    id: string,
    departmentName: string,
  ): Promise<Outcome<DepartmentRow>> {
    const ws = actor.workspaceId;
    try {
      return await this.db.tenant(ws, async (tx): Promise<Outcome<DepartmentRow>> => {
        const old = await department(tx, ws, id, { forUpdate: true });
        if (!old) return missing('Department not found');
        if (await departmentNameTaken(tx, ws, old.branch_id, departmentName, id)) return nameTaken();
        await renameDepartment(tx, ws, id, departmentName);
        await audit(tx, {
          workspaceId: ws,
          actorUserId: actor.userId,
          action: 'department.renamed',
          target: id,
          ip: actor.ip,
          details: { from: old.name, to: departmentName },
        });
        return ok((await departmentRows(tx, ws, { ids: [id] })).items[0]);
      });
    } catch (error) {
      return constraint(error, 'departmentName', NAME_TAKEN);
    }
  }

  async remove(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    body: DeleteDepartmentsBody,
  ): Promise<Outcome<DeleteDepartmentsResult>> {
    const pairs = body.departmentBranches;
    const ids = [...new Set(pairs.map((p) => p.departmentId))];
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx): Promise<Outcome<DeleteDepartmentsResult>> => {
      const found = await lockDepartments(tx, ws, ids);
      // Each pair must name a department of this workspace in that unit; anything else is not found.
      for (const pair of pairs) {
        if (!found.some((d) => d.id === pair.departmentId && d.branch_id === pair.branchId))
          return missing('Department not found');
      }
      const usersWithoutDepartment = await deleteDepartmentRows(tx, ws, ids);
      for (const d of found) {
        await audit(tx, {
          workspaceId: ws,
          actorUserId: actor.userId,
          action: 'department.deleted',
          target: d.id,
          ip: actor.ip,
          details: { departmentName: d.name, branchId: d.branch_id },
        });
      }
      return ok({ deleted: found.length, usersWithoutDepartment });
    });
  }

  managers(
    actor: Acting<'workspaceId' | 'userId' | 'ip' | 'role' | 'branchId'>,
    departmentId: string,
  ): Promise<Outcome<DepartmentManager[]>> {
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx): Promise<Outcome<DepartmentManager[]>> => {
      const found = await visibleDepartment(tx, actor, departmentId);
      if (!found.ok) return found;
      return ok(await managers(tx, ws, departmentId));
    });
  }

  async addManager(
    actor: Acting<'workspaceId' | 'userId' | 'ip' | 'role' | 'branchId'>,
    departmentId: string,
    body: AddManagerBody,
  ): Promise<Outcome<DepartmentManager>> {
    const ws = actor.workspaceId;
    const { userId, role } = body;
    return this.db.tenant(ws, async (tx): Promise<Outcome<DepartmentManager>> => {
      const visible = await visibleDepartment(tx, actor, departmentId);
      if (!visible.ok) return visible;
      const found = visible.value;
      if (!(await activePersonExists(tx, ws, userId))) return missing('User not found');
      await upsertManager(tx, ws, departmentId, userId, role, actor.userId);
      await audit(tx, {
        workspaceId: ws,
        actorUserId: actor.userId,
        action: 'department.manager-added',
        target: userId,
        ip: actor.ip,
        details: { departmentId, departmentName: found.name, role },
      });
      return ok((await managers(tx, ws, departmentId)).find((m) => m.userId === userId)!);
    });
  }

  async removeManager(
    actor: Acting<'workspaceId' | 'userId' | 'ip' | 'role' | 'branchId'>,
    departmentId: string,
    userId: string,
  ): Promise<Outcome<{ removed: true }>> {
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx): Promise<Outcome<{ removed: true }>> => {
      const visible = await visibleDepartment(tx, actor, departmentId);
      if (!visible.ok) return visible;
      const found = visible.value;
      if (!(await deleteManager(tx, ws, departmentId, userId)))
        return missing('This person is not a manager of the department');
      await audit(tx, {
        workspaceId: ws,
        actorUserId: actor.userId,
        action: 'department.manager-removed',
        target: userId,
        ip: actor.ip,
        details: { departmentId, departmentName: found.name },
      });
      return ok({ removed: true as const });
    });
  }
}

/** The department, if it is in this workspace and (for a business-unit admin) in their unit; else 404. */
async function visibleDepartment(
  tx: Sql,
  actor: Acting<'workspaceId' | 'userId' | 'ip' | 'role' | 'branchId'>,
  id: string,
): Promise<Outcome<{ name: string; branch_id: string }>> {
  const row = await department(tx, actor.workspaceId, id);
  if (!row || (!seesAllBusinessUnits(actor.role) && row.branch_id !== actor.branchId))
    return missing('Department not found');
  return ok(row);
}
