import { z } from 'zod';
import { Role } from '../../domain/auth/roles';
import { Ok, route } from '../route';
import { EMAIL_PATTERN } from '../../domain/people/email-address';
import { CourseLanguage } from '../../domain/courses/course';

const Email = z.string().trim().toLowerCase().email({ pattern: EMAIL_PATTERN }).max(254);

export const SignInBody = z
  .strictObject({
    userEmail: Email.optional(),
    username: z.string().trim().min(1).max(100).optional(),
    userPassword: z.string().min(1).max(1024),
    inviteCode: z.string().trim().min(1).max(200).optional(),
  })
  .refine((b) => (b.userEmail === undefined) !== (b.username === undefined), {
    message: 'Give either userEmail or username',
    path: ['userEmail'],
  });
export type SignInBody = z.infer<typeof SignInBody>;

export const WorkspaceSummary = z.object({
  workspaceId: z.string(),
  workspaceUrl: z.string(),
  companyName: z.string(),
  companyLogo: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  headQuarterBranchId: z.string().nullable(),
  /** The contract's last day (YYYY-MM-DD) or null: workspace admins are warned in the 30 days before it. */
  contractExpiresOn: z.string().nullable().optional(),
  /** The module switches the platform admin set (absent: all allowed): the menu leaves out what is off. */
  modules: z.object({ courses: z.boolean(), 'concerned-authority': z.boolean(), compliance: z.boolean() }).optional(),
  /** The workspace's shortest accepted password (absent: the default, 15): the change-password form states it. */
  minPasswordLength: z.number().int().optional(),
  /** The language of the app for members who chose none (docs/i18n.md). */
  defaultLanguage: CourseLanguage.optional(),
  /** The languages a member may choose: the six course languages, and French in a Canadian workspace. */
  languages: z.array(CourseLanguage).optional(),
  /** The workspace's country (CA: its complaints follow the Canada Labour Code): the order of its dates and numbers. */
  country: z.enum(['IN', 'CA']).optional(),
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummary>;

/** The signed-in caller, as the "user refresh" call returns it. */
export const CurrentUser = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('user'),
    userId: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    role: Role,
    branchIds: z.array(z.string()),
    departmentId: z.string().nullable(),
    firstLogin: z.boolean(),
    /** The address of the user's profile picture on the main API, or null (absent from older servers). */
    profileImageUrl: z.string().nullable().optional(),
    /** The language the person chose for the app and their mails; null: the workspace's default. */
    language: CourseLanguage.nullable().optional(),
    workspace: WorkspaceSummary,
  }),
  z.object({
    kind: z.literal('platform-admin'),
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  z.object({
    kind: z.literal('account'),
    email: z.string(),
    /** The workspaces this email belongs to, for the main site's workspace finder. */
    workspaces: z.array(z.object({ workspaceUrl: z.string(), companyName: z.string() })),
  }),
]);
export type CurrentUser = z.infer<typeof CurrentUser>;

export const SignInResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: CurrentUser,
});
export type SignInResponse = z.infer<typeof SignInResponse>;

export const signIn = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/signin',
  summary: 'Sign in with email or username and password',
  body: SignInBody,
  response: SignInResponse,
  access: 'public',
});

export const userDetails = route({
  api: 'main',
  method: 'GET',
  path: '/api/user/details',
  summary: 'The signed-in user (the "user refresh" call); checks the origin against the workspace',
  response: CurrentUser,
  access: 'signed-in',
});

export const signOut = route({
  api: 'main',
  method: 'GET',
  path: '/api/user/sign-out',
  summary: 'End this session',
  response: Ok,
  access: 'signed-in',
});

const OneTimeCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const CreateEmailCodeBody = z.strictObject({
  userEmail: Email,
  inviteCode: z.string().trim().min(1).max(200).optional(),
});
/** Always the same answer, whether or not the account exists. */
export const CodeSent = z.object({
  ok: z.literal(true),
  /** Identifies this request; the code is valid only together with it. */
  otpRequestId: z.string(),
  expiresInSeconds: z.number().int(),
});
export type CodeSent = z.infer<typeof CodeSent>;

export const signInCreateOtp = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/signin-create-otp',
  summary: 'Send a one-time sign-in code by email (the weaker method: NIST does not accept email as out-of-band)',
  body: CreateEmailCodeBody,
  response: CodeSent,
  access: 'public',
});

export const VerifyEmailCodeBody = z.strictObject({
  userEmail: Email,
  userOtp: OneTimeCode,
  otpRequestId: z.string().uuid(),
});
export type VerifyEmailCodeBody = z.infer<typeof VerifyEmailCodeBody>;

export const signInVerifyOtp = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/signin-verify-otp',
  summary: 'Sign in with the emailed one-time code',
  body: VerifyEmailCodeBody,
  response: SignInResponse,
  access: 'public',
});

export const forgotPassword = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/forgot-password',
  summary: 'Email a password-reset code (the answer never tells whether the account exists)',
  body: z.strictObject({ userEmail: Email }),
  response: CodeSent,
  access: 'public',
});

export const ResetPasswordBody = z.strictObject({
  userEmail: Email,
  confirmationCode: OneTimeCode,
  otpRequestId: z.string().uuid(),
  userNewPassword: z.string().min(1).max(1024),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const resetPassword = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/reset-password',
  summary: 'Set a new password with the emailed code; ends every session of the user',
  body: ResetPasswordBody,
  response: Ok,
  access: 'public',
});

const ContactNumber = z
  .string()
  .trim()
  .min(8)
  .max(32)
  .regex(/^\+?[\d\s().\-]+$/, 'Enter a phone number');

export const signInCreateSmsOtp = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/signin-create-sms-otp',
  summary: "Send a one-time sign-in code by SMS, only to a number already on a user's profile",
  body: z.strictObject({ contactNumber: ContactNumber, inviteCode: z.string().trim().min(1).max(200).optional() }),
  response: CodeSent,
  access: 'public',
});

export const VerifySmsCodeBody = z.strictObject({
  contactNumber: ContactNumber,
  userOtp: OneTimeCode,
  otpRequestId: z.string().uuid(),
});
export type VerifySmsCodeBody = z.infer<typeof VerifySmsCodeBody>;

export const signInVerifySmsOtp = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/signin-verify-sms-otp',
  summary: 'Sign in with the one-time code sent by SMS',
  body: VerifySmsCodeBody,
  response: SignInResponse,
  access: 'public',
});

const PersonName = z.string().trim().min(1, 'Enter a name').max(100);

export const UpdateProfileBody = z.strictObject({
  firstName: PersonName,
  lastName: z.string().trim().max(100),
  /** The app's and the mails' language; null goes back to the workspace's default; absent leaves it as it is. */
  language: CourseLanguage.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const updateProfile = route({
  api: 'main',
  method: 'PUT',
  path: '/api/user',
  summary: "Change one's own first and last name, and the language of one's app and mails",
  body: UpdateProfileBody,
  response: CurrentUser,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission: "a member's own account: never switched off",
});

export const changeFirstLogin = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/change-first-login',
  summary: 'Record that the user has been through the first-login welcome',
  body: z.strictObject({}),
  response: CurrentUser,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission: "a member's own account: never switched off",
});
