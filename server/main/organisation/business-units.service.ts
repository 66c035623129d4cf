import type {
  BusinessUnit,
  CreateBranchBody,
  DeleteBranchBody,
  DeleteBranchResult,
  UpdateBranchBody,
} from '../../../src/contracts/main/organisation.contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import {
  businessUnit,
  clearHeadquarters,
  countPeopleIn,
  deleteBusinessUnits,
  insertBusinessUnit,
  lockUnits,
  moveHeadquarters,
  renameBusinessUnit,
  setBusinessUnitColour,
} from './business-units.repository';
import { constraintRefusal } from './organisation.repository';
import type { Acting } from '../../platform/actor';

const NAME_TAKEN = 'A business unit with this name exists already';
const nameTaken = () => refuse('conflict', 'CONFLICT', NAME_TAKEN, { branchName: NAME_TAKEN });
const missing = (message: string) => refuse('not-found', 'NOT_FOUND', message);

/** A name taken (or a row still referenced) as its refusal; anything else is thrown on. */
function constraint(error: unknown, field: string, message: string) {
  const refusal = constraintRefusal(error, field, message);
  if (refusal) return refusal;
  throw error;
}

/**
 * A workspace's business units: names unique (case-insensitive), exactly one headquarters, and nobody ever left
 * without a unit. Each change locks the workspace's unit rows, so concurrent changes cannot break those rules.
 */
export class BusinessUnitsService {
  constructor(private readonly db: Database) {}

  async create(actor: Acting<'workspaceId' | 'userId' | 'ip'>, body: CreateBranchBody): Promise<Outcome<BusinessUnit>> {
    const { branchName, headquarter } = body;
    const ws = actor.workspaceId;
    try {
      return await this.db.tenant(ws, async (tx): Promise<Outcome<BusinessUnit>> => {
        const units = await lockUnits(tx, ws);
        if (units.some((u) => u.name.toLowerCase() === branchName.toLowerCase())) return nameTaken();
        // The first unit of a workspace is its headquarters; asking for the headquarters moves it here.
        const makeHq = headquarter === true || units.length === 0;
        if (makeHq) await clearHeadquarters(tx, ws);
        const id = await insertBusinessUnit(tx, ws, branchName, makeHq);
        await audit(tx, {
          workspaceId: ws,
          actorUserId: actor.userId,
          action: 'branch.created',
          target: id,
          ip: actor.ip,
          details: { branchName, headquarter: makeHq },
        });
        return ok((await businessUnit(tx, ws, id))!);
      });
    } catch (error) {
      return constraint(error, 'branchName', NAME_TAKEN);
    }
  }

  async update(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    id: string,
    body: UpdateBranchBody,
  ): Promise<Outcome<BusinessUnit>> {
    const { branchName, headquarter } = body;
    const ws = actor.workspaceId;
    try {
      return await this.db.tenant(ws, async (tx): Promise<Outcome<BusinessUnit>> => {
        const units = await lockUnits(tx, ws);
        const unit = units.find((u) => u.id === id);
        if (!unit) return missing('Business unit not found');
        const renamed = branchName !== undefined && branchName !== unit.name;
        if (renamed && units.some((u) => u.id !== id && u.name.toLowerCase() === branchName.toLowerCase()))
          return nameTaken();
        // Refused before anything is written: a refusal ends the transaction without undoing.
        if (headquarter === false && unit.headquarter) {
          const message = 'A workspace always has one headquarters: make another unit the headquarters instead';
          return refuse('conflict', 'CONFLICT', message, { headquarter: message });
        }
        const changes: Record<string, unknown> = {};
        if (renamed) {
          await renameBusinessUnit(tx, ws, id, branchName);
          changes.branchName = { from: unit.name, to: branchName };
        }
        if (headquarter === true && !unit.headquarter) {
          const old = units.find((u) => u.headquarter);
          await moveHeadquarters(tx, ws, id);
          changes.headquarter = { from: old?.id ?? null, to: id };
        }
        if (Object.keys(changes).length > 0) {
          await audit(tx, {
            workspaceId: ws,
            actorUserId: actor.userId,
            action: changes.headquarter ? 'branch.headquarters-moved' : 'branch.updated',
            target: id,
            ip: actor.ip,
            details: changes,
          });
        }
        return ok((await businessUnit(tx, ws, id))!);
      });
    } catch (error) {
      return constraint(error, 'branchName', NAME_TAKEN);
    }
  }

  async remove(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    body: DeleteBranchBody,
  ): Promise<Outcome<DeleteBranchResult>> {
    const ids = [...new Set(body.branchIds)];
    const target = body.moveUsersToBranchId ?? null;
    const ws = actor.workspaceId;
    try {
      return await this.db.tenant(ws, async (tx): Promise<Outcome<DeleteBranchResult>> => {
        const units = await lockUnits(tx, ws);
        const doomed = ids.map((id) => units.find((u) => u.id === id));
        if (doomed.some((u) => !u)) return missing('Business unit not found');
        if (doomed.some((u) => u!.headquarter)) {
          const message = 'The headquarters cannot be deleted: make another unit the headquarters first';
          return refuse('conflict', 'CONFLICT', message, { branchIds: message });
        }
        if (target && ids.includes(target)) {
          return refuse('invalid', 'VALIDATION', 'People cannot move to a unit that is being deleted', {
            moveUsersToBranchId: 'Choose a unit that stays',
          });
        }
        if (target && !units.some((u) => u.id === target))
          return missing('The business unit to move people to was not found');
        const people = await countPeopleIn(tx, ws, ids);
        if (people > 0 && !target) {
          const message = `Choose the business unit their ${people} ${people === 1 ? 'person moves' : 'people move'} to`;
          return refuse('invalid', 'VALIDATION', message, { moveUsersToBranchId: message });
        }
        const { movedUsers, deletedDepartments } = await deleteBusinessUnits(tx, ws, ids, target);
        for (const unit of doomed) {
          await audit(tx, {
            workspaceId: ws,
            actorUserId: actor.userId,
            action: 'branch.deleted',
            target: unit!.id,
            ip: actor.ip,
            details: { branchName: unit!.name, movedUsersTo: target, movedUsers, deletedDepartments },
          });
        }
        return ok({ deletedBranchIds: ids, movedUsers, deletedDepartments });
      });
    } catch (error) {
      return constraint(error, 'branchIds', 'This business unit is still in use');
    }
  }

  async setColour(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    id: string,
    colour: string,
  ): Promise<Outcome<BusinessUnit>> {
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx): Promise<Outcome<BusinessUnit>> => {
      if (!(await setBusinessUnitColour(tx, ws, id, colour))) return missing('Business unit not found');
      await audit(tx, {
        workspaceId: ws,
        actorUserId: actor.userId,
        action: 'branch.colour-set',
        target: id,
        ip: actor.ip,
        details: { backgroundColor: colour },
      });
      return ok((await businessUnit(tx, ws, id))!);
    });
  }
}
