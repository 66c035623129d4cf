import { z } from 'zod';
import { Role } from '../../domain/auth/roles';
import { route } from '../route';
import { EMAIL_PATTERN } from '../../domain/people/email-address';

const ADMINS = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const;

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: EMAIL_PATTERN }).max(254));

export const NewInvitee = z.strictObject({
  email: Email,
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  role: Role.default('EMPLOYEE'),
  departmentId: z.string().uuid().nullable().optional(),
});
export type NewInvitee = z.input<typeof NewInvitee>;

/** What inviting did: who was invited (and mailed), and who was not, with the reason, by email. */
export const InviteOutcome = z.object({
  invited: z.number().int(),
  skipped: z.array(z.object({ email: z.string(), reason: z.string() })),
});
export type InviteOutcome = z.infer<typeof InviteOutcome>;

export const inviteUser = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/user/{branchId}',
  summary: 'Invite one person to a business unit: creates them as invited and mails their link',
  params: z.strictObject({ branchId: z.string().uuid() }),
  body: NewInvitee,
  response: InviteOutcome,
  access: ADMINS,
  permission: 'invites.manage',
  apiKeyScope: 'people:write',
});

export const inviteToBranch = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/branch/{id}',
  summary: 'Invite many emails to one business unit as employees; existing accounts are skipped and named',
  params: z.strictObject({ id: z.string().uuid() }),
  body: z.strictObject({ emails: z.array(Email).min(1).max(1000) }),
  response: InviteOutcome,
  access: ADMINS,
  permission: 'invites.manage',
  apiKeyScope: 'people:write',
});

export const inviteMany = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/invite/bulk',
  summary: 'Invite many people, each to their own business unit; all or none when a row is invalid',
  body: z.strictObject({
    invites: z
      .array(NewInvitee.extend({ branchId: z.string().uuid() }))
      .min(1)
      .max(1000),
  }),
  response: InviteOutcome,
  access: ADMINS,
  permission: 'invites.manage',
  apiKeyScope: 'people:write',
});

export const resendInvite = route({
  api: 'main',
  method: 'GET',
  path: '/api/invite/resend/{branchId}/{email}',
  summary: "Send one person's invitation again: a new link (the old one stops working) and a fresh expiry",
  params: z.strictObject({ branchId: z.string().uuid(), email: Email }),
  response: z.object({ sent: z.number().int() }),
  access: ADMINS,
  permission: 'invites.manage',
  apiKeyScope: 'people:write',
});

export const resendInvites = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/resend/bulk',
  summary: 'Send the invitations of these people again (by email)',
  body: z.strictObject({ emails: z.array(Email).min(1).max(1000) }),
  response: z.object({ sent: z.number().int() }),
  access: ADMINS,
  permission: 'invites.manage',
  apiKeyScope: 'people:write',
});

export const deleteInvite = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/invite/{branchId}/{email}',
  summary: 'Withdraw an invitation: its link stops working, and a person who never signed in is removed',
  params: z.strictObject({ branchId: z.string().uuid(), email: Email }),
  response: z.object({ withdrawn: z.number().int() }),
  access: ADMINS,
  permission: 'invites.manage',
});
