import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Branch } from '../../contracts/main/workspace.contract';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { describeError } from '../../application/shared/api-error';
import { navigationFor } from '../../domain/auth/navigation';
import type { Role } from '../../domain/auth/roles';
import {
  ALL_BUSINESS_UNITS,
  ALL_BUSINESS_UNITS_LABEL,
  defaultBusinessUnit,
  selectableBusinessUnits,
  type BusinessUnitChoice,
} from '../../domain/organisation/business-unit-selection';
import { seesAllBusinessUnits } from '../../domain/auth/roles';

/** The signed-in frame: navigation by role and the business-unit selector. */
@injectable()
export class ShellViewModel {
  units: Branch[] = [];
  selectedUnit: BusinessUnitChoice | null = null;
  unitsError: string | null = null;
  private role: Role = 'EMPLOYEE';
  private ownUnits: string[] = [];

  constructor(@inject(OrganisationApi) private readonly organisation: OrganisationApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get navigation() {
    return navigationFor(this.role);
  }

  /** Plain options for antd's Select. */
  get unitOptions(): { value: string; label: string }[] {
    const units = selectableBusinessUnits(this.role, this.units, this.ownUnits).map((u) => ({
      value: u.branchId,
      label: u.headquarter ? `${u.branchName} (headquarters)` : u.branchName,
    }));
    return seesAllBusinessUnits(this.role) ? [{ value: ALL_BUSINESS_UNITS, label: ALL_BUSINESS_UNITS_LABEL }, ...units] : units;
  }

  async load(role: Role, ownUnits: string[]): Promise<void> {
    this.role = role;
    this.ownUnits = ownUnits;
    this.selectedUnit = defaultBusinessUnit(role, ownUnits);
    try {
      const units = await this.organisation.businessUnits();
      runInAction(() => {
        this.units = units;
        this.unitsError = null;
      });
    } catch (error) {
      runInAction(() => (this.unitsError = describeError(error)));
    }
  }

  selectUnit(unit: BusinessUnitChoice): void {
    this.selectedUnit = unit;
  }
}
