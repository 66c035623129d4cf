import type { FastifyInstance } from 'fastify';
import {
  addDepartmentManager,
  createDepartment,
  deleteDepartments,
  departmentManagers,
  departmentPage,
  managerCandidates,
  removeDepartmentManager,
  updateDepartment,
  type DepartmentManager,
} from '../../../src/contracts/main/organisation.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { serve, workspaceUser, type UserPrincipal } from '../../platform/serve';
import { constraintError, departmentRows } from './organisation.repository';

const NAME_TAKEN = 'This business unit has a department with this name already';

export async function departmentRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, departmentPage, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { page, pageSize, search } = ctx.query;
    let branchId = ctx.query.branchId ?? null;
    if (!seesAllBusinessUnits(user.role)) {
      // A business-unit admin reads their own unit's departments only; another unit is not there for them.
      if (branchId && branchId !== user.branchId) throw notFound('Business unit not found');
      branchId = user.branchId ?? '00000000-0000-0000-0000-000000000000';
    }
    const result = await deps.db.tenant(workspace.id, (tx) =>
      departmentRows(tx, workspace.id, { branchId, search, limit: pageSize, offset: page * pageSize }),
    );
    return { ...result, page, pageSize };
  });

  serve(app, createDepartment, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { departmentName, branchId, allBranch } = ctx.body;
    try {
      return await deps.db.tenant(workspace.id, async (tx) => {
        let units: { id: string }[];
        if (allBranch) {
          // Every unit that lacks it gets it; the ones that have it already are left alone.
          units = await tx.query(
            `SELECT b.id FROM branches b WHERE b.workspace_id = $1 AND NOT EXISTS (
               SELECT 1 FROM departments d WHERE d.workspace_id = b.workspace_id AND d.branch_id = b.id AND lower(d.name) = lower($2))`,
            [workspace.id, departmentName],
          );
          if (units.length === 0) throw conflict('Every business unit has this department already', { departmentName: NAME_TAKEN });
        } else {
          units = await tx.query(`SELECT id FROM branches WHERE workspace_id = $1 AND id = $2`, [workspace.id, branchId]);
          if (units.length === 0) throw notFound('Business unit not found');
          const taken = await tx.query(`SELECT 1 FROM departments WHERE workspace_id = $1 AND branch_id = $2 AND lower(name) = lower($3)`, [
            workspace.id,
            branchId,
            departmentName,
          ]);
          if (taken.length > 0) throw conflict(NAME_TAKEN, { departmentName: NAME_TAKEN });
        }
        const created = await tx.query<{ id: string; branch_id: string }>(
          `INSERT INTO departments (workspace_id, branch_id, name, created_by)
           SELECT $1, unit, $3, $4 FROM unnest($2::uuid[]) AS unit RETURNING id, branch_id`,
          [workspace.id, units.map((u) => u.id), departmentName, user.userId],
        );
        for (const d of created) {
          await audit(tx, {
            workspaceId: workspace.id,
            actorUserId: user.userId,
            action: 'department.created',
            target: d.id,
            ip: ctx.request.ip,
            details: { departmentName, branchId: d.branch_id },
          });
        }
        return { created: (await departmentRows(tx, workspace.id, { ids: created.map((d) => d.id) })).items };
      });
    } catch (error) {
      throw constraintError(error, 'departmentName', NAME_TAKEN);
    }
  });

  serve(app, updateDepartment, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { departmentName } = ctx.body;
    try {
      return await deps.db.tenant(workspace.id, async (tx) => {
        const [old] = await tx.query<{ name: string; branch_id: string }>(
          `SELECT name, branch_id FROM departments WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
          [workspace.id, ctx.params.id],
        );
        if (!old) throw notFound('Department not found');
        const taken = await tx.query(
          `SELECT 1 FROM departments WHERE workspace_id = $1 AND branch_id = $2 AND lower(name) = lower($3) AND id <> $4`,
          [workspace.id, old.branch_id, departmentName, ctx.params.id],
        );
        if (taken.length > 0) throw conflict(NAME_TAKEN, { departmentName: NAME_TAKEN });
        await tx.query(`UPDATE departments SET name = $3 WHERE workspace_id = $1 AND id = $2`, [workspace.id, ctx.params.id, departmentName]);
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: user.userId,
          action: 'department.renamed',
          target: ctx.params.id,
          ip: ctx.request.ip,
          details: { from: old.name, to: departmentName },
        });
        return (await departmentRows(tx, workspace.id, { ids: [ctx.params.id] })).items[0];
      });
    } catch (error) {
      throw constraintError(error, 'departmentName', NAME_TAKEN);
    }
  });

  serve(app, deleteDepartments, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const pairs = ctx.body.departmentBranches;
    const ids = [...new Set(pairs.map((p) => p.departmentId))];
    return deps.db.tenant(workspace.id, async (tx) => {
      const found = await tx.query<{ id: string; branch_id: string; name: string }>(
        `SELECT id, branch_id, name FROM departments WHERE workspace_id = $1 AND id = ANY($2::uuid[]) FOR UPDATE`,
        [workspace.id, ids],
      );
      // Each pair must name a department of this workspace in that unit; anything else is not found.
      for (const pair of pairs) {
        if (!found.some((d) => d.id === pair.departmentId && d.branch_id === pair.branchId)) throw notFound('Department not found');
      }
      const cleared = await tx.query<{ id: string }>(
        `UPDATE users SET department_id = NULL, updated_at = now() WHERE workspace_id = $1 AND department_id = ANY($2::uuid[]) RETURNING id`,
        [workspace.id, ids],
      );
      await tx.query(`DELETE FROM departments WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [workspace.id, ids]);
      for (const d of found) {
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: user.userId,
          action: 'department.deleted',
          target: d.id,
          ip: ctx.request.ip,
          details: { departmentName: d.name, branchId: d.branch_id },
        });
      }
      return { deleted: found.length, usersWithoutDepartment: cleared.length };
    });
  });

  serve(app, departmentManagers, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, async (tx) => {
      await visibleDepartment(tx, workspace.id, user, ctx.params.id);
      return managers(tx, workspace.id, ctx.params.id);
    });
  });

  serve(app, addDepartmentManager, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { userId, role } = ctx.body;
    return deps.db.tenant(workspace.id, async (tx) => {
      const department = await visibleDepartment(tx, workspace.id, user, ctx.params.id);
      const [person] = await tx.query(`SELECT 1 FROM users WHERE workspace_id = $1 AND id = $2 AND status <> 'INACTIVE'`, [workspace.id, userId]);
      if (!person) throw notFound('User not found');
      await tx.query(
        `INSERT INTO department_managers (workspace_id, department_id, user_id, role, appointed_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (workspace_id, department_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
        [workspace.id, ctx.params.id, userId, role, user.userId],
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'department.manager-added',
        target: userId,
        ip: ctx.request.ip,
        details: { departmentId: ctx.params.id, departmentName: department.name, role },
      });
      return (await managers(tx, workspace.id, ctx.params.id)).find((m) => m.userId === userId)!;
    });
  });

  serve(app, removeDepartmentManager, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, async (tx) => {
      const department = await visibleDepartment(tx, workspace.id, user, ctx.params.id);
      const removed = await tx.query(
        `DELETE FROM department_managers WHERE workspace_id = $1 AND department_id = $2 AND user_id = $3 RETURNING user_id`,
        [workspace.id, ctx.params.id, ctx.params.userId],
      );
      if (removed.length === 0) throw notFound('This person is not a manager of the department');
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'department.manager-removed',
        target: ctx.params.userId,
        ip: ctx.request.ip,
        details: { departmentId: ctx.params.id, departmentName: department.name },
      });
      return { removed: true };
    });
  });

  serve(app, managerCandidates, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const text = ctx.query.search.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await deps.db.tenant(workspace.id, (tx) =>
      tx.query<{ id: string; first_name: string; last_name: string; email: string; branch_name: string | null }>(
        `SELECT u.id, u.first_name, u.last_name, u.email, b.name AS branch_name
           FROM users u LEFT JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
          WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE'
            AND ($2 = '' OR u.email ILIKE '%' || $2 || '%' OR (u.first_name || ' ' || u.last_name) ILIKE '%' || $2 || '%')
          ORDER BY lower(u.first_name), lower(u.last_name), u.email
          LIMIT 20`,
        [workspace.id, text],
      ),
    );
    return rows.map((r) => ({
      userId: r.id,
      name: `${r.first_name} ${r.last_name}`.trim() || r.email,
      email: r.email,
      branchName: r.branch_name,
    }));
  });
}

/** The department, if it is in this workspace and (for a business-unit admin) in their unit; else 404. */
async function visibleDepartment(tx: Sql, workspaceId: string, user: UserPrincipal, id: string): Promise<{ name: string; branch_id: string }> {
  const [row] = await tx.query<{ name: string; branch_id: string }>(
    `SELECT name, branch_id FROM departments WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, id],
  );
  if (!row || (!seesAllBusinessUnits(user.role) && row.branch_id !== user.branchId)) throw notFound('Department not found');
  return row;
}

async function managers(tx: Sql, workspaceId: string, departmentId: string): Promise<DepartmentManager[]> {
  const rows = await tx.query<{ user_id: string; first_name: string; last_name: string; email: string; role: 'HEAD' | 'MANAGER'; appointed_at: Date }>(
    `SELECT m.user_id, u.first_name, u.last_name, u.email, m.role, m.appointed_at
       FROM department_managers m JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id
      WHERE m.workspace_id = $1 AND m.department_id = $2
      ORDER BY m.role, lower(u.first_name), lower(u.last_name)`,
    [workspaceId, departmentId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    role: r.role,
    appointedAt: new Date(r.appointed_at).toISOString(),
  }));
}
