import { z } from 'zod';
import { Role } from '../../domain/auth/roles';
import { Ok, route } from '../route';

const Email = z.string().trim().toLowerCase().email().max(254);

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
