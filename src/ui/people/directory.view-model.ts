import { inject, injectable } from 'inversify';
import { SignOutEverywhere } from '../../application/people/sign-out-everywhere.use-case';
import { UnlockAccount } from '../../application/people/unlock-account.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import type { DirectoryUser, UserStats, UserUpdate } from '../../contracts/main/users.contract';
import type { Department } from '../../contracts/main/workspace.contract';
import { BulkEditPeople, DeletePeople, EditPerson } from '../../application/people/edit-people.use-case';
import { FindPeople } from '../../application/people/find-people.use-case';
import { ManageInvitations } from '../../application/people/invite-people.use-case';
import { DirectoryApi } from '../../application/people/directory-api.port';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { assignableRoles, ROLE_LABELS, type Role } from '../../domain/auth/roles';
import { ALL_BUSINESS_UNITS, ALL_DEPARTMENTS_LABEL } from '../../domain/organisation/business-unit-selection';
import { USER_STATUS_LABELS, type DirectorySort, type UserStatus } from '../../domain/people/directory';
import { SessionViewModel } from '../shell/session.view-model';
import { PagedList } from '../shared/paged-list';
import { plural } from '../shared/plural';

export interface DirectoryFilters {
  /** A unit id, or ALL_BUSINESS_UNITS. */
  businessUnit: string;
  /** '' = All departments. */
  department: string;
  role?: Role;
  status?: UserStatus;
  joinedFrom?: string;
  joinedTo?: string;
}

export interface DirectoryRow extends DirectoryUser {
  key: string;
  name: string;
  roleLabel: string;
  statusLabel: string;
}

/** The edit form's values, as antd's Form holds them. */
export interface PersonFormValues {
  firstName: string;
  lastName: string;
  employeeId: string;
  designation: string;
  phoneNumber: string;
  dateOfJoining: string;
  branchId: string;
  /** '' = no department. */
  departmentId: string;
  role: Role;
}

const SEARCH_DELAY_MS = 300;

/** The directory screen: filters, search, server-side paging and sorting, selection, edit and bulk actions. */
@injectable()
export class DirectoryViewModel {
  searchText = '';
  filters: DirectoryFilters = { businessUnit: ALL_BUSINESS_UNITS, department: '' };
  /** The selection is kept across pages and searches, so people found by different searches can be acted on together. */
  readonly list = new PagedList<DirectoryUser, DirectorySort>(
    (page, pageSize, sort) => this.findPage(page, pageSize, sort?.by, sort?.order),
    {
      sort: { by: 'name', order: 'asc' },
      key: (u) => u.userId,
      selection: 'keep',
    },
  );
  departments: Department[] = [];
  stats: UserStats | null = null;

  editing: DirectoryUser | null = null;
  editDepartments: Department[] = [];
  saving = false;
  formError: string | null = null;
  fieldErrors: Record<string, string> = {};

  /** A bulk action under way: how far it got. */
  progress: { done: number; total: number; label: string } | null = null;
  /** What the last action did, for the message line. */
  notice: { type: 'success' | 'warning' | 'error'; text: string } | null = null;

