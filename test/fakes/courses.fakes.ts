import { refuse, type Outcome } from '../../src/application/shared/refusal';
import type { AssignResult, CourseApi, PageRequest } from '../../src/application/courses/course-api.port';
import type {
  AssignCourseBody,
  CandidateUser,
  CourseDetails,
  CourseLanguageEntry,
  CourseList,
  CourseMembers,
  CourseUsers,
} from '../../src/contracts/learning/courses.contract';
import type { AssignmentFilter } from '../../src/domain/courses/assignment-filter';
import type { CourseLanguage, CourseStatus } from '../../src/domain/courses/course';

export interface FakePerson {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  branchId: string;
  departmentId: string;
  joined: string;
}

/** An in-memory learning API: one course, a handful of people, assignments as a set. */
export class FakeCourseApi implements CourseApi {
  status: CourseStatus = 'PUBLISHED';
  languages: CourseLanguageEntry[] = [
    { language: 'ENGLISH', priority: 'PRIMARY' },
    { language: 'HINDI', priority: 'SECONDARY' },
  ];
  people: FakePerson[] = [
    {
      userId: 'u1',
      firstName: 'Esha',
      lastName: 'Employee',
      email: 'esha@acme.test',
      branchId: 'hq',
      departmentId: 'hr',
      joined: '2024-01-15',
    },
    {
      userId: 'u2',
      firstName: 'Rohan',
      lastName: 'Patel',
      email: 'rohan@acme.test',
      branchId: 'pune',
      departmentId: 'hr-pune',
      joined: '2022-03-10',
    },
    {
      userId: 'u3',
      firstName: 'Priya',
      lastName: 'Iyer',
      email: 'priya@acme.test',
      branchId: 'pune',
      departmentId: 'hr-pune',
      joined: '2023-07-10',
    },
    {
      userId: 'u4',
      firstName: 'Arjun',
      lastName: 'Rao',
      email: 'arjun@acme.test',
      branchId: 'pune',
      departmentId: 'sales-pune',
      joined: '2024-09-10',
    },
  ];
  assigned = new Set<string>();
  /** Every call, for tests that care what went over the wire. */
  calls: { method: string; args: unknown[] }[] = [];

  private matches(filter: AssignmentFilter): FakePerson[] {
    const search = filter.search?.toLowerCase();
    return this.people.filter(
      (p) =>
        (!filter.branchId || p.branchId === filter.branchId) &&
        (!filter.departmentId || p.departmentId === filter.departmentId) &&
        (!filter.startJoiningDate || p.joined >= filter.startJoiningDate) &&
        (!filter.endJoiningDate || p.joined <= filter.endJoiningDate) &&
        (!search || `${p.firstName} ${p.lastName}`.toLowerCase().includes(search) || p.email.includes(search)),
    );
  }

  async list(page: PageRequest): Promise<CourseList> {
    this.calls.push({ method: 'list', args: [page] });
    return { items: [], page: page.page, pageSize: page.pageSize, total: 0 };
  }

  async details(courseId: string, language?: CourseLanguage): Promise<CourseDetails> {
    this.calls.push({ method: 'details', args: [courseId, language] });
    const served = language && this.languages.some((l) => l.language === language) ? language : 'ENGLISH';
    return {
      courseId,
      status: this.status,
      reminderEnabled: false,
      validityYears: null,
      language: served,
      languages: this.languages,
      title: served === 'HINDI' ? 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम' : 'Preventing Sexual Harassment at Work',
      description: '',
      primaryLanguage: 'ENGLISH',
      texts: {},
      contents: [],
      memberCount: this.assigned.size,
      missingTranslations: [],
      checklist: { problems: [], warnings: [] },
      version: 1,
      publishedVersion: this.status === 'PUBLISHED' ? 1 : null,
      hasDraftChanges: false,
      versions: [],
      coverFileId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      publishedAt: null,
    };
  }

  async supportedLanguages(courseId: string): Promise<CourseLanguageEntry[]> {
    this.calls.push({ method: 'supportedLanguages', args: [courseId] });
    return this.languages;
  }

  async candidates(courseId: string, filter: AssignmentFilter, page: PageRequest): Promise<CourseUsers> {
    this.calls.push({ method: 'candidates', args: [courseId, filter, page] });
    const all = this.matches(filter);
    const items: CandidateUser[] = all.slice(page.page * page.pageSize, (page.page + 1) * page.pageSize).map((p) => ({
      userId: p.userId,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      branchName: p.branchId,
      departmentName: p.departmentId,
      dateOfJoining: p.joined,
      assigned: this.assigned.has(p.userId),
    }));
    return {
      items,
      page: page.page,
      pageSize: page.pageSize,
      total: all.length,
      alreadyAssigned: all.filter((p) => this.assigned.has(p.userId)).length,
    };
  }

  async assign(body: AssignCourseBody): Promise<AssignResult> {
    this.calls.push({ method: 'assign', args: [body] });
    if (this.status !== 'PUBLISHED') return refuse('conflict', 'Publish the course first.', { code: 'not-published' });
    const ids = body.userIds ?? this.matches(body).map((p) => p.userId);
    const unknown = ids.filter((id) => !this.people.some((p) => p.userId === id));
    if (unknown.length)
      return refuse('not-found', `Users not found: ${unknown.join(', ')}`, { fields: { userIds: unknown.join(', ') } });
    let assigned = 0;
    for (const id of new Set(ids)) {
      if (!this.assigned.has(id)) {
        this.assigned.add(id);
        assigned++;
      }
    }
    return { ok: true, assigned, alreadyAssigned: new Set(ids).size - assigned };
  }

  async members(courseId: string, page: PageRequest): Promise<CourseMembers> {
    this.calls.push({ method: 'members', args: [courseId, page] });
    const items = this.people
      .filter((p) => this.assigned.has(p.userId))
      .map((p) => ({
        userId: p.userId,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        branchName: p.branchId,
        departmentName: p.departmentId,
        status: 'NOT_STARTED' as const,
        progress: 0,
        score: null,
        attempts: 0,
        assignedOn: '2026-11-23T01:00:00.000Z',
        dueOn: this.dueDates.get(p.userId) ?? null,
        completedOn: null,
        lastRemindedOn: null,
        cycle: 1,
      }));
    return { items, page: page.page, pageSize: page.pageSize, total: items.length };
  }

  dueDates = new Map<string, string | null>();

  async exportMembers(courseId: string, filter: object): Promise<Blob> {
    this.calls.push({ method: 'exportMembers', args: [courseId, filter] });
    return new Blob(['First name\n'], { type: 'text/csv' });
  }

  async unassign(courseId: string, userIds: string[]): Promise<number> {
    this.calls.push({ method: 'unassign', args: [courseId, userIds] });
    const had = userIds.filter((id) => this.assigned.delete(id));
    return had.length;
  }

  async changeDueDate(courseId: string, userId: string, dueOn: string | null): Promise<Outcome> {
    this.calls.push({ method: 'changeDueDate', args: [courseId, userId, dueOn] });
    if (!this.assigned.has(userId)) return refuse('not-found', 'This person does not have the course');
    this.dueDates.set(userId, dueOn);
    return { ok: true };
  }
}
