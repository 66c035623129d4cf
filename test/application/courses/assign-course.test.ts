import { describe, expect, it } from 'vitest';
import { AssignCourse } from '../../../src/application/courses/assign-course.use-case';
import { FakeCourseApi } from '../../fakes/courses.fakes';

describe('AssignCourse', () => {
  it('assigns by filter and reports how many were newly assigned', async () => {
    const api = new FakeCourseApi();
    const outcome = await new AssignCourse(api).execute({
      courseId: 'c1',
      filter: { branchId: 'pune', departmentId: 'hr-pune' },
    });
    expect(outcome).toEqual({ ok: true, assigned: 2, alreadyAssigned: 0 });
    expect([...api.assigned].sort()).toEqual(['u2', 'u3']);
    expect(api.calls.at(-1)).toEqual({
      method: 'assign',
      args: [{ courseId: 'c1', branchId: 'pune', departmentId: 'hr-pune' }],
    });
  });

  it('changes nothing when assigning the same people twice', async () => {
    const api = new FakeCourseApi();
    const assign = new AssignCourse(api);
    await assign.execute({ courseId: 'c1', filter: { branchId: 'pune' } });
    const again = await assign.execute({ courseId: 'c1', filter: { branchId: 'pune' } });
    expect(again).toEqual({ ok: true, assigned: 0, alreadyAssigned: 3 });
    expect(api.assigned.size).toBe(3);
  });

  it('sends a name search to the server in one call, which assigns exactly the people it matches', async () => {
    const api = new FakeCourseApi();
    const outcome = await new AssignCourse(api).execute({
      courseId: 'c1',
      filter: { branchId: 'pune', search: ' priya ' },
    });
    expect(outcome).toEqual({ ok: true, assigned: 1, alreadyAssigned: 0 });
    expect([...api.assigned]).toEqual(['u3']);
    // No paging through candidates, no list of ids: one call with the search.
    expect(api.calls).toEqual([{ method: 'assign', args: [{ courseId: 'c1', branchId: 'pune', search: 'priya' }] }]);
  });

  it('says nobody matches a search that finds no one, and assigns nobody', async () => {
    const api = new FakeCourseApi();
    const outcome = await new AssignCourse(api).execute({ courseId: 'c1', filter: { search: 'zzz' } });
    expect(outcome).toMatchObject({ ok: false, code: 'nobody-matches', message: 'Nobody matches these filters.' });
    expect(api.assigned.size).toBe(0);
  });

  it('assigns listed people once each', async () => {
    const api = new FakeCourseApi();
    const outcome = await new AssignCourse(api).execute({ courseId: 'c1', userIds: ['u1', 'u1', 'u4'] });
    expect(outcome).toEqual({ ok: true, assigned: 2, alreadyAssigned: 0 });
  });

  it('refuses a bad date range before calling the API', async () => {
    const api = new FakeCourseApi();
    const outcome = await new AssignCourse(api).execute({
      courseId: 'c1',
      filter: { startJoiningDate: '2024-05-01', endJoiningDate: '2023-01-01' },
    });
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { endJoiningDate: expect.any(String) },
    });
    expect(api.calls).toHaveLength(0);
  });

  it('reports a draft course as not published', async () => {
    const api = new FakeCourseApi();
    api.status = 'DRAFT';
    expect(await new AssignCourse(api).execute({ courseId: 'c1', filter: {} })).toMatchObject({
      ok: false,
      code: 'not-published',
    });
    expect(api.assigned.size).toBe(0);
  });

  it('reports people who are not found with the API message', async () => {
    const api = new FakeCourseApi();
    const outcome = await new AssignCourse(api).execute({ courseId: 'c1', userIds: ['ghost'] });
    expect(outcome).toMatchObject({ ok: false, reason: 'not-found', message: 'Users not found: ghost' });
  });
});
