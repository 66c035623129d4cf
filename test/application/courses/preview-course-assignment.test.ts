import { describe, expect, it } from 'vitest';
import { PreviewCourseAssignment } from '../../../src/application/courses/preview-course-assignment.use-case';
import { FakeCourseApi } from '../../fakes/courses.fakes';

describe('PreviewCourseAssignment', () => {
  it('counts who a filter matches, who already has the course, and who would be newly assigned', async () => {
    const api = new FakeCourseApi();
    api.assigned.add('u2');
    const outcome = await new PreviewCourseAssignment(api).execute('c1', { branchId: 'pune', departmentId: 'hr-pune' });
    expect(outcome).toMatchObject({ ok: true, total: 2, alreadyAssigned: 1, toAssign: 1 });
    if (outcome.ok) expect(outcome.sample.map((u) => u.email)).toEqual(['rohan@acme.test', 'priya@acme.test']);
  });

  it('sends "All" choices and a blank search as no filter', async () => {
    const api = new FakeCourseApi();
    const outcome = await new PreviewCourseAssignment(api).execute('c1', {
      branchId: '',
      departmentId: '',
      search: '  ',
    });
    expect(outcome).toMatchObject({ ok: true, total: 4 });
    expect(api.calls.at(-1)?.args[1]).toEqual({});
  });

  it('refuses a joining-date range that ends before it starts, without calling the API', async () => {
    const api = new FakeCourseApi();
    const outcome = await new PreviewCourseAssignment(api).execute('c1', {
      startJoiningDate: '2024-05-01',
      endJoiningDate: '2024-01-01',
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid', fields: { endJoiningDate: expect.any(String) } });
    expect(api.calls).toHaveLength(0);
  });
});
