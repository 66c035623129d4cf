import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { ChangeDueDate } from '../../../src/application/courses/change-due-date.use-case';
import { UnassignCourse } from '../../../src/application/courses/unassign-course.use-case';
import { AssignCourse } from '../../../src/application/courses/assign-course.use-case';
import { PreviewCourseAssignment } from '../../../src/application/courses/preview-course-assignment.use-case';
import { AssignCourseViewModel } from '../../../src/ui/courses/assign-course.view-model';
import { CourseViewModel } from '../../../src/ui/courses/course.view-model';
import { FakeOrganisationApi } from '../../fakes/auth.fakes';
import { FakeCourseApi } from '../../fakes/courses.fakes';

describe('CourseViewModel', () => {
  it('opens in the primary language, switches to Hindi, and lists members', async () => {
    const api = new FakeCourseApi();
    api.assigned.add('u1');
    const vm = new CourseViewModel(api, new UnassignCourse(api), new ChangeDueDate(api));
    await vm.load('c1');
    expect(vm.status).toBe('ready');
    expect(vm.language).toBe('ENGLISH');
    expect(vm.languageOptions.map((o) => o.label)).toEqual(['English (primary)', 'Hindi (हिन्दी)']);
    await vm.selectLanguage('HINDI');
    expect(vm.details?.title).toBe('कार्यस्थल पर यौन उत्पीड़न की रोकथाम');
    await vm.loadMembers(1);
    expect(vm.memberRows.map((m) => m.name)).toEqual(['Esha Employee']);
  });
});

describe('AssignCourseViewModel', () => {
  function build() {
    const api = new FakeCourseApi();
    const org = new FakeOrganisationApi();
    org.departmentList = [
      { departmentId: 'hr', departmentName: 'Human Resources', branchId: 'hq', createdAt: '2026-01-01T00:00:00.000Z' },
      {
        departmentId: 'hr-pune',
        departmentName: 'Human Resources',
        branchId: 'pune',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    const vm = new AssignCourseViewModel(new PreviewCourseAssignment(api), new AssignCourse(api), org);
    return { api, vm };
  }

  it('shows how many match before confirming, then assigns them', async () => {
    const { api, vm } = build();
    vm.start('c1', { businessUnit: 'ALL', department: '' }, [
      { branchId: 'hq', branchName: 'Acme Headquarters' },
      { branchId: 'pune', branchName: 'Acme Pune' },
    ]);
    await vm.refreshPreview({ businessUnit: 'pune', department: 'hr-pune' });
    expect(vm.preview).toMatchObject({ total: 2, alreadyAssigned: 0, toAssign: 2 });
    expect(vm.canConfirm).toBe(true);
    expect(vm.departmentOptions[0]).toEqual({ value: '', label: 'All departments' });
    expect(vm.departmentOptions.map((o) => o.label)).toContain('Human Resources (Acme Pune)');

    expect(await vm.confirm({ businessUnit: 'pune', department: 'hr-pune' })).toEqual({
      assigned: 2,
      alreadyAssigned: 0,
    });
    expect(await vm.confirm({ businessUnit: 'pune', department: 'hr-pune' })).toEqual({
      assigned: 0,
      alreadyAssigned: 2,
    });
    expect(api.assigned.size).toBe(2);
  });

  it('explains a bad date range and keeps Confirm disabled', async () => {
    const { vm } = build();
    vm.start('c1', {}, []);
    await vm.refreshPreview({ joinedFrom: '2024-05-01', joinedTo: '2024-01-01' });
    expect(vm.previewStatus).toBe('error');
    expect(vm.fieldErrors.endJoiningDate).toMatch(/before its start/);
    expect(vm.canConfirm).toBe(false);
  });

  it('says why a draft course cannot be assigned', async () => {
    const { api, vm } = build();
    api.status = 'DRAFT';
    vm.start('c1', {}, []);
    expect(await vm.confirm({})).toBeNull();
    expect(vm.submitError).toBe('Only a published course can be assigned.');
  });
});
