import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Branch } from '../../contracts/main/workspace.contract';
import type { DepartmentRow } from '../../contracts/main/organisation.contract';
import {
  AppointDepartmentManager,
  CreateDepartment,
  DeleteDepartments,
  RemoveDepartmentManager,
  RenameDepartment,
} from '../../application/organisation/department.use-cases';
import { DepartmentsApi } from '../../application/organisation/organisation-admin-api.port';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { seesAllBusinessUnits, type Role } from '../../domain/auth/roles';
import { peopleCount } from '../../domain/organisation/business-unit-rules';
import { ALL_BUSINESS_UNITS, ALL_BUSINESS_UNITS_LABEL } from '../../domain/organisation/business-unit-selection';
import { PagedList } from '../shared/paged-list';
import type { Notice } from './notice';
import { managesOrganisation } from './business-units.view-model';
import { DepartmentManagersViewModel } from './department-managers.view-model';

/** The departments screen: unit filter (All Business Units by default), search, create, rename, delete, managers. */
@injectable()
export class DepartmentsViewModel {
  search = '';
  unitFilter: string = ALL_BUSINESS_UNITS;
  /** Only rows on the page shown stay selected: "Delete selected" acts on what the admin sees. */
  readonly list = new PagedList<DepartmentRow>(
    (page, pageSize) =>
      this.departments.list({
        page,
        pageSize,
        search: this.search || undefined,
        branchId: this.unitFilter === ALL_BUSINESS_UNITS ? undefined : this.unitFilter,
      }),
    { key: (d) => d.departmentId, selection: 'page' },
  );
  units: Branch[] = [];
  canManage = false;
  seesAll = false;
  notice: Notice = null;

  createOpen = false;
  renaming: DepartmentRow | null = null;
  saving = false;
  formError: string | null = null;
  formFields: Record<string, string> = {};

  pendingDelete: DepartmentRow[] = [];
  deleteBusy = false;
  deleteError: string | null = null;

  readonly managers: DepartmentManagersViewModel;

  constructor(
    @inject(DepartmentsApi) private readonly departments: DepartmentsApi,
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(CreateDepartment) private readonly createDepartment: CreateDepartment,
    @inject(RenameDepartment) private readonly renameDepartment: RenameDepartment,
    @inject(DeleteDepartments) private readonly deleteDepartments: DeleteDepartments,
    @inject(AppointDepartmentManager) appoint: AppointDepartmentManager,
    @inject(RemoveDepartmentManager) remove: RemoveDepartmentManager,
  ) {
    this.managers = new DepartmentManagersViewModel(departments, appoint, remove, () => void this.load());
    makeAutoObservable(this, { managers: false, list: false }, { autoBind: true });
  }

  get rows(): (DepartmentRow & { key: string })[] {
    return this.list.items.map((d) => ({ ...d, key: d.departmentId }));
  }

  get unitOptions(): { value: string; label: string }[] {
    const units = this.units.map((u) => ({ value: u.branchId, label: u.branchName }));
    return this.seesAll ? [{ value: ALL_BUSINESS_UNITS, label: ALL_BUSINESS_UNITS_LABEL }, ...units] : units;
  }

  /** Where a new department may go: one unit, or all of them. */
  get createUnitOptions(): { value: string; label: string }[] {
    return [
      { value: 'ALL', label: `${ALL_BUSINESS_UNITS_LABEL} (one department in each)` },
      ...this.units.map((u) => ({ value: u.branchId, label: u.branchName })),
    ];
  }

  /** How many people lose their department if the pending delete goes ahead. */
  get peopleLosingDepartment(): number {
    return this.pendingDelete.reduce((sum, d) => sum + d.userCount, 0);
  }

  async init(role: Role): Promise<void> {
    this.canManage = managesOrganisation(role);
    this.seesAll = seesAllBusinessUnits(role);
    try {
      const units = await this.organisation.businessUnits();
      runInAction(() => {
        this.units = units;
        if (!this.seesAll) this.unitFilter = units[0]?.branchId ?? ALL_BUSINESS_UNITS;
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    }
    await this.load(1);
  }

  load(page?: number): Promise<void> {
    return this.list.load(page);
  }

  filterByUnit(unit: string): Promise<void> {
    this.unitFilter = unit;
    return this.load(1);
  }

  setSearch(text: string): Promise<void> {
    this.search = text.trim();
    return this.load(1);
  }

  openCreate(): void {
    this.createOpen = true;
    this.formError = null;
    this.formFields = {};
  }

  openRename(row: DepartmentRow): void {
    this.renaming = row;
    this.formError = null;
    this.formFields = {};
  }

  closeForms(): void {
    this.createOpen = false;
    this.renaming = null;
  }

  async create(values: { departmentName: string; branchId: string }): Promise<void> {
    this.saving = true;
    this.formError = null;
    this.formFields = {};
    try {
      const outcome = await this.createDepartment.execute(values);
      if (!outcome.ok) {
        runInAction(() => {
          this.formError = outcome.message;
          this.formFields = outcome.fields;
        });
        return;
      }
      runInAction(() => {
        this.createOpen = false;
        const n = outcome.created.length;
        this.notice = {
          type: 'success',
          message: `Department "${values.departmentName.trim()}" created${n > 1 ? ` in ${n} business units` : ''}.`,
        };
      });
      await this.load();
    } catch (error) {
      runInAction(() => (this.formError = describeError(error)));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async rename(values: { departmentName: string }): Promise<void> {
    const row = this.renaming;
    if (!row) return;
    this.saving = true;
    this.formError = null;
    this.formFields = {};
    try {
      const outcome = await this.renameDepartment.execute({
        departmentId: row.departmentId,
        departmentName: values.departmentName,
      });
      if (!outcome.ok) {
        runInAction(() => {
          this.formError = outcome.message;
          this.formFields = outcome.fields;
        });
        return;
      }
      runInAction(() => {
        this.renaming = null;
        this.notice = { type: 'success', message: `Renamed to "${outcome.department.departmentName}".` };
      });
      await this.load();
    } catch (error) {
      runInAction(() => (this.formError = describeError(error)));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  askDelete(rows: DepartmentRow[]): void {
    this.pendingDelete = rows;
    this.deleteError = null;
  }

  cancelDelete(): void {
    this.pendingDelete = [];
  }

  async confirmDelete(): Promise<void> {
    const rows = this.pendingDelete;
    if (rows.length === 0) return;
    this.deleteBusy = true;
    this.deleteError = null;
    try {
      const outcome = await this.deleteDepartments.execute(rows);
      if (!outcome.ok) {
        runInAction(() => (this.deleteError = outcome.message));
        return;
      }
      const { deleted, usersWithoutDepartment } = outcome.result;
      runInAction(() => {
        this.pendingDelete = [];
        this.list.clearSelection();
        this.notice = {
          type: 'success',
          message: `${deleted} department${deleted === 1 ? '' : 's'} deleted. ${usersWithoutDepartment === 0 ? 'Nobody' : peopleCount(usersWithoutDepartment)} lost their department.`,
        };
      });
      await this.load(this.list.pageAfterRemoval(rows.length));
    } catch (error) {
      runInAction(() => (this.deleteError = describeError(error)));
    } finally {
      runInAction(() => (this.deleteBusy = false));
    }
  }
}
