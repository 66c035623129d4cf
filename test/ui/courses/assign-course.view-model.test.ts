import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssignCourse } from '../../../src/application/courses/assign-course.use-case';
import type { PageRequest } from '../../../src/application/courses/course-api.port';
import { PreviewCourseAssignment } from '../../../src/application/courses/preview-course-assignment.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { CourseUsers } from '../../../src/contracts/learning/courses.contract';
import type { Department } from '../../../src/contracts/main/workspace.contract';
import type { AssignmentFilter } from '../../../src/domain/courses/assignment-filter';
import { AssignCourseViewModel } from '../../../src/ui/courses/assign-course.view-model';
import { FakeOrganisationApi } from '../../fakes/auth.fakes';
import { FakeCourseApi } from '../../fakes/courses.fakes';

const at = '2026-01-01T00:00:00.000Z';
const DEPARTMENTS: Department[] = [
  { departmentId: 'hr', departmentName: 'Human Resources', branchId: 'hq', createdAt: at },
  { departmentId: 'eng', departmentName: 'Engineering', branchId: 'hq', createdAt: at },
  { departmentId: 'hr-pune', departmentName: 'Human Resources', branchId: 'pune', createdAt: at },
  { departmentId: 'sales-pune', departmentName: 'Sales', branchId: 'pune', createdAt: at },
];
const UNITS = [
  { branchId: 'hq', branchName: 'Acme Headquarters' },
  { branchId: 'pune', branchName: 'Acme Pune' },
];

/** Department lists the test answers when it chooses, in any order, as a slow network would. */
class DeferredOrganisationApi extends FakeOrganisationApi {
  pending: { body: { branchId?: string; showAll?: boolean }; answer: () => void; fail: (e: unknown) => void }[] = [];
  override departments(body: { branchId?: string; showAll?: boolean } = {}): Promise<Department[]> {
    return new Promise((resolve, reject) =>
      this.pending.push({
        body,
        answer: () => resolve(DEPARTMENTS.filter((d) => body.showAll || d.branchId === body.branchId)),
        fail: reject,
      }),
    );
  }
  /** The pending call for a unit ('ALL' for showAll). */
  call(unit: string) {
    const found = this.pending.find((p) => (unit === 'ALL' ? p.body.showAll : p.body.branchId === unit));
    if (!found) throw new Error(`no pending departments call for ${unit}`);
    return found;
  }
}

/** Counts the test answers when it chooses. */
class DeferredCourseApi extends FakeCourseApi {
  pendingCounts: { filter: AssignmentFilter; answer: () => Promise<void> }[] = [];
  override candidates(courseId: string, filter: AssignmentFilter, page: PageRequest): Promise<CourseUsers> {
    return new Promise((resolve) => {
      const entry = {
        filter,
        answer: async () => {
          resolve(await super.candidates(courseId, filter, page));
          await settle();
        },
      };
      this.pendingCounts.push(entry);
    });
  }
}

/** Lets the answered promises run their continuations. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function build() {
  const org = new DeferredOrganisationApi();
  const api = new DeferredCourseApi();
  const vm = new AssignCourseViewModel(new PreviewCourseAssignment(api), new AssignCourse(api), org);
  return { org, api, vm };
}

const labels = (vm: AssignCourseViewModel) => vm.departmentOptions.map((o) => o.label);

describe('AssignCourseViewModel while its start is still loading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a unit picked before the start has answered gets that unit’s departments, never the list of all units', async () => {
    const { org, vm } = build();
    vm.start('c1', { businessUnit: 'ALL', department: '' }, UNITS);
    // The start's list of all departments arrives; its count has not yet.
    org.call('ALL').answer();
    await settle();
    expect(labels(vm)).toContain('Human Resources (Acme Pune)');

    // The admin picks Acme Pune: until Pune's departments arrive, only "All departments" is offered.
    vm.changed({ businessUnit: 'pune' }, { businessUnit: 'pune', department: '' });
    expect(labels(vm)).toEqual(['All departments']);
    expect(vm.departmentsLoading).toBe(true);

    org.call('pune').answer();
    await settle();
    expect(vm.departmentOptions).toEqual([
      { value: '', label: 'All departments' },
      { value: 'hr-pune', label: 'Human Resources' },
      { value: 'sales-pune', label: 'Sales' },
    ]);
    expect(vm.departmentsLoading).toBe(false);
  });

  it('the start’s late list of all departments, or its late failure, never replaces the picked unit’s', async () => {
    const { org, vm } = build();
    vm.start('c1', { businessUnit: 'ALL', department: '' }, UNITS);
    vm.changed({ businessUnit: 'pune' }, { businessUnit: 'pune', department: '' });
    org.call('pune').answer();
    await settle();
    org.call('ALL').fail(new ApiError('server-error', 'INTERNAL', 'Server trouble'));
    await settle();
    expect(labels(vm)).toEqual(['All departments', 'Human Resources', 'Sales']);
    expect(vm.departmentsError).toBeNull();

    // Then Headquarters: its own departments, without Pune's in between.
    vm.changed({ businessUnit: 'hq' }, { businessUnit: 'hq', department: '' });
    expect(labels(vm)).toEqual(['All departments']);
    org.call('hq').answer();
    await settle();
    expect(labels(vm)).toEqual(['All departments', 'Human Resources', 'Engineering']);
  });

  it('a reopened drawer does not show the previous opening’s departments under the new unit', async () => {
    const { org, vm } = build();
    vm.start('c1', { businessUnit: 'ALL', department: '' }, UNITS);
    vm.changed({ businessUnit: 'pune' }, { businessUnit: 'pune', department: '' });
    org.call('pune').answer();
    await settle();
    vm.dispose();

    org.pending = [];
    vm.start('c1', { businessUnit: 'ALL', department: '' }, UNITS);
    vm.changed({ businessUnit: 'hq' }, { businessUnit: 'hq', department: '' });
    expect(labels(vm)).toEqual(['All departments']);
    org.call('hq').answer();
    await settle();
    expect(labels(vm)).toEqual(['All departments', 'Human Resources', 'Engineering']);
  });

  it('the start’s count arriving after a pick does not show everyone as ready; the picked unit’s count does', async () => {
    const { api, vm } = build();
    vm.start('c1', { businessUnit: 'ALL', department: '' }, UNITS);
    await settle();
    expect(api.pendingCounts).toHaveLength(1);

    vm.changed({ businessUnit: 'pune' }, { businessUnit: 'pune', department: '' });
    await api.pendingCounts[0]!.answer(); // everyone: 4
    expect(vm.previewStatus).toBe('loading');
    expect(vm.preview).toBeNull();
    expect(vm.canConfirm).toBe(false);

    await vi.advanceTimersByTimeAsync(300);
    expect(api.pendingCounts).toHaveLength(2);
    expect(api.pendingCounts[1]!.filter).toMatchObject({ branchId: 'pune' });
    await api.pendingCounts[1]!.answer();
    expect(vm.previewStatus).toBe('ready');
    expect(vm.preview).toMatchObject({ total: 3 });
  });
});
