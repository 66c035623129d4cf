import { z } from 'zod';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '../../domain/auth/profile-picture';
import { Ok, route } from '../route';
import { EMAIL_PATTERN } from '../../domain/people/email-address';

const Email = z.string().trim().toLowerCase().email({ pattern: EMAIL_PATTERN }).max(254);
const PersonName = z.string().trim().min(1, 'Enter a name').max(100);

export const SignUpBody = z.strictObject({
  firstName: PersonName,
  lastName: PersonName,
  userEmail: Email,
  userPassword: z.string().min(1).max(1024),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/** The same answer whether the account was created or already existed: the mail says which. */
export const SignUpAccepted = z.object({
  ok: z.literal(true),
  message: z.string(),
});
export type SignUpAccepted = z.infer<typeof SignUpAccepted>;

/** Why a sign-up is refused (403), for the page to explain. */
export const SIGN_UP_CLOSED = 'SIGN_UP_CLOSED';
export const SIGN_UP_NOT_ALLOWED = 'SIGN_UP_NOT_ALLOWED';

/**
 * Not in api/endpoints.tsv (the spec names no sign-up call): creates an unconfirmed EMPLOYEE account in the
 * headquarters and mails the confirmation link. Only where the workspace has sign-up on (403 SIGN_UP_CLOSED) and
 * the email or its domain is on the allow-list (403 SIGN_UP_NOT_ALLOWED); 409 USER_LIMIT at the user limit.
 */
export const signUp = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/signup',
  summary: 'Sign up on this workspace (answers 202 the same whether or not the email already has an account)',
  body: SignUpBody,
  response: SignUpAccepted,
  access: 'public',
});

export const EMAIL_CONFIRMATION_HOURS = 24;
/** The confirmation code in the link: 256 random bits, base64url. */
export const ConfirmationCode = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a confirmation code');

export const confirmEmail = route({
  api: 'main',
  method: 'GET',
  path: '/api/user/confirm-email/{code}',
  summary:
    'Confirms the email of a new account from its mailed link (410 CONFIRMATION_EXPIRED / CONFIRMATION_USED, 404 unknown)',
  params: z.strictObject({ code: ConfirmationCode }),
  response: z.object({ ok: z.literal(true), email: z.string() }),
  access: 'public',
});

export const resendConfirmationEmail = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/resend/confirmation-email',
  summary: 'Mails a new confirmation link to an unconfirmed account (always the same answer; rate-limited)',
  body: z.strictObject({ userEmail: Email }),
  response: SignUpAccepted,
  access: 'public',
});

// ---------- Profile picture ----------

export const PROFILE_IMAGE_FIELD = 'image';
export const PROFILE_IMAGE_MAX_BYTES = PROFILE_PICTURE_MAX_BYTES;
export const PROFILE_IMAGE_TYPES = PROFILE_PICTURE_TYPES;
export const PROFILE_IMAGE_UPLOAD_MINUTES = 10;

const MEMBER = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;

export const ProfileImageUpload = z.object({
  /** Where to send the picture (multipart, field `image`), on this API: valid once, for a few minutes. */
  uploadUrl: z.string(),
  uploadToken: z.string(),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
  contentTypes: z.array(z.string()),
});
export type ProfileImageUpload = z.infer<typeof ProfileImageUpload>;

export const generateProfileImageUploadUrl = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/generate-profile-image-upload-url',
  summary: "An upload address for one's own profile picture (single use, 10 minutes)",
  body: z.strictObject({}),
  response: ProfileImageUpload,
  access: [...MEMBER],
  noPermission: "a member's own account: never switched off",
});

/** Not in api/endpoints.tsv: the address generate-profile-image-upload-url hands out. */
export const uploadProfileImage = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/profile-image/upload/{token}',
  summary: 'Receives the profile picture for the upload token: PNG, JPEG or WebP (checked by content), at most 2 MB',
  params: z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not an upload token') }),
  multipart: true,
  response: z.object({ profileImageUrl: z.string() }),
  access: 'public',
});

/** Not in api/endpoints.tsv: removing one's own picture. */
export const removeProfileImage = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/user/profile-image',
  summary: "Removes one's own profile picture",
  response: Ok,
  access: [...MEMBER],
  noPermission: "a member's own account: never switched off",
});

/** Not in api/endpoints.tsv: the picture, for this host's workspace; `version` (its hash) changes with it. */
export const profileImage = route({
  api: 'main',
  method: 'GET',
  path: '/api/user/profile-image/{userId}/{version}',
  summary: "A member's profile picture (public on the workspace's host: an img tag cannot send the token)",
  params: z.strictObject({ userId: z.string().uuid(), version: z.string().regex(/^[0-9a-f]{8,64}$/) }),
  response: null,
  access: 'public',
});
