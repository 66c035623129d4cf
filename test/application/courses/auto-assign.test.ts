import { describe, expect, it } from 'vitest';
import type { AutoAssignRuleBody } from '../../../src/contracts/learning/auto-assign.contract';
import type {
  AutoAssignApi,
  BulkResult,
  PeopleFileUpload,
  SaveRuleResult,
} from '../../../src/application/courses/auto-assign-api.port';
import { BulkAssignCourses, SaveAutoAssignRule } from '../../../src/application/courses/auto-assign.use-cases';

/** A fake of the learning API's auto-assignment calls: records what was sent, answers what the test sets. */
class FakeAutoAssignApi implements AutoAssignApi {
  saved: { courseId: string; rule: AutoAssignRuleBody }[] = [];
  bulk: { file: string; courseIds: string[] }[] = [];
  async rule() {
    return null;
  }
  async save(courseId: string, rule: AutoAssignRuleBody): Promise<SaveRuleResult> {
    this.saved.push({ courseId, rule });
    const now = '2026-11-25T10:00:00.000Z';
    return {
      ok: true,
      rule: {
        courseId,
        branchId: rule.branchId ?? null,
        departmentId: rule.departmentId ?? null,
        startJoiningDate: null,
        endJoiningDate: null,
        role: rule.role ?? null,
        enabled: rule.enabled,
        dueDays: null,
        updatedAt: now,
        lastRun: null,
      },
      run: { at: now, assigned: 3, alreadyAssigned: 1, notAssigned: 0 },
    };
  }
  async reset() {
    return 1;
  }
  async bulkAdd(file: PeopleFileUpload, courseIds: string[]): Promise<BulkResult> {
    this.bulk.push({ file: file.name, courseIds });
    return {
      ok: true,
      rows: [],
      courses: [],
      totals: {
        ASSIGNED: 0,
        ALREADY_ASSIGNED: 0,
        UNKNOWN_EMAIL: 0,
        INVALID_EMAIL: 0,
        INACTIVE: 0,
        NO_CREDITS: 0,
        DUPLICATE: 0,
      },
    };
  }
}

const file = (name: string, size = 10): PeopleFileUpload => ({ name, size, content: new Blob(['x'.repeat(size)]) });

describe('saving an auto-assignment rule', () => {
  it('refuses a window that ends before it starts, on its field, without a call', async () => {
    const api = new FakeAutoAssignApi();
    const result = await new SaveAutoAssignRule(api).execute('c1', {
      startJoiningDate: '2024-06-01',
      endJoiningDate: '2024-01-01',
      enabled: true,
    });
    expect(result).toMatchObject({ ok: false, reason: 'invalid', fields: { endJoiningDate: expect.any(String) } });
    expect(api.saved).toEqual([]);
  });

  it('refuses a department without its business unit', async () => {
    const api = new FakeAutoAssignApi();
    const result = await new SaveAutoAssignRule(api).execute('c1', { departmentId: 'd1', enabled: true });
    expect(result).toMatchObject({ ok: false, fields: { branchId: expect.any(String) } });
    expect(api.saved).toEqual([]);
  });

  it('sends a good rule and answers the run', async () => {
    const api = new FakeAutoAssignApi();
    const result = await new SaveAutoAssignRule(api).execute('c1', {
      branchId: 'b1',
      departmentId: 'd1',
      role: 'EMPLOYEE',
      enabled: true,
    });
    expect(result).toMatchObject({ ok: true, run: { assigned: 3, alreadyAssigned: 1 } });
    expect(api.saved).toEqual([
      { courseId: 'c1', rule: { branchId: 'b1', departmentId: 'd1', role: 'EMPLOYEE', enabled: true } },
    ]);
  });
});

describe('assigning courses from a file of people', () => {
  const limit = 1000;
  it('checks the file and the courses before sending anything', async () => {
    const api = new FakeAutoAssignApi();
    const bulk = new BulkAssignCourses(api, limit);
    expect(await bulk.execute(null, ['c1'])).toMatchObject({ ok: false, fields: { file: expect.any(String) } });
    expect(await bulk.execute(file('people.pdf'), ['c1'])).toMatchObject({
      ok: false,
      fields: { file: expect.any(String) },
    });
    expect(await bulk.execute(file('people.csv', 0), ['c1'])).toMatchObject({
      ok: false,
      fields: { file: 'The file is empty' },
    });
    expect(await bulk.execute(file('people.csv', limit + 1), ['c1'])).toMatchObject({ ok: false, reason: 'too-large' });
    expect(await bulk.execute(file('people.csv'), [])).toMatchObject({
      ok: false,
      fields: { courseList: expect.any(String) },
    });
    expect(
      await bulk.execute(
        file('people.csv'),
        Array.from({ length: 21 }, (_, i) => `c${i}`),
      ),
    ).toMatchObject({ ok: false, fields: { courseList: expect.any(String) } });
    expect(api.bulk).toEqual([]);
  });

  it('sends a CSV or XLSX with each course once', async () => {
    const api = new FakeAutoAssignApi();
    const bulk = new BulkAssignCourses(api, limit);
    expect((await bulk.execute(file('People.XLSX'), ['c1', 'c2', 'c1'])).ok).toBe(true);
    expect(api.bulk).toEqual([{ file: 'People.XLSX', courseIds: ['c1', 'c2'] }]);
  });
});
