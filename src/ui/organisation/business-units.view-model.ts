import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Branch } from '../../contracts/main/workspace.contract';
import type { BusinessUnit } from '../../contracts/main/organisation.contract';
import {
  DeleteBusinessUnit,
  SaveBusinessUnit,
  SetBusinessUnitColour,
} from '../../application/organisation/business-unit.use-cases';
import { BusinessUnitsApi } from '../../application/organisation/organisation-admin-api.port';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import type { Role } from '../../domain/auth/roles';
import { deletePlan, moveTargets, peopleCount } from '../../domain/organisation/business-unit-rules';
import { PagedList } from '../shared/paged-list';
import type { Notice } from './notice';

/** Roles that change business units and departments; a business-unit admin only reads. */
export function managesOrganisation(role: Role): boolean {
  return role === 'WORKSPACE_ADMIN' || role === 'EMPLOYER';
}

export interface UnitEditor {
  mode: 'create' | 'edit';
  unit: BusinessUnit | null;
}

/** The business-units screen: paged, searchable table; create, rename, headquarters, colour, delete with a move. */
@injectable()
export class BusinessUnitsViewModel {
  search = '';
  readonly list = new PagedList<BusinessUnit>(
    (page, pageSize) => this.units.list({ page, pageSize, search: this.search || undefined }),
    {
      key: (u) => u.branchId,
    },
  );
  canManage = false;
  notice: Notice = null;

  editor: UnitEditor | null = null;
  saving = false;
  formError: string | null = null;
  formFields: Record<string, string> = {};

  /** Every unit (not only this page), for the "move people to" choice. */
  allUnits: Branch[] = [];
  deleting: BusinessUnit | null = null;
  moveTo: string | null = null;
  deleteBusy = false;
  deleteError: string | null = null;

  constructor(
    @inject(BusinessUnitsApi) private readonly units: BusinessUnitsApi,
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(SaveBusinessUnit) private readonly saveUnit: SaveBusinessUnit,
    @inject(DeleteBusinessUnit) private readonly deleteUnit: DeleteBusinessUnit,
    @inject(SetBusinessUnitColour) private readonly setUnitColour: SetBusinessUnitColour,
  ) {
    makeAutoObservable(this, { list: false }, { autoBind: true });
  }

  init(role: Role): void {
    this.canManage = managesOrganisation(role);
  }

  get rows(): (BusinessUnit & { key: string })[] {
    return this.list.items.map((u) => ({ ...u, key: u.branchId }));
  }

  get deletePlan() {
    return this.deleting ? deletePlan(this.deleting) : null;
  }

  get moveOptions(): { value: string; label: string }[] {
    if (!this.deleting) return [];
    return moveTargets(this.deleting, this.allUnits).map((u) => ({
      value: u.branchId,
      label: u.headquarter ? `${u.branchName} (headquarters)` : u.branchName,
    }));
  }

  /** What the delete dialog says will happen. */
  get deleteSummary(): string {
    const unit = this.deleting;
    if (!unit) return '';
    const departments =
      unit.departmentCount > 0
        ? ` Its ${unit.departmentCount} department${unit.departmentCount === 1 ? '' : 's'} will be deleted with it.`
        : '';
    if (unit.userCount === 0) return `"${unit.branchName}" has no people.${departments}`;
    return `${peopleCount(unit.userCount)} ${unit.userCount === 1 ? 'is' : 'are'} in "${unit.branchName}". Choose the business unit they move to; they keep no department.${departments}`;
  }

  load(page?: number): Promise<void> {
    return this.list.load(page);
  }

  setSearch(text: string): Promise<void> {
    this.search = text.trim();
    return this.load(1);
  }

  openCreate(): void {
    this.editor = { mode: 'create', unit: null };
    this.formError = null;
    this.formFields = {};
  }

  openEdit(unit: BusinessUnit): void {
    this.editor = { mode: 'edit', unit };
    this.formError = null;
    this.formFields = {};
  }

  closeEditor(): void {
    this.editor = null;
  }

  async save(values: { branchName: string; headquarter?: boolean }): Promise<void> {
    const editor = this.editor;
    if (!editor) return;
    this.saving = true;
    this.formError = null;
    this.formFields = {};
    try {
      const outcome = await this.saveUnit.execute({
        branchId: editor.unit?.branchId,
        branchName: values.branchName,
        headquarter: values.headquarter,
      });
      if (!outcome.ok) {
        runInAction(() => {
          this.formError = outcome.message;
          this.formFields = outcome.fields;
        });
        return;
      }
      runInAction(() => {
        this.editor = null;
        this.notice = {
          type: 'success',
          message:
            editor.mode === 'create'
              ? `Business unit "${outcome.unit.branchName}" created.`
              : `"${outcome.unit.branchName}" saved.`,
        };
      });
      await this.load();
    } catch (error) {
      runInAction(() => (this.formError = describeError(error)));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async makeHeadquarters(unit: BusinessUnit): Promise<void> {
    this.notice = null;
    try {
      const outcome = await this.saveUnit.execute({
        branchId: unit.branchId,
        branchName: unit.branchName,
        headquarter: true,
      });
      runInAction(() => {
        this.notice = outcome.ok
          ? { type: 'success', message: `"${unit.branchName}" is now the headquarters.` }
          : { type: 'error', message: outcome.message };
      });
      await this.load();
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    }
  }

  async setColour(unit: BusinessUnit, colour: string): Promise<void> {
    this.notice = null;
    try {
      const outcome = await this.setUnitColour.execute({ branchId: unit.branchId, colour });
      runInAction(() => {
        if (outcome.ok) {
          this.list.replace(outcome.unit);
          this.notice = { type: 'success', message: `Colour of "${unit.branchName}" saved.` };
        } else {
          this.notice = { type: 'error', message: outcome.message };
        }
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    }
  }

  async askDelete(unit: BusinessUnit): Promise<void> {
    this.deleting = unit;
    this.moveTo = null;
    this.deleteError = null;
    try {
      const all = await this.organisation.businessUnits();
      runInAction(() => (this.allUnits = all));
    } catch (error) {
      runInAction(() => (this.deleteError = describeError(error)));
    }
  }

  chooseMoveTo(branchId: string | null): void {
    this.moveTo = branchId;
  }

  cancelDelete(): void {
    this.deleting = null;
  }

  async confirmDelete(): Promise<void> {
    const unit = this.deleting;
    if (!unit) return;
    this.deleteBusy = true;
    this.deleteError = null;
    try {
      const outcome = await this.deleteUnit.execute({ unit, moveUsersToBranchId: this.moveTo });
      if (!outcome.ok) {
        runInAction(() => (this.deleteError = outcome.message));
        return;
      }
      const moved = outcome.result.movedUsers;
      const target = this.allUnits.find((u) => u.branchId === this.moveTo)?.branchName;
      runInAction(() => {
        this.deleting = null;
        this.notice = {
          type: 'success',
          message: `"${unit.branchName}" deleted.${moved > 0 && target ? ` ${peopleCount(moved)} moved to "${target}".` : ''}`,
        };
      });
      await this.load(this.list.pageAfterRemoval());
    } catch (error) {
      runInAction(() => (this.deleteError = describeError(error)));
    } finally {
      runInAction(() => (this.deleteBusy = false));
    }
  }
}
