import { ContainerModule, inject, injectable } from 'inversify';
import { PermissionsViewModel } from './permissions.view-model';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Branch, CompanyProfile } from '../../contracts/main/workspace.contract';
import type {
  BusinessUnit,
  DepartmentManager,
  DepartmentRow,
  ManagerRole,
  SignInMethod,
  UpdateSettingsBody,
  UserChoice,
  WorkspaceSettings,
} from '../../contracts/main/organisation.contract';
import { DeleteBusinessUnit, SaveBusinessUnit, SetBusinessUnitColour } from '../../application/organisation/business-unit.use-cases';
import {
  AppointDepartmentManager,
  CreateDepartment,
  DeleteDepartments,
  RemoveDepartmentManager,
  RenameDepartment,
} from '../../application/organisation/department.use-cases';
import { BusinessUnitsApi, DepartmentsApi, WorkspaceAdminApi } from '../../application/organisation/organisation-admin-api.port';
import { SaveWorkspaceSettings, SetWorkspaceColour, UploadLogo } from '../../application/organisation/workspace-admin.use-cases';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { SiteInfo } from '../../application/shared/site';
import { seesAllBusinessUnits, type Role } from '../../domain/auth/roles';
import { normaliseHex } from '../../domain/organisation/branding';
import { deletePlan, moveTargets, peopleCount } from '../../domain/organisation/business-unit-rules';
import { ALL_BUSINESS_UNITS, ALL_BUSINESS_UNITS_LABEL } from '../../domain/organisation/business-unit-selection';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from '../../domain/organisation/workspace-policy';
import { PagedList } from '../shared/paged-list';
import { InvitationTemplateViewModel, SignupAllowListViewModel } from './settings.view-models';
import { signInMethodChoices } from '../../domain/auth/social-sign-in';

type LoadStatus = 'loading' | 'ready' | 'error';
export type Notice = { type: 'success' | 'error'; message: string } | null;

/** Roles that change business units and departments; a business-unit admin only reads. */
export function managesOrganisation(role: Role): boolean {
  return role === 'WORKSPACE_ADMIN' || role === 'EMPLOYER';
}

// ---------------------------------------------------------------- business units

export interface UnitEditor {
  mode: 'create' | 'edit';
  unit: BusinessUnit | null;
}

