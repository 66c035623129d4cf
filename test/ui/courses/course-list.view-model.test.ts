import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { PageRequest } from '../../../src/application/courses/course-api.port';
import type { CourseList, CourseSummary } from '../../../src/contracts/learning/courses.contract';
import { CourseListViewModel } from '../../../src/ui/courses/course-list.view-model';
import { CreateCourse } from '../../../src/application/courses/authoring/authoring.use-cases';
import { FakeCourseAuthoringApi } from '../../fakes/course-authoring.fakes';
import { FakeCourseApi } from '../../fakes/courses.fakes';

const course = (courseId: string, title: string): CourseSummary => ({
  courseId,
  title,
  status: 'PUBLISHED',
  description: '',
  languages: [{ language: 'ENGLISH', priority: 'PRIMARY' }],
  memberCount: 0,
  assignedCount: 0,
  completedCount: 0,
  lessonCount: 1,
  quizCount: 1,
  version: 1,
  publishedVersion: 1,
  hasDraftChanges: false,
  coverFileId: null,
  reminderEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  publishedAt: null,
});

/** Answers each list call only when the test says so, in any order. */
class SlowCourseApi extends FakeCourseApi {
  pending: { page: PageRequest; answer: (list: CourseList) => void }[] = [];

  override list(page: PageRequest): Promise<CourseList> {
    return new Promise((answer) => this.pending.push({ page, answer }));
  }
}

describe('CourseListViewModel', () => {
  it('asks the server for the page shown, and a slow earlier page never overwrites the later one', async () => {
    const api = new SlowCourseApi();
    const vm = new CourseListViewModel(api, new CreateCourse(new FakeCourseAuthoringApi()));
    const first = vm.load(1);
    const second = vm.load(2);
    expect(api.pending.map((p) => p.page)).toEqual([
      { page: 0, pageSize: 20 },
      { page: 1, pageSize: 20 },
    ]);
    api.pending[1].answer({ items: [course('c21', 'Page two')], page: 1, pageSize: 20, total: 21 });
    await second;
    api.pending[0].answer({ items: [course('c1', 'Page one')], page: 0, pageSize: 20, total: 21 });
    await first;
    expect(vm.rows.map((r) => r.title)).toEqual(['Page two']);
    expect([vm.list.page, vm.list.total, vm.list.status]).toEqual([2, 21, 'ready']);
  });

  it('searches on the server from page 1, and creates a course then goes to its builder', async () => {
    const api = new SlowCourseApi();
    const authoring = new FakeCourseAuthoringApi();
    const vm = new CourseListViewModel(api, new CreateCourse(authoring));
    const loading = vm.searchFor(' respect ');
    expect(api.pending.map((p) => p.page)).toEqual([{ page: 0, pageSize: 20, search: 'respect' }]);
    api.pending[0].answer({ items: [course('c1', 'Respect at work')], page: 0, pageSize: 20, total: 1 });
    await loading;
    expect(vm.rows.map((r) => r.title)).toEqual(['Respect at work']);

    vm.openCreate();
    await vm.create({ title: ' ', description: '', primaryLanguage: 'ENGLISH' });
    expect(vm.createOpen).toBe(true);
    expect(vm.createFields).toEqual({ title: 'Give the course a title' });
    await vm.create({ title: 'POSH for managers', description: '', primaryLanguage: 'HINDI' });
    expect(vm.createOpen).toBe(false);
    expect(vm.createdCourseId).toBe([...authoring.courses.keys()][0]);
  });
});
