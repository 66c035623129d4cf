import { z } from 'zod';
import {
  AssignmentStatus,
  ContentBlockType,
  ContentKind,
  CourseLanguage,
  CourseStatus,
  LanguagePriority,
} from '../../domain/courses/course';
import { isCalendarDate, validateAssignmentFilter } from '../../domain/courses/assignment-filter';
import { Id, IdParams, pageOf, PageQuery, route } from '../route';

const ADMINS = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const;

const CalendarDate = z.string().refine(isCalendarDate, { message: 'Use a date in the form YYYY-MM-DD' });

/** The domain's filter rules (start <= end), reported on the field they concern. */
function checkFilter(value: { startJoiningDate?: string; endJoiningDate?: string }, ctx: z.RefinementCtx): void {
  const errors = validateAssignmentFilter(value);
  for (const [field, message] of Object.entries(errors)) {
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

export const CourseLanguageEntry = z.object({ language: CourseLanguage, priority: LanguagePriority });
export type CourseLanguageEntry = z.infer<typeof CourseLanguageEntry>;

export const CourseSummary = z.object({
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  status: CourseStatus,
  languages: z.array(CourseLanguageEntry),
  memberCount: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type CourseSummary = z.infer<typeof CourseSummary>;

export const CourseList = pageOf(CourseSummary);
export type CourseList = z.infer<typeof CourseList>;

export const courseList = route({
  api: 'learning',
  method: 'GET',
  path: '/api/course/all',
  summary: "The workspace's courses, newest first, with their languages, status and member count",
  query: PageQuery.strict(),
  response: CourseList,
  access: ADMINS,
  permission: 'courses.assign',
});

export const ContentBlock = z.object({
  blockId: z.string(),
  type: ContentBlockType,
  /** Type-specific: TEXT `{ text }`, VIDEO `{ url, title?, durationSeconds? }`, ... */
  payload: z.record(z.string(), z.unknown()),
});
export type ContentBlock = z.infer<typeof ContentBlock>;

export const QuizQuestion = z.object({
  questionId: z.string(),
  text: z.string(),
  multiple: z.boolean(),
  options: z.array(z.object({ optionId: z.string(), text: z.string(), correct: z.boolean() })),
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

export const CourseContent = z.object({
  contentId: z.string(),
  kind: ContentKind,
  position: z.number().int(),
  title: z.string(),
  /** LESSON: its blocks in the served language, in order. Empty for a QUIZ. */
  blocks: z.array(ContentBlock),
  /** QUIZ: its questions in the served language, in order. Empty for a LESSON. */
  questions: z.array(QuizQuestion),
});
export type CourseContent = z.infer<typeof CourseContent>;

export const CourseDetails = z.object({
  courseId: z.string(),
  status: CourseStatus,
  reminderEnabled: z.boolean(),
  /** The language served: the requested one when the course has it, else the primary. */
  language: CourseLanguage,
  languages: z.array(CourseLanguageEntry),
  title: z.string(),
  description: z.string(),
  contents: z.array(CourseContent),
  memberCount: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type CourseDetails = z.infer<typeof CourseDetails>;

export const courseDetails = route({
  api: 'learning',
  method: 'GET',
  path: '/api/course/details/{id}',
  summary: 'A course with its contents in one language (the primary one when it lacks the requested language)',
  params: IdParams,
  query: z.strictObject({ language: CourseLanguage.optional() }),
  response: CourseDetails,
  access: ADMINS,
  permission: 'courses.assign',
});

export const supportedLanguages = route({
  api: 'learning',
  method: 'GET',
  path: '/api/course/{id}/supported-languages',
  summary: "A course's languages, the primary first",
  params: IdParams,
  response: z.array(CourseLanguageEntry),
  access: ADMINS,
  permission: 'courses.assign',
});

const FilterFields = {
  branchId: Id.optional(),
  departmentId: Id.optional(),
  startJoiningDate: CalendarDate.optional(),
  endJoiningDate: CalendarDate.optional(),
};

export const CourseUsersQuery = PageQuery.extend({
  ...FilterFields,
  search: z.string().trim().max(200).optional(),
})
  .strict()
  .superRefine(checkFilter);
export type CourseUsersQuery = z.infer<typeof CourseUsersQuery>;

export const CandidateUser = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  branchName: z.string().nullable(),
  departmentName: z.string().nullable(),
  dateOfJoining: z.string().nullable(),
  assigned: z.boolean(),
});
export type CandidateUser = z.infer<typeof CandidateUser>;

export const CourseUsers = pageOf(CandidateUser).extend({
  /** Of the `total` users matching, how many already have this course. */
  alreadyAssigned: z.number().int(),
});
export type CourseUsers = z.infer<typeof CourseUsers>;

export const courseUsers = route({
  api: 'learning',
  method: 'GET',
  path: '/api/course/{id}/users',
  summary: 'The users a filter would assign the course to: how many match, how many already have it, and a page of them',
  params: IdParams,
  query: CourseUsersQuery,
  response: CourseUsers,
  access: ADMINS,
  permission: 'courses.assign',
});

export const AssignCourseBody = z
  .strictObject({
    courseId: Id,
    ...FilterFields,
    /** Part of a name or email, as in the candidates list: the people it matches are assigned (resolved by the server). */
    search: z.string().trim().max(200).optional(),
    /** Explicit people instead of a filter. */
    userIds: z.array(Id).min(1).max(5000).optional(),
  })
  .superRefine((body, ctx) => {
    checkFilter(body, ctx);
    const filtered = ['branchId', 'departmentId', 'startJoiningDate', 'endJoiningDate', 'search'].filter(
      (k) => body[k as keyof typeof body] !== undefined,
    );
    if (body.userIds && filtered.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: `Give either userIds or a filter, not both (${filtered.join(', ')})` });
    }
  });
export type AssignCourseBody = z.infer<typeof AssignCourseBody>;

export const AssignCourseResult = z.object({
  /** Newly assigned by this call. */
  assigned: z.number().int(),
  /** Matched, but had the course already: left as they were. */
  alreadyAssigned: z.number().int(),
});
export type AssignCourseResult = z.infer<typeof AssignCourseResult>;

export const assignCourse = route({
  api: 'learning',
  method: 'POST',
  path: '/api/course/assign-course-to-users',
  summary: 'Assign a published course to the users a filter matches, or to listed users; assigning twice changes nothing',
  body: AssignCourseBody,
  response: AssignCourseResult,
  access: ADMINS,
  permission: 'courses.assign',
});

export const CourseMember = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  branchName: z.string().nullable(),
  departmentName: z.string().nullable(),
  status: AssignmentStatus,
  assignedOn: z.string(),
});
export type CourseMember = z.infer<typeof CourseMember>;

export const CourseMembers = pageOf(CourseMember);
export type CourseMembers = z.infer<typeof CourseMembers>;

export const courseMembers = route({
  api: 'learning',
  method: 'GET',
  path: '/api/course/{id}/members',
  summary: 'The people a course is assigned to, most recent first (a business-unit admin sees their unit only)',
  params: IdParams,
  query: PageQuery.strict(),
  response: CourseMembers,
  access: ADMINS,
  permission: 'courses.assign',
});
