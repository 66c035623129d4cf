import { makeAutoObservable, runInAction } from 'mobx';
import type {
  DepartmentManager,
  DepartmentRow,
  ManagerRole,
  UserChoice,
} from '../../contracts/main/organisation.contract';
import { AppointDepartmentManager, RemoveDepartmentManager } from '../../application/organisation/department.use-cases';
import { DepartmentsApi } from '../../application/organisation/organisation-admin-api.port';
import { describeError } from '../../application/shared/api-error';
import type { LoadStatus, Notice } from './notice';

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
    return this.candidates.map((c) => ({
      value: c.userId,
      label: `${c.name} <${c.email}>${c.branchName ? ` · ${c.branchName}` : ''}`,
    }));
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
      const outcome = await this.appoint.execute({
        departmentId: department.departmentId,
        userId: values.userId,
        role: values.role,
      });
      if (!outcome.ok) {
        runInAction(() => {
          this.formError = outcome.message;
          this.formFields = outcome.fields;
        });
        return;
      }
      runInAction(() => {
        this.appointed += 1;
        this.notice = {
          type: 'success',
          message: `${outcome.manager.firstName} ${outcome.manager.lastName} appointed.`,
        };
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
          ? {
              type: 'success',
              message: `${manager.firstName} ${manager.lastName} is no longer a manager of ${department.departmentName}.`,
            }
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
