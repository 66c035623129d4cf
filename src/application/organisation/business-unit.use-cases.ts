import type { BusinessUnit, DeleteBranchResult } from '../../contracts/main/organisation.contract';
import { normaliseHex } from '../../domain/organisation/branding';
import { deletePlan, type UnitFacts } from '../../domain/organisation/business-unit-rules';
import type { BusinessUnitsApi } from './organisation-admin-api.port';
import { attempt, invalid, type Refusal } from '../shared/refusal';

export type UnitOutcome = { ok: true; unit: BusinessUnit } | Refusal;

export interface SaveBusinessUnitInput {
  /** Absent: a new unit. */
  branchId?: string;
  branchName: string;
  headquarter?: boolean;
}

/** Creates or renames a business unit; `headquarter: true` makes it the headquarters (there is always exactly one). */
export class SaveBusinessUnit {
  constructor(private readonly units: BusinessUnitsApi) {}

  async execute(input: SaveBusinessUnitInput): Promise<UnitOutcome> {
    const branchName = input.branchName.trim();
    if (!branchName) return invalid('Give the business unit a name', 'branchName');
    const headquarter = input.headquarter === true ? true : undefined;
    const result = await attempt(() =>
      input.branchId
        ? this.units.update(input.branchId, { branchName, headquarter })
        : this.units.create({ branchName, headquarter }),
    );
    return result.ok ? { ok: true, unit: result.value } : result;
  }
}

export interface DeleteBusinessUnitInput {
  unit: UnitFacts;
  moveUsersToBranchId?: string | null;
}

/** Deletes a unit with its departments; its people move to the chosen unit, with no department. */
export class DeleteBusinessUnit {
  constructor(private readonly units: BusinessUnitsApi) {}

  async execute(input: DeleteBusinessUnitInput): Promise<{ ok: true; result: DeleteBranchResult } | Refusal> {
    const plan = deletePlan(input.unit);
    if (!plan.ok) return { ok: false, reason: 'conflict', message: plan.message, fields: {} };
    const target = input.moveUsersToBranchId ?? undefined;
    if (plan.needsTarget && !target)
      return invalid('Choose the business unit their people move to', 'moveUsersToBranchId');
    if (target === input.unit.branchId) return invalid('Choose another business unit', 'moveUsersToBranchId');
    const result = await attempt(() =>
      this.units.remove({ branchIds: [input.unit.branchId], moveUsersToBranchId: target }),
    );
    return result.ok ? { ok: true, result: result.value } : result;
  }
}

/** Sets a unit's colour from what a person typed or picked (`#1F6FEB`, `1f6feb`, `#1f6`). */
export class SetBusinessUnitColour {
  constructor(private readonly units: BusinessUnitsApi) {}

  async execute(input: { branchId: string; colour: string }): Promise<UnitOutcome> {
    const hex = normaliseHex(input.colour);
    if (!hex) return invalid('Give a colour like #1f6feb', 'colour');
    const result = await attempt(() => this.units.setColour(input.branchId, hex));
    return result.ok ? { ok: true, unit: result.value } : result;
  }
}
