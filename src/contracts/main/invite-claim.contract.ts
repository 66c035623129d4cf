import { z } from 'zod';
import { route } from '../route';
import { SignInResponse } from './auth.contract';

/**
 * Claiming an invitation from its emailed link: the one invitation call of the light sign-in pages, in its own file so
 * that they do not download the invitations and import contracts (target: the sign-in page's initial JavaScript).
 */
export const InviteInfo = z.object({
  email: z.string(),
  firstName: z.string(),
  companyName: z.string(),
  /** The workspace's shortest accepted password, for the form's hint (absent: the default, 15). */
  minPasswordLength: z.number().int().optional(),
});
export type InviteInfo = z.infer<typeof InviteInfo>;

/**
 * `POST /api/invite/claim/{code}`: without a password it tells whether the link is good and for whom; with
 * `userNewPassword` it sets the password, activates the account and signs the person in.
 */
export const claimInvite = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/claim/{code}',
  summary: 'Claim an invitation: check it, or set a password with it and sign in',
  params: z.strictObject({ code: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not an invitation code') }),
  body: z.strictObject({ userNewPassword: z.string().min(1).max(1024).optional() }),
  response: z.object({ invite: InviteInfo, session: SignInResponse.nullable() }),
  access: 'public',
});
