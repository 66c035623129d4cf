import { z } from 'zod';
import { Id, IdParams, pageOf, route } from '../route';

/**
 * Course credits (docs/policies.md): a workspace asks for credits for a catalogue course, the platform admin
 * grants them, and every assignment of the course to a person consumes one. The credits are an append-only ledger;
 * the balance is derived from it and never negative.
 */

const ASSIGNERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
const PERMISSION = 'courses.assign' as const;

/** The client's key for one request: sending the same request again (a retry) changes nothing. */
const IdempotencyKey = z.string().trim().min(8, 'Use a key of at least 8 characters').max(200);

export const CreditRequest = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  credits: z.number().int(),
  note: z.string(),
  status: z.enum(['REQUESTED', 'GRANTED']),
  requestedAt: z.string(),
  grantedAt: z.string().nullable(),
});
export type CreditRequest = z.infer<typeof CreditRequest>;

export const LedgerEntry = z.object({
  kind: z.enum(['GRANT', 'CONSUME', 'RETURN']),
  credits: z.number().int(),
  /** The person an assignment consumed (or returned) a credit for. */
  userName: z.string().nullable(),
  at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const RequestCreditsBody = z.strictObject({
  courseId: Id,
  credits: z.number().int('Ask for whole credits').min(1, 'Ask for at least one credit').max(100_000),
  note: z.string().trim().max(1000).optional(),
  idempotencyKey: IdempotencyKey,
});
export type RequestCreditsBody = z.infer<typeof RequestCreditsBody>;

export const requestCredits = route({
  api: 'learning',
  method: 'POST',
  path: '/api/workspace-course-credit/request-credits',
  summary: 'Asks the platform for credits for a catalogue course; the same idempotency key answers the same request',
  body: RequestCreditsBody,
  response: CreditRequest,
  access: ASSIGNERS,
  permission: PERMISSION,
});

export const courseCreditRequests = route({
  api: 'learning',
  method: 'GET',
  path: '/api/course/credits/requests/{id}',
  summary: 'A catalogue course’s credit requests (newest first) and its balance',
  params: IdParams,
  response: z.object({ items: z.array(CreditRequest), balance: z.number().int() }),
  access: ASSIGNERS,
  permission: PERMISSION,
});

export const courseCredited = route({
  api: 'learning',
  method: 'GET',
  path: '/api/course/credits/credited/{id}',
  summary: 'A catalogue course’s credit ledger (grants, consumptions, returns; newest first) and its balance',
  params: IdParams,
  response: z.object({ items: z.array(LedgerEntry), balance: z.number().int() }),
  access: ASSIGNERS,
  permission: PERMISSION,
});

export const AdminCreditRequest = CreditRequest.extend({
  workspaceId: z.string(),
  workspaceName: z.string(),
  balance: z.number().int(),
});
export type AdminCreditRequest = z.infer<typeof AdminCreditRequest>;

export const adminCreditRequests = route({
  api: 'learning',
  method: 'GET',
  path: '/api/admin/course/workspace-course-credit/requests',
  summary: 'Every workspace’s credit requests, those waiting first',
  query: z.strictObject({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(300).default(20),
    status: z.enum(['REQUESTED', 'GRANTED']).optional(),
  }),
  response: pageOf(AdminCreditRequest),
  access: 'platform-admin',
});

export const buyCredits = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/course/buy-credits/{id}',
  summary: 'Grants a credit request (its credits, or the number given): once, whatever the retries',
  params: IdParams,
  body: z.strictObject({ credits: z.number().int().min(1).max(100_000).optional() }),
  response: AdminCreditRequest,
  access: 'platform-admin',
});
