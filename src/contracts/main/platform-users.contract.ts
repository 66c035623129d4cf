import { z } from 'zod';
import { Role } from '../../domain/auth/roles';
import { Id, route } from '../route';
import { EMAIL_PATTERN } from '../../domain/people/email-address';

export const UserStatus = z.enum(['INVITED', 'ACTIVE', 'INACTIVE']);
export type UserStatus = z.infer<typeof UserStatus>;

export const PlatformUser = z.object({
  userId: z.string(),
  workspaceId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  status: UserStatus,
  createdAt: z.string(),
});
export type PlatformUser = z.infer<typeof PlatformUser>;

/** What a platform admin may fix on a user: the name, the email, the role, the status. Absent fields stay. */
export const UpdateUserBody = z
  .strictObject({
    workspaceId: Id,
    userId: Id,
    firstName: z.string().trim().min(1, 'Give a first name').max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .email({ pattern: EMAIL_PATTERN, message: 'Not an email address' })
      .max(254)
      .optional(),
    role: Role.optional(),
    status: UserStatus.optional(),
  })
  .refine((b) => [b.firstName, b.lastName, b.email, b.role, b.status].some((v) => v !== undefined), {
    message: 'Give at least one field to change',
    path: ['firstName'],
  });
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

export const updateWorkspaceUser = route({
  api: 'main',
  method: 'POST',
  path: '/api/admin/update-user',
  summary:
    "Fix a workspace user's name, email, role or status (platform admin). 409 when the email is taken in that workspace",
  body: UpdateUserBody,
  response: PlatformUser,
  access: 'platform-admin',
});

export const CourseRecord = z.object({
  courseId: z.string(),
  title: z.string(),
  status: z.enum(['ASSIGNED', 'IN_PROGRESS', 'COMPLETED']),
  /** Percent complete: 0 assigned, 100 completed; null in progress (lesson progress is not recorded yet). */
  progress: z.number().int().nullable(),
  assignedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type CourseRecord = z.infer<typeof CourseRecord>;

export const PolicyRecord = z.object({
  policyId: z.string(),
  title: z.string(),
  status: z.string(),
  acceptedAt: z.string().nullable(),
});
export type PolicyRecord = z.infer<typeof PolicyRecord>;

export const UserRecordBody = z
  .strictObject({
    workspaceId: Id,
    userId: Id.optional(),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .email({ pattern: EMAIL_PATTERN, message: 'Not an email address' })
      .max(254)
      .optional(),
  })
  .refine((b) => (b.userId === undefined) !== (b.email === undefined), {
    message: 'Give either userId or email',
    path: ['email'],
  });
export type UserRecordBody = z.input<typeof UserRecordBody>;

export const UserRecord = z.object({
  user: PlatformUser,
  courses: z.array(CourseRecord),
  /** The policies published to them (workspace-wide or to their unit), with their latest acceptance. */
  policies: z.array(PolicyRecord),
});
export type UserRecord = z.infer<typeof UserRecord>;

export const userRecord = route({
  api: 'main',
  method: 'POST',
  path: '/api/admin/user/course/policy/details',
  summary:
    'A workspace user (by id or email) with the courses assigned and the policies published to them with their acceptance (platform admin)',
  body: UserRecordBody,
  response: UserRecord,
  access: 'platform-admin',
});