/** The business-units screen: paged, searchable table; create, rename, headquarters, colour, delete with a move. */
@injectable()
export class BusinessUnitsViewModel {
  search = '';
  readonly list = new PagedList<BusinessUnit>((page, pageSize) => this.units.list({ page, pageSize, search: this.search || undefined }), {
    key: (u) => u.branchId,
  });
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
    return moveTargets(this.deleting, this.allUnits).map((u) => ({ value: u.branchId, label: u.headquarter ? `${u.branchName} (headquarters)` : u.branchName }));
  }

  /** What the delete dialog says will happen. */
  get deleteSummary(): string {
    const unit = this.deleting;
    if (!unit) return '';
    const departments = unit.departmentCount > 0 ? ` Its ${unit.departmentCount} department${unit.departmentCount === 1 ? '' : 's'} will be deleted with it.` : '';
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
      const outcome = await this.saveUnit.execute({ branchId: editor.unit?.branchId, branchName: values.branchName, headquarter: values.headquarter });
      if (!outcome.ok) {
        runInAction(() => {
          this.formError = outcome.message;
          this.formFields = outcome.fields;
        });
        return;
      }
      runInAction(() => {
        this.editor = null;
        this.notice = { type: 'success', message: editor.mode === 'create' ? `Business unit "${outcome.unit.branchName}" created.` : `"${outcome.unit.branchName}" saved.` };
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
      const outcome = await this.saveUnit.execute({ branchId: unit.branchId, branchName: unit.branchName, headquarter: true });
      runInAction(() => {
        this.notice = outcome.ok ? { type: 'success', message: `"${unit.branchName}" is now the headquarters.` } : { type: 'error', message: outcome.message };
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

// ---------------------------------------------------------------- departments

/** The departments screen: unit filter (All Business Units by default), search, create, rename, delete, managers. */
@injectable()
export class DepartmentsViewModel {
  search = '';
  unitFilter: string = ALL_BUSINESS_UNITS;
  /** Only rows on the page shown stay selected: "Delete selected" acts on what the admin sees. */
  readonly list = new PagedList<DepartmentRow>(
    (page, pageSize) =>
      this.departments.list({ page, pageSize, search: this.search || undefined, branchId: this.unitFilter === ALL_BUSINESS_UNITS ? undefined : this.unitFilter }),
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
    return [{ value: 'ALL', label: `${ALL_BUSINESS_UNITS_LABEL} (one department in each)` }, ...this.units.map((u) => ({ value: u.branchId, label: u.branchName }))];
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
        this.notice = { type: 'success', message: `Department "${values.departmentName.trim()}" created${n > 1 ? ` in ${n} business units` : ''}.` };
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
      const outcome = await this.renameDepartment.execute({ departmentId: row.departmentId, departmentName: values.departmentName });
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

/** The managers drawer of one department: the list, a server-side user search, appoint and remove. */
export class DepartmentManagersViewModel {
  department: DepartmentRow | null = null;
  status: LoadStatus = 'loading';
  error: string | null = null;
  list: DepartmentManager[] = [];
  candidates: UserChoice[] = [];
  searching = false;
  busy = false;
  formError: string | null = null;
  formFields: Record<string, string> = {};
  notice: Notice = null;
  /** Bumped after an appointment, so the screen can reset its form. */
  appointed = 0;
  private searchSeq = 0;
  private listSeq = 0;

  constructor(
    private readonly departments: DepartmentsApi,
    private readonly appoint: AppointDepartmentManager,
    private readonly remove: RemoveDepartmentManager,
    private readonly changed: () => void,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get candidateOptions(): { value: string; label: string }[] {
    return this.candidates.map((c) => ({ value: c.userId, label: `${c.name} <${c.email}>${c.branchName ? ` · ${c.branchName}` : ''}` }));
  }

  async open(department: DepartmentRow): Promise<void> {
    this.department = department;
    this.status = 'loading';
    this.list = [];
    this.notice = null;
    this.formError = null;
    this.formFields = {};
    this.candidates = [];
    await Promise.all([this.reload(), this.searchUsers('')]);
  }

  close(): void {
    this.department = null;
    this.listSeq++;
  }

  /** Only the latest read is applied: a list still on its way when the drawer moved to another department is dropped. */
  private async reload(): Promise<void> {
    const department = this.department;
    if (!department) return;
    const seq = ++this.listSeq;
    // A refresh after a change keeps showing the list; only the first load shows the spinner.
    if (this.status !== 'ready') this.status = 'loading';
    try {
      const list = await this.departments.managers(department.departmentId);
      runInAction(() => {
        if (seq !== this.listSeq) return;
        this.list = list;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        if (seq !== this.listSeq) return;
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  /** Searches on the server; an older answer arriving late does not overwrite a newer one. */
  async searchUsers(text: string): Promise<void> {
    const seq = ++this.searchSeq;
    this.searching = true;
    try {
      const found = await this.departments.searchUsers(text.trim());
      runInAction(() => {
        if (seq === this.searchSeq) this.candidates = found;
      });
    } catch (error) {
      runInAction(() => (this.formError = describeError(error)));
    } finally {
      runInAction(() => {
        if (seq === this.searchSeq) this.searching = false;
      });
    }
  }

  async add(values: { userId?: string; role?: ManagerRole }): Promise<void> {
    const department = this.department;
    if (!department) return;
    this.busy = true;
    this.formError = null;
    this.formFields = {};
    this.notice = null;
    try {
      const outcome = await this.appoint.execute({ departmentId: department.departmentId, userId: values.userId, role: values.role });
      if (!outcome.ok) {
        runInAction(() => {
          this.formError = outcome.message;
          this.formFields = outcome.fields;
        });
        return;
      }
      runInAction(() => {
        this.appointed += 1;
        this.notice = { type: 'success', message: `${outcome.manager.firstName} ${outcome.manager.lastName} appointed.` };
      });
      await this.reload();
      this.changed();
    } catch (error) {
      runInAction(() => (this.formError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async removeManager(manager: DepartmentManager): Promise<void> {
    const department = this.department;
    if (!department) return;
    this.busy = true;
    this.notice = null;
    try {
      const outcome = await this.remove.execute({ departmentId: department.departmentId, userId: manager.userId });
      runInAction(() => {
        this.notice = outcome.ok
          ? { type: 'success', message: `${manager.firstName} ${manager.lastName} is no longer a manager of ${department.departmentName}.` }
          : { type: 'error', message: outcome.message };
      });
      await this.reload();
      this.changed();
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}

// ---------------------------------------------------------------- branding

/** The branding screen: workspace colour with a live preview, the logo, and each unit's colour. */
@injectable()
export class BrandingViewModel {
  status: LoadStatus = 'loading';
  error: string | null = null;
  profile: CompanyProfile | null = null;
  /** The colour being tried (the preview follows it before it is saved). */
  draftColour = '#1f6feb';
  colourError: string | null = null;
  logoError: string | null = null;
  busy: 'colour' | 'logo' | null = null;
  notice: Notice = null;
  units: Branch[] = [];

  constructor(
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(SiteInfo) private readonly site: SiteInfo,
    @inject(SetWorkspaceColour) private readonly setWorkspaceColour: SetWorkspaceColour,
    @inject(UploadLogo) private readonly uploadLogo: UploadLogo,
    @inject(WorkspaceAdminApi) private readonly workspace: WorkspaceAdminApi,
    @inject(SetBusinessUnitColour) private readonly setUnitColour: SetBusinessUnitColour,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The preview's colour: the draft when it is a colour, else the saved one. */
  get previewColour(): string {
    const hex = normaliseHex(this.draftColour);
    return hex ? `#${hex}` : (this.profile?.backgroundColor ?? '#1f6feb');
  }

  get dirty(): boolean {
    return normaliseHex(this.draftColour) !== normaliseHex(this.profile?.backgroundColor ?? '');
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const host = this.site.currentHost;
      const [profile, units] = await Promise.all([this.organisation.companyProfile(host), this.organisation.businessUnits()]);
      runInAction(() => {
        this.profile = profile;
        this.units = units;
        this.draftColour = profile?.backgroundColor ?? '#1f6feb';
        this.status = profile ? 'ready' : 'error';
        if (!profile) this.error = 'This workspace could not be found.';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  tryColour(colour: string): void {
    this.draftColour = colour;
    this.colourError = null;
  }

  async saveColour(): Promise<void> {
    this.busy = 'colour';
    this.colourError = null;
    this.notice = null;
    try {
      const outcome = await this.setWorkspaceColour.execute(this.draftColour);
      runInAction(() => {
        if (outcome.ok) {
          if (this.profile) this.profile = { ...this.profile, backgroundColor: outcome.backgroundColor };
          this.draftColour = outcome.backgroundColor;
          this.notice = { type: 'success', message: 'Workspace colour saved. It shows after the next page load.' };
        } else {
          this.colourError = outcome.message;
        }
      });
    } catch (error) {
      runInAction(() => (this.colourError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  async chooseLogo(file: File): Promise<void> {
    this.busy = 'logo';
    this.logoError = null;
    this.notice = null;
    try {
      const outcome = await this.uploadLogo.execute({ blob: file, name: file.name });
      runInAction(() => {
        if (outcome.ok) {
          if (this.profile) this.profile = { ...this.profile, companyLogo: outcome.companyLogo };
          this.notice = { type: 'success', message: 'Logo uploaded. The sign-in page shows it now.' };
        } else {
          this.logoError = outcome.message;
        }
      });
    } catch (error) {
      runInAction(() => (this.logoError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  async removeLogo(): Promise<void> {
    this.busy = 'logo';
    this.logoError = null;
    try {
      await this.workspace.removeLogo();
      runInAction(() => {
        if (this.profile) this.profile = { ...this.profile, companyLogo: null };
        this.notice = { type: 'success', message: 'Logo removed.' };
      });
    } catch (error) {
      runInAction(() => (this.logoError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  async saveUnitColour(unit: Branch, colour: string): Promise<void> {
    this.notice = null;
    try {
      const outcome = await this.setUnitColour.execute({ branchId: unit.branchId, colour });
      runInAction(() => {
        if (outcome.ok) {
          this.units = this.units.map((u) => (u.branchId === unit.branchId ? { ...u, backgroundColor: outcome.unit.backgroundColor } : u));
          this.notice = { type: 'success', message: `Colour of "${unit.branchName}" saved.` };
        } else {
          this.notice = { type: 'error', message: outcome.message };
        }
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    }
  }
}

// ---------------------------------------------------------------- settings

/** Which part of the settings screen a save came from, for its confirmation. */
export type SettingsSection = 'sign-in' | 'sign-up' | 'invitations';
const SAVED: Record<SettingsSection, string> = {
  'sign-in': 'Sign-in and session settings saved.',
  'sign-up': 'Sign-up setting saved.',
  invitations: 'Invitation lifetime saved.',
};

@injectable()
export class WorkspaceSettingsViewModel {
  status: LoadStatus = 'loading';
  error: string | null = null;
  bulkSignUpEnabled = false;
  socialPlatformSet: SignInMethod[] = [];
  /** The methods the server is configured for; the others are shown disabled, with what it takes to configure them. */
  availableSocialPlatforms: SignInMethod[] = [];
  policy: SessionPolicy = { ...DEFAULT_SESSION_POLICY };
  /** Changed on every load or save, so each form takes the saved values. */
  version = 0;
  saving: SettingsSection | null = null;
  notice: Notice = null;
  noticeSection: SettingsSection | null = null;
  fieldErrors: Record<string, string> = {};

  constructor(
    @inject(WorkspaceAdminApi) private readonly workspace: WorkspaceAdminApi,
    @inject(SaveWorkspaceSettings) private readonly saveSettings: SaveWorkspaceSettings,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  private apply(settings: WorkspaceSettings): void {
    this.bulkSignUpEnabled = settings.bulkSignUpEnabled;
    this.socialPlatformSet = settings.socialPlatformSet;
    this.availableSocialPlatforms = settings.availableSocialPlatforms;
    this.policy = {
      minPasswordLength: settings.minPasswordLength,
      privilegedIdleMinutes: settings.privilegedIdleMinutes,
      privilegedSessionHours: settings.privilegedSessionHours,
      sessionLifetimeDays: settings.sessionLifetimeDays,
      inviteValidDays: settings.inviteValidDays,
    };
    this.version += 1;
  }

  /** Google and Microsoft for the checkboxes: those the server cannot serve are disabled, with the reason. */
  get signInMethodChoices() {
    return signInMethodChoices(this.availableSocialPlatforms);
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const settings = await this.workspace.settings();
      runInAction(() => {
        this.apply(settings);
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  /** Saves what one part of the screen changed; a refused value is named under its field. */
  async save(values: UpdateSettingsBody, section: SettingsSection = 'sign-in'): Promise<void> {
    this.saving = section;
    this.notice = null;
    this.noticeSection = section;
    this.fieldErrors = {};
    try {
      const outcome = await this.saveSettings.execute(values);
      runInAction(() => {
        if (outcome.ok) {
          this.apply(outcome.settings);
          this.notice = { type: 'success', message: SAVED[section] };
        } else {
          this.fieldErrors = outcome.fields;
          // A refusal naming fields is shown under them; only one naming none needs the alert.
          if (Object.keys(outcome.fields).length === 0) this.notice = { type: 'error', message: outcome.message };
        }
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.saving = null));
    }
  }
}

/** View-models of the organisation area (one instance per mounted screen). */
export const organisationViewModels = new ContainerModule(({ bind }) => {
  bind(BusinessUnitsViewModel).toSelf();
  bind(PermissionsViewModel).toSelf();
  bind(DepartmentsViewModel).toSelf();
  bind(BrandingViewModel).toSelf();
  bind(WorkspaceSettingsViewModel).toSelf();
  bind(SignupAllowListViewModel).toSelf();
  bind(InvitationTemplateViewModel).toSelf();
});
