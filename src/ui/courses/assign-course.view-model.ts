import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Department } from '../../contracts/main/workspace.contract';
import type { DueChoice } from '../../contracts/learning/courses.contract';
import { AssignCourse } from '../../application/courses/assign-course.use-case';
import {
  PreviewCourseAssignment,
  type PreviewOutcome,
} from '../../application/courses/preview-course-assignment.use-case';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import type { AssignmentFilter } from '../../domain/courses/assignment-filter';
import { ALL_BUSINESS_UNITS, ALL_DEPARTMENTS_LABEL } from '../../domain/organisation/business-unit-selection';

/** The drawer's field values as antd's Form holds them (dates already as YYYY-MM-DD). */
export interface AssignFormValues {
  businessUnit?: string;
  /** '' means All departments. */
  department?: string;
  joinedFrom?: string;
  joinedTo?: string;
  search?: string;
  /** When it falls due (the workspace default when absent). */
  due?: DueChoice;
}

export const ALL_DEPARTMENTS = '';
const PREVIEW_DELAY_MS = 250;

export function toFilter(values: AssignFormValues): AssignmentFilter {
  return {
    branchId: values.businessUnit && values.businessUnit !== ALL_BUSINESS_UNITS ? values.businessUnit : undefined,
    departmentId: values.department || undefined,
    startJoiningDate: values.joinedFrom || undefined,
    endJoiningDate: values.joinedTo || undefined,
    search: values.search || undefined,
  };
}

/** "Assign course": filters, a live count of who matches, and the confirmation. antd's Form owns the values. */
@injectable()
export class AssignCourseViewModel {
  courseId = '';
  /** Always the departments of `departmentsUnit`: emptied when the unit changes, filled by that unit's own answer. */
  departments: Department[] = [];
  departmentsUnit: string | null = null;
  departmentsLoading = false;
  departmentsError: string | null = null;
  preview: Extract<PreviewOutcome, { ok: true }> | null = null;
  previewStatus: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  previewError: string | null = null;
  fieldErrors: Record<string, string> = {};
  submitting = false;
  submitError: string | null = null;
  private unitNames = new Map<string, string>();
  private previewTicket = 0;
  private departmentsTicket = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    @inject(PreviewCourseAssignment) private readonly previewUseCase: PreviewCourseAssignment,
    @inject(AssignCourse) private readonly assignUseCase: AssignCourse,
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Plain options for antd's Select: "All departments" first; names carry their unit when all units show. */
  get departmentOptions(): { value: string; label: string }[] {
    const all = this.departmentsUnit === ALL_BUSINESS_UNITS;
    return [
      { value: ALL_DEPARTMENTS, label: ALL_DEPARTMENTS_LABEL },
      ...this.departments.map((d) => ({
        value: d.departmentId,
        label:
          all && this.unitNames.get(d.branchId)
            ? `${d.departmentName} (${this.unitNames.get(d.branchId)})`
            : d.departmentName,
      })),
    ];
  }

  get canConfirm(): boolean {
    return this.previewStatus === 'ready' && !!this.preview && this.preview.total > 0 && !this.submitting;
  }

  /** Called when the drawer opens: departments of the starting unit, and the first count. */
  start(courseId: string, values: AssignFormValues, units: { branchId: string; branchName: string }[]): void {
    if (this.timer) clearTimeout(this.timer);
    this.courseId = courseId;
    this.unitNames = new Map(units.map((u) => [u.branchId, u.branchName]));
    this.submitError = null;
    this.preview = null;
    this.previewStatus = 'idle';
    void this.loadDepartments(values.businessUnit ?? ALL_BUSINESS_UNITS);
    void this.refreshPreview(values);
  }

  /** A filter changed: reload departments when the unit did, and recount after a short pause. */
  changed(changed: Partial<AssignFormValues>, values: AssignFormValues): void {
    if ('businessUnit' in changed) void this.loadDepartments(values.businessUnit ?? ALL_BUSINESS_UNITS);
    if (this.timer) clearTimeout(this.timer);
    // A count still on its way (the start's, or an earlier filter's) is for filters no longer shown: drop it now,
    // not when the pause ends, so it cannot show as the ready count of the new filters.
    this.previewTicket++;
    this.previewStatus = 'loading';
    this.timer = setTimeout(() => void this.refreshPreview(values), PREVIEW_DELAY_MS);
  }

  /**
   * The departments of `unit`. The previous unit's list is dropped at once (until the answer, only "All departments"
   * is offered), and only the latest call's answer or failure is applied: an earlier call's never is.
   */
  async loadDepartments(unit: string): Promise<void> {
    const ticket = ++this.departmentsTicket;
    this.departmentsUnit = unit;
    this.departments = [];
    this.departmentsLoading = true;
    this.departmentsError = null;
    try {
      const departments = await this.organisation.departments(
        unit === ALL_BUSINESS_UNITS ? { showAll: true } : { branchId: unit },
      );
      runInAction(() => {
        if (ticket !== this.departmentsTicket) return;
        this.departments = departments;
        this.departmentsLoading = false;
      });
    } catch (error) {
      runInAction(() => {
        if (ticket !== this.departmentsTicket) return;
        this.departmentsLoading = false;
        this.departmentsError = describeError(error);
      });
    }
  }

  async refreshPreview(values: AssignFormValues): Promise<void> {
    const ticket = ++this.previewTicket;
    this.previewStatus = 'loading';
    this.previewError = null;
    try {
      const outcome = await this.previewUseCase.execute(this.courseId, toFilter(values));
      runInAction(() => {
        if (ticket !== this.previewTicket) return; // an older answer arriving late
        if (outcome.ok) {
          this.preview = outcome;
          this.fieldErrors = {};
          this.previewStatus = 'ready';
        } else {
          this.preview = null;
          this.fieldErrors = outcome.fields;
          this.previewStatus = 'error';
          this.previewError = outcome.message;
        }
      });
    } catch (error) {
      runInAction(() => {
        if (ticket !== this.previewTicket) return;
        this.preview = null;
        this.previewStatus = 'error';
        this.previewError = describeError(error);
      });
    }
  }

  /** Returns the success text, or null when it failed (the reason is in submitError). */
  async confirm(values: AssignFormValues): Promise<{ assigned: number; alreadyAssigned: number } | null> {
    this.submitting = true;
    this.submitError = null;
    try {
      const outcome = await this.assignUseCase.execute({
        courseId: this.courseId,
        filter: toFilter(values),
        due: values.due,
      });
      return runInAction(() => {
        if (outcome.ok) return { assigned: outcome.assigned, alreadyAssigned: outcome.alreadyAssigned };
        if (outcome.reason === 'invalid' && !outcome.code) this.fieldErrors = outcome.fields;
        this.submitError =
          outcome.code === 'not-published' ? 'Only a published course can be assigned.' : outcome.message;
        return null;
      });
    } catch (error) {
      runInAction(() => (this.submitError = describeError(error)));
      return null;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  /** The drawer closed: its pending recount is cancelled and answers still on their way are ignored. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.previewTicket++;
    this.departmentsTicket++;
  }
}
