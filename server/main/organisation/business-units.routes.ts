import type { FastifyInstance } from 'fastify';
import {
  branchColour,
  businessUnitPage,
  createBranch,
  deleteBranch,
  updateBranch,
} from '../../../src/contracts/main/organisation.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { serve, workspaceUser } from '../../platform/serve';
import { businessUnit, businessUnits, constraintError, lockUnits } from './organisation.repository';

const NAME_TAKEN = 'A business unit with this name exists already';

export async function businessUnitRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, businessUnitPage, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { page, pageSize, search } = ctx.query;
    // A business-unit admin sees their own unit only.
    const ids = seesAllBusinessUnits(user.role) ? null : user.branchId ? [user.branchId] : [];
    const result = await deps.db.tenant(workspace.id, (tx) =>
      businessUnits(tx, workspace.id, { ids, search, limit: pageSize, offset: page * pageSize }),
    );
    return { ...result, page, pageSize };
  });

  serve(app, createBranch, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { branchName, headquarter } = ctx.body;
    try {
      return await deps.db.tenant(workspace.id, async (tx) => {
        const units = await lockUnits(tx, workspace.id);
        if (units.some((u) => u.name.toLowerCase() === branchName.toLowerCase())) throw conflict(NAME_TAKEN, { branchName: NAME_TAKEN });
        // The first unit of a workspace is its headquarters; asking for the headquarters moves it here.
        const makeHq = headquarter === true || units.length === 0;
        if (makeHq) await tx.query(`UPDATE branches SET headquarter = false WHERE workspace_id = $1 AND headquarter`, [workspace.id]);
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO branches (workspace_id, name, headquarter) VALUES ($1, $2, $3) RETURNING id`,
          [workspace.id, branchName, makeHq],
        );
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: user.userId,
          action: 'branch.created',
          target: row.id,
          ip: ctx.request.ip,
          details: { branchName, headquarter: makeHq },
        });
        return (await businessUnit(tx, workspace.id, row.id))!;
      });
    } catch (error) {
      throw constraintError(error, 'branchName', NAME_TAKEN);
    }
  });

  serve(app, updateBranch, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const id = ctx.params.id;
    const { branchName, headquarter } = ctx.body;
    try {
      return await deps.db.tenant(workspace.id, async (tx) => {
        const units = await lockUnits(tx, workspace.id);
        const unit = units.find((u) => u.id === id);
        if (!unit) throw notFound('Business unit not found');
        const changes: Record<string, unknown> = {};
        if (branchName !== undefined && branchName !== unit.name) {
          if (units.some((u) => u.id !== id && u.name.toLowerCase() === branchName.toLowerCase())) {
            throw conflict(NAME_TAKEN, { branchName: NAME_TAKEN });
          }
          await tx.query(`UPDATE branches SET name = $3 WHERE workspace_id = $1 AND id = $2`, [workspace.id, id, branchName]);
          changes.branchName = { from: unit.name, to: branchName };
        }
        if (headquarter === false && unit.headquarter) {
          const message = 'A workspace always has one headquarters: make another unit the headquarters instead';
          throw conflict(message, { headquarter: message });
        }
        if (headquarter === true && !unit.headquarter) {
          const old = units.find((u) => u.headquarter);
          await tx.query(`UPDATE branches SET headquarter = false WHERE workspace_id = $1 AND headquarter`, [workspace.id]);
          await tx.query(`UPDATE branches SET headquarter = true WHERE workspace_id = $1 AND id = $2`, [workspace.id, id]);
          changes.headquarter = { from: old?.id ?? null, to: id };
        }
        if (Object.keys(changes).length > 0) {
          await audit(tx, {
            workspaceId: workspace.id,
            actorUserId: user.userId,
            action: changes.headquarter ? 'branch.headquarters-moved' : 'branch.updated',
            target: id,
            ip: ctx.request.ip,
            details: changes,
          });
        }
        return (await businessUnit(tx, workspace.id, id))!;
      });
    } catch (error) {
      throw constraintError(error, 'branchName', NAME_TAKEN);
    }
  });

  serve(app, deleteBranch, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const ids = [...new Set(ctx.body.branchIds)];
    const target = ctx.body.moveUsersToBranchId ?? null;
    try {
      return await deps.db.tenant(workspace.id, async (tx) => {
        const units = await lockUnits(tx, workspace.id);
        const doomed = ids.map((id) => units.find((u) => u.id === id));
        if (doomed.some((u) => !u)) throw notFound('Business unit not found');
        if (doomed.some((u) => u!.headquarter)) {
          const message = 'The headquarters cannot be deleted: make another unit the headquarters first';
          throw conflict(message, { branchIds: message });
        }
        if (target && ids.includes(target)) {
          throw badRequest('People cannot move to a unit that is being deleted', { moveUsersToBranchId: 'Choose a unit that stays' });
        }
        if (target && !units.some((u) => u.id === target)) throw notFound('The business unit to move people to was not found');
        const [{ people }] = await tx.query<{ people: number }>(
          `SELECT count(*)::int AS people FROM users WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[])`,
          [workspace.id, ids],
        );
        if (people > 0 && !target) {
          const message = `Choose the business unit their ${people} ${people === 1 ? 'person moves' : 'people move'} to`;
          throw badRequest(message, { moveUsersToBranchId: message });
        }
        // People move with no department (their old departments go with the unit); nobody is ever left without a unit.
        const moved = target
          ? await tx.query<{ id: string }>(
              `UPDATE users SET branch_id = $3, department_id = NULL, updated_at = now()
                WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[]) RETURNING id`,
              [workspace.id, ids, target],
            )
          : [];
        // Anyone elsewhere still pointing at a doomed department loses only the department.
        await tx.query(
          `UPDATE users SET department_id = NULL, updated_at = now()
            WHERE workspace_id = $1 AND department_id IN (SELECT id FROM departments WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[]))`,
          [workspace.id, ids],
        );
        // Invites remember the unit they were made for: they follow their people.
        await tx.query(`UPDATE invites SET branch_id = $3 WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[])`, [workspace.id, ids, target]);
        // Workflow versions list the units they apply to: the deleted units drop out of the lists
        // (workflow_branches rows go by cascade). Widening a workflow to the target unit is left to its owner.
        await tx.query(
          `UPDATE workflow_versions SET branch_ids = ARRAY(SELECT x FROM unnest(branch_ids) AS x WHERE x <> ALL($2::uuid[])), updated_at = now()
            WHERE workspace_id = $1 AND branch_ids && $2::uuid[]`,
          [workspace.id, ids],
        );
        const departments = await tx.query<{ id: string }>(
          `DELETE FROM departments WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[]) RETURNING id`,
          [workspace.id, ids],
        );
        await tx.query(`DELETE FROM branches WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [workspace.id, ids]);
        for (const unit of doomed) {
          await audit(tx, {
            workspaceId: workspace.id,
            actorUserId: user.userId,
            action: 'branch.deleted',
            target: unit!.id,
            ip: ctx.request.ip,
            details: { branchName: unit!.name, movedUsersTo: target, movedUsers: moved.length, deletedDepartments: departments.length },
          });
        }
        return { deletedBranchIds: ids, movedUsers: moved.length, deletedDepartments: departments.length };
      });
    } catch (error) {
      throw constraintError(error, 'branchIds', 'This business unit is still in use');
    }
  });

  serve(app, branchColour, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const colour = `#${ctx.params.hex.toLowerCase()}`;
    return deps.db.tenant(workspace.id, async (tx) => {
      const rows = await tx.query(`UPDATE branches SET background_color = $3 WHERE workspace_id = $1 AND id = $2 RETURNING id`, [
        workspace.id,
        ctx.params.id,
        colour,
      ]);
      if (rows.length === 0) throw notFound('Business unit not found');
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'branch.colour-set',
        target: ctx.params.id,
        ip: ctx.request.ip,
        details: { backgroundColor: colour },
      });
      return (await businessUnit(tx, workspace.id, ctx.params.id))!;
    });
  });
}