  /** Latest department reads (filter list, edit form's list) and the units the shown lists belong to. */
  private departmentsTicket = 0;
  private departmentsOf: string | null = null;
  private editDepartmentsTicket = 0;
  private editDepartmentsOf: string | null = null;
  private searchTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    @inject(FindPeople) private readonly findPeople: FindPeople,
    @inject(EditPerson) private readonly editPerson: EditPerson,
    @inject(BulkEditPeople) private readonly bulkEdit: BulkEditPeople,
    @inject(DeletePeople) private readonly deletePeople: DeletePeople,
    @inject(DirectoryApi) private readonly directory: DirectoryApi,
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(ManageInvitations) private readonly invitations: ManageInvitations,
    @inject(SignOutEverywhere) private readonly signOut: SignOutEverywhere,
    @inject(UnlockAccount) private readonly unlocking: UnlockAccount,
  ) {
    makeAutoObservable(this, { list: false }, { autoBind: true });
  }

  get me() {
    return this.session.workspaceUser;
  }

  /** Plain rows for antd's Table (not an observer). */
  get rows(): DirectoryRow[] {
    return this.list.items.map((u) => ({
      ...u,
      key: u.userId,
      name: `${u.firstName} ${u.lastName}`.trim() || u.email,
      roleLabel: ROLE_LABELS[u.role],
      statusLabel: USER_STATUS_LABELS[u.status],
    }));
  }

  /** The department filter: "All departments" first, then the chosen unit's. */
  get departmentOptions(): { value: string; label: string }[] {
    return [
      { value: '', label: ALL_DEPARTMENTS_LABEL },
      ...this.departments.map((d) => ({ value: d.departmentId, label: d.departmentName })),
    ];
  }

  /** Said only once a page has come back empty (the table shows a skeleton while loading). */
  get emptyText(): string {
    const f = this.filters;
    return this.searchText || f.role || f.status || f.department || f.joinedFrom || f.joinedTo
      ? 'Nobody matches these filters'
      : 'Nobody here yet: import or invite your people';
  }

  get roleOptions() {
    return (Object.keys(ROLE_LABELS) as Role[]).map((value) => ({ value, label: ROLE_LABELS[value] }));
  }

  /** The roles the signed-in admin may give, for the edit form. */
  get assignableRoleOptions() {
    return assignableRoles(this.me?.role ?? 'EMPLOYEE').map((value) => ({ value, label: ROLE_LABELS[value] }));
  }

  get statusOptions() {
    return (Object.keys(USER_STATUS_LABELS) as UserStatus[]).map((value) => ({
      value,
      label: USER_STATUS_LABELS[value],
    }));
  }

  get busy(): boolean {
    return this.progress !== null;
  }

  /** First load: the business unit chosen in the header, then the page and the counts. */
  async start(businessUnit: string | null): Promise<void> {
    this.filters = { businessUnit: businessUnit ?? ALL_BUSINESS_UNITS, department: '' };
    await Promise.all([this.loadDepartments(), this.load(1), this.loadStats()]);
  }

  load(page?: number, pageSize?: number): Promise<void> {
    return this.list.load(page, pageSize);
  }

  /** One page as the filters, the search and the list's sort ask for it. */
  private findPage(
    page: number,
    pageSize: number,
    sortBy: DirectorySort | undefined,
    sortOrder: 'asc' | 'desc' | undefined,
  ) {
    const f = this.filters;
    return this.findPeople.execute({
      page,
      pageSize,
      sortBy,
      sortOrder,
      branchId: f.businessUnit !== ALL_BUSINESS_UNITS ? f.businessUnit : undefined,
      departmentId: f.department || undefined,
      role: f.role,
      status: f.status,
      joinedFrom: f.joinedFrom || undefined,
      joinedTo: f.joinedTo || undefined,
      searchText: this.searchText,
    });
  }

  async loadStats(): Promise<void> {
    try {
      const stats = await this.directory.stats();
      runInAction(() => (this.stats = stats));
    } catch {
      // The counts are a summary: the list says what went wrong if the server is unreachable.
      runInAction(() => (this.stats = null));
    }
  }

  /**
   * The filter's departments for the chosen unit. Another unit's list is dropped at once and only the latest read is
   * applied: the start's list of all departments arriving after a unit was picked never replaces that unit's.
   */
  private async loadDepartments(): Promise<void> {
    const unit = this.filters.businessUnit;
    const ticket = ++this.departmentsTicket;
    if (this.departmentsOf !== unit) this.departments = [];
    this.departmentsOf = unit;
    try {
      const departments = await this.organisation.departments(
        unit === ALL_BUSINESS_UNITS ? { showAll: true } : { branchId: unit },
      );
      runInAction(() => {
        if (ticket === this.departmentsTicket) this.departments = departments;
      });
    } catch {
      runInAction(() => {
        if (ticket === this.departmentsTicket) this.departments = [];
      });
    }
  }

  setFilters(change: Partial<DirectoryFilters>): Promise<void> {
    const unitChanged = change.businessUnit !== undefined && change.businessUnit !== this.filters.businessUnit;
    this.filters = { ...this.filters, ...change, ...(unitChanged ? { department: '' } : {}) };
    if (unitChanged) void this.loadDepartments();
    return this.load(1);
  }

  /** Typing in the search box: waits for a pause before asking the server. */
  setSearchText(text: string): void {
    this.searchText = text;
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => void this.load(1), SEARCH_DELAY_MS);
  }

  /** Enter in the search box: no waiting. */
  searchNow(text: string): Promise<void> {
    clearTimeout(this.searchTimer);
    this.searchText = text;
    return this.load(1);
  }

  // --- Edit one person ---

  async openEdit(user: DirectoryUser): Promise<void> {
    this.editing = user;
    this.formError = null;
    this.fieldErrors = {};
    await this.loadEditDepartments(user.branchId);
  }

  closeEdit(): void {
    this.editing = null;
  }

  /** The edit form's departments, with the same rule: only the unit last chosen, never another's list meanwhile. */
  async loadEditDepartments(branchId: string | null): Promise<void> {
    const ticket = ++this.editDepartmentsTicket;
    if (this.editDepartmentsOf !== branchId) this.editDepartments = [];
    this.editDepartmentsOf = branchId;
    if (!branchId) return;
    try {
      const departments = await this.organisation.departments({ branchId });
      runInAction(() => {
        if (ticket === this.editDepartmentsTicket) this.editDepartments = departments;
      });
    } catch {
      runInAction(() => {
        if (ticket === this.editDepartmentsTicket) this.editDepartments = [];
      });
    }
  }

  formValues(user: DirectoryUser): PersonFormValues {
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      employeeId: user.employeeId ?? '',
      designation: user.designation ?? '',
      phoneNumber: user.phoneNumber ?? '',
      dateOfJoining: user.dateOfJoining ?? '',
      branchId: user.branchId ?? '',
      departmentId: user.departmentId ?? '',
      role: user.role,
    };
  }

  /** Saves only what changed; answers whether the drawer may close. */
  async save(values: PersonFormValues): Promise<boolean> {
    const user = this.editing;
    if (!user) return false;
    const before = this.formValues(user);
    const change: UserUpdate = {};
    if (values.firstName !== before.firstName) change.firstName = values.firstName;
    if (values.lastName !== before.lastName) change.lastName = values.lastName;
    if (values.employeeId !== before.employeeId) change.employeeId = values.employeeId || null;
    if (values.designation !== before.designation) change.designation = values.designation || null;
    if (values.phoneNumber !== before.phoneNumber) change.phoneNumber = values.phoneNumber || null;
    if (values.dateOfJoining !== before.dateOfJoining) change.dateOfJoining = values.dateOfJoining || null;
    if (values.branchId !== before.branchId && values.branchId) change.branchId = values.branchId;
    if (values.departmentId !== before.departmentId || change.branchId)
      change.departmentId = values.departmentId || null;
    if (values.role !== before.role) change.role = values.role;
    if (Object.keys(change).length === 0) {
      this.editing = null;
      return true;
    }
    this.saving = true;
    this.formError = null;
    this.fieldErrors = {};
    try {
      const outcome = await this.editPerson.execute(user.userId, change);
      if (!outcome.ok) {
        runInAction(() => {
          this.formError = outcome.message;
          this.fieldErrors = outcome.fields;
        });
        return false;
      }
      runInAction(() => {
        this.list.replace(outcome.user);
        this.editing = null;
        this.notice = { type: 'success', text: `Saved ${outcome.user.email}` };
      });
      void this.loadStats();
      return true;
    } catch (error) {
      runInAction(() => (this.formError = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  // --- Status and deletion, for one or many ---

  async setStatus(userIds: readonly string[], status: 'ACTIVE' | 'INACTIVE'): Promise<void> {
    const label = status === 'INACTIVE' ? 'Deactivating' : 'Reactivating';
    this.progress = { done: 0, total: userIds.length, label };
    this.notice = null;
    try {
      const result = await this.bulkEdit.execute(userIds, { status }, (done, total) =>
        runInAction(() => (this.progress = { done, total, label })),
      );
      runInAction(() => {
        const verb = status === 'INACTIVE' ? 'Deactivated' : 'Reactivated';
        this.notice =
          result.failed.length === 0
            ? { type: 'success', text: `${verb} ${plural(result.changed, 'person', 'people')}` }
            : {
                type: 'warning',
                text: `${verb} ${plural(result.changed, 'person', 'people')}; ${result.failed.length} not changed: ${result.failed.map((f) => this.describeFailure(f)).join('; ')}`,
              };
        if (this.editing && userIds.includes(this.editing.userId)) this.editing = null;
        this.list.clearSelection();
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
    } finally {
      runInAction(() => (this.progress = null));
      await Promise.all([this.load(), this.loadStats()]);
    }
  }

  async remove(userIds: readonly string[]): Promise<boolean> {
    this.progress = { done: 0, total: userIds.length, label: 'Deleting' };
    this.notice = null;
    try {
      const outcome = await this.deletePeople.execute(userIds);
      runInAction(() => {
        this.notice = outcome.ok
          ? { type: 'success', text: `Deleted ${plural(outcome.deleted, 'person', 'people')}` }
          : { type: 'error', text: `Nothing was deleted: ${outcome.message}` };
        if (outcome.ok) {
          this.list.clearSelection();
          this.editing = null;
        }
      });
      return outcome.ok;
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
      return false;
    } finally {
      runInAction(() => (this.progress = null));
      await Promise.all([this.load(), this.loadStats()]);
    }
  }

  /** Sends the invitations of these people again: a new link each, the old ones stop working. */
  async resendInvitations(users: readonly DirectoryUser[]): Promise<void> {
    const invited = users.filter((u) => u.status === 'INVITED');
    if (invited.length === 0) {
      this.notice = { type: 'warning', text: 'None of them is waiting for an invitation' };
      return;
    }
    this.progress = { done: 0, total: invited.length, label: 'Sending invitations' };
    try {
      const outcome = await this.invitations.resend(invited.map((u) => ({ branchId: u.branchId, email: u.email })));
      runInAction(() => {
        this.notice = outcome.ok
          ? { type: 'success', text: `Sent ${plural(outcome.count, 'invitation', 'invitations')} again` }
          : { type: 'error', text: outcome.message };
        if (outcome.ok) this.list.clearSelection();
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
    } finally {
      runInAction(() => (this.progress = null));
      await this.load();
    }
  }

  async withdrawInvitation(user: DirectoryUser): Promise<void> {
    try {
      const outcome = await this.invitations.withdraw({ branchId: user.branchId, email: user.email });
      runInAction(() => {
        this.notice = outcome.ok
          ? { type: 'success', text: `Withdrew the invitation of ${user.email}` }
          : { type: 'error', text: outcome.message };
        if (outcome.ok) this.editing = null;
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
    } finally {
      await Promise.all([this.load(), this.loadStats()]);
    }
  }

  /** Workspace admins only (the server enforces it): on a lost device, a leaver, a suspicion. */
  get maySignOthersOut(): boolean {
    return this.me?.role === 'WORKSPACE_ADMIN';
  }

  async signOutEverywhere(user: DirectoryUser): Promise<void> {
    try {
      const outcome = await this.signOut.execute(user.userId);
      if (!outcome.ok) {
        runInAction(() => (this.notice = { type: 'error', text: outcome.message }));
        return;
      }
      const { sessionsEnded } = outcome;
      runInAction(
        () =>
          (this.notice = {
            type: 'success',
            text: `Signed ${user.email} out everywhere (${plural(sessionsEnded, 'session', 'sessions')} ended)`,
          }),
      );
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
    }
  }

  /** Workspace admins only (the server enforces it), and only while the person's account is locked. */
  mayUnlock(user: DirectoryUser): boolean {
    return this.me?.role === 'WORKSPACE_ADMIN' && user.lockedUntil !== null;
  }

  /** Lifts the lock taken after too many wrong one-time codes; the person can ask for a code again at once. */
  async unlock(user: DirectoryUser): Promise<void> {
    try {
      const outcome = await this.unlocking.execute(user.userId);
      if (!outcome.ok) {
        runInAction(() => (this.notice = { type: 'error', text: outcome.message }));
        return;
      }
      runInAction(() => {
        this.notice = { type: 'success', text: `Unlocked ${user.email}: they can sign in with a code again` };
        if (this.editing?.userId === user.userId) this.editing = { ...this.editing, lockedUntil: null };
      });
      await this.load();
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
    }
  }

  dismissNotice(): void {
    this.notice = null;
  }

  dispose(): void {
    clearTimeout(this.searchTimer);
  }

  private describeFailure(failure: { userId: string; message: string }): string {
    const user = this.list.items.find((u) => u.userId === failure.userId);
    return `${user?.email ?? failure.userId} (${failure.message})`;
  }
}
