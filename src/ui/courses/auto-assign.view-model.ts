import { inject, injectable } from 'inversify';
import { ResetAutoAssignRule } from '../../application/courses/reset-auto-assign-rule.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AutoAssignRule, AutoAssignRuleBody, AutoAssignRun } from '../../contracts/learning/auto-assign.contract';
import type { Department } from '../../contracts/main/workspace.contract';
import { AutoAssignApi } from '../../application/courses/auto-assign-api.port';
import { SaveAutoAssignRule } from '../../application/courses/auto-assign.use-cases';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import type { Role } from '../../domain/auth/roles';
import { plural } from '../shared/plural';

/** The form's values as antd holds them ('' means any; dates already YYYY-MM-DD). */
export interface AutoAssignFormValues {
  businessUnit: string;
  department: string;
  joinedFrom?: string;
  joinedTo?: string;
  role: Role | '';
  enabled: boolean;
  dueDays?: number | null;
}

export const ANY = '';

export function toRuleBody(values: AutoAssignFormValues): AutoAssignRuleBody {
  return {
    branchId: values.businessUnit || null,
    departmentId: values.department || null,
    startJoiningDate: values.joinedFrom || null,
    endJoiningDate: values.joinedTo || null,
    role: values.role || null,
    enabled: values.enabled,
    dueDays: values.dueDays || null,
  };
}

/** What a run did, in words. */
export function describeRun(run: AutoAssignRun): string {
  const parts = [
    `${plural(run.assigned, 'person', 'people')} newly assigned`,
    `${run.alreadyAssigned} already had the course`,
  ];
  if (run.notAssigned > 0) parts.push(`${run.notAssigned} not assigned: no credits left`);
  return parts.join(', ');
}

/** The course's "Auto-assign" tab: the rule (unit, department, joining dates, role, enabled), save and reset. */
@injectable()
export class AutoAssignViewModel {
  courseId = '';
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  loadError: string | null = null;
  rule: AutoAssignRule | null = null;
  departments: Department[] = [];
  departmentsLoading = false;
  saving = false;
  resetting = false;
  fieldErrors: Record<string, string> = {};
  saveError: string | null = null;
  /** The last save's run, in words, for the success banner. */
  lastRun: AutoAssignRun | null = null;
  cleared = false;
  private departmentsTicket = 0;

  constructor(
    @inject(AutoAssignApi) private readonly api: AutoAssignApi,
    @inject(SaveAutoAssignRule) private readonly saveRule: SaveAutoAssignRule,
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(ResetAutoAssignRule) private readonly resetRule: ResetAutoAssignRule,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get departmentOptions(): { value: string; label: string }[] {
    return [
      { value: ANY, label: 'Any department' },
      ...this.departments.map((d) => ({ value: d.departmentId, label: d.departmentName })),
    ];
  }

  /** The form's starting values: the saved rule, or an enabled rule with no criterion. */
  get initialValues(): AutoAssignFormValues {
    const r = this.rule;
    return {
      businessUnit: r?.branchId ?? ANY,
      department: r?.departmentId ?? ANY,
      joinedFrom: r?.startJoiningDate ?? undefined,
      joinedTo: r?.endJoiningDate ?? undefined,
      role: r?.role ?? ANY,
      enabled: r?.enabled ?? true,
      dueDays: r?.dueDays ?? null,
    };
  }

  async load(courseId: string): Promise<void> {
    this.courseId = courseId;
    this.status = 'loading';
    this.loadError = null;
    try {
      const rule = await this.api.rule(courseId);
      runInAction(() => {
        this.rule = rule;
        this.status = 'ready';
      });
      await this.loadDepartments(rule?.branchId ?? ANY);
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.loadError = describeError(error);
      });
    }
  }

  /** The departments of a unit (none offered for "any unit": a department belongs to one unit). Only the latest answer counts. */
  async loadDepartments(unit: string): Promise<void> {
    const ticket = ++this.departmentsTicket;
    this.departments = [];
    if (!unit) return;
    this.departmentsLoading = true;
    try {
      const departments = await this.organisation.departments({ branchId: unit });
      runInAction(() => {
        if (ticket === this.departmentsTicket) this.departments = departments;
      });
    } catch (error) {
      runInAction(() => {
        if (ticket === this.departmentsTicket)
          this.fieldErrors = { ...this.fieldErrors, departmentId: describeError(error) };
      });
    } finally {
      runInAction(() => {
        if (ticket === this.departmentsTicket) this.departmentsLoading = false;
      });
    }
  }

  async save(values: AutoAssignFormValues): Promise<boolean> {
    this.saving = true;
    this.fieldErrors = {};
    this.saveError = null;
    this.lastRun = null;
    this.cleared = false;
    try {
      const result = await this.saveRule.execute(this.courseId, toRuleBody(values));
      runInAction(() => {
        if (result.ok) {
          this.rule = result.rule;
          this.lastRun = result.run;
        } else {
          this.fieldErrors = result.fields;
          this.saveError = result.message;
        }
      });
      return result.ok;
    } catch (error) {
      runInAction(() => (this.saveError = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async reset(): Promise<void> {
    this.resetting = true;
    this.saveError = null;
    this.lastRun = null;
    try {
      const outcome = await this.resetRule.execute([this.courseId]);
      runInAction(() => {
        if (!outcome.ok) {
          this.saveError = outcome.message;
          return;
        }
        this.rule = null;
        this.cleared = true;
        this.fieldErrors = {};
      });
    } catch (error) {
      runInAction(() => (this.saveError = describeError(error)));
    } finally {
      runInAction(() => (this.resetting = false));
    }
  }
}
