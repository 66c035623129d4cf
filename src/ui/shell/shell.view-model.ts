import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Branch } from '../../contracts/main/workspace.contract';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { describeError } from '../../application/shared/api-error';
import { navigationFor } from '../../domain/auth/navigation';
import type { Role } from '../../domain/auth/roles';
import type { WorkspaceModules } from '../../domain/platform/workspace-modules';
import { contractState, isoDay } from '../../domain/platform/contract-expiry';
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
  private modules: Partial<WorkspaceModules> | undefined = undefined;
  private contractExpiresOn: string | null = null;
  /** Today (YYYY-MM-DD, UTC), for the contract warning; set on load. */
  today = isoDay(new Date());

  constructor(@inject(OrganisationApi) private readonly organisation: OrganisationApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get navigation() {
    return navigationFor(this.role, this.modules);
  }

  /** Workspace admins are warned in the 30 days before the contract's last day. */
  get contractWarning(): string | null {
    if (this.role !== 'WORKSPACE_ADMIN') return null;
    const state = contractState(this.contractExpiresOn, this.today);
    if (state.kind !== 'expiring') return null;
    const when = state.daysLeft === 0 ? 'today' : state.daysLeft === 1 ? 'tomorrow' : `in ${state.daysLeft} days`;
    return `Your SafePlace contract ends ${when} (last day ${this.contractExpiresOn}). After that this workspace closes until it is renewed; nothing is deleted.`;
  }

  /** Plain options for antd's Select. */
  get unitOptions(): { value: string; label: string }[] {
    const units = selectableBusinessUnits(this.role, this.units, this.ownUnits).map((u) => ({
      value: u.branchId,
      label: u.headquarter ? `${u.branchName} (headquarters)` : u.branchName,
    }));
    return seesAllBusinessUnits(this.role) ? [{ value: ALL_BUSINESS_UNITS, label: ALL_BUSINESS_UNITS_LABEL }, ...units] : units;
  }

  async load(
    role: Role,
    ownUnits: string[],
    workspace: { modules?: Partial<WorkspaceModules>; contractExpiresOn?: string | null } = {},
  ): Promise<void> {
    this.role = role;
    this.modules = workspace.modules;
    this.contractExpiresOn = workspace.contractExpiresOn ?? null;
    this.today = isoDay(new Date());
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
