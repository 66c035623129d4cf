import { z } from 'zod';
import type { PermissionKey } from '../domain/auth/permissions';
import type { ApiKeyScope } from '../domain/integrations/api-keys';

/** The error body every API answers with on a 4xx or 5xx. `fields` names the offending inputs. */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiName = 'main' | 'learning' | 'case';

/**
 * One call of one API, described once and used by both sides:
 * the server declares its route from it, the client adapter builds and parses the call with it.
 */
export interface RouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  api: ApiName;
  method: HttpMethod;
  /** Path with `{name}` placeholders, exactly as in api/endpoints.tsv. */
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  /** JSON body. Multipart routes leave this empty and set `multipart`. */
  body?: B;
  multipart?: boolean;
  /** The success answer (200). `null` for a file download. */
  response: R | null;
  /** Who may call it: enforced on the server, listed in the OpenAPI document. */
  access: Access;
  /**
   * The permission (src/domain/auth/permissions.ts) a role in `access` must also hold in the workspace: a
   * workspace admin may switch it off for a role, and the call then answers 403 to that role.
   */
  permission?: PermissionKey;
  /**
   * Why a route open to workspace roles has no permission switch (a member's own account, their menu). Every route
   * whose access is a role list names either `permission` or this reason (test/server/platform/contract-rules.test.ts).
   */
  noPermission?: string;
  /**
   * Also the platform admin on the main site, authoring the platform's catalogue courses with the workspace builder
   * (docs/policies.md, "Catalogue courses"): the call then works on the main site's courses (the nil workspace id).
   * Only for routes whose access is a role list; the platform admin on a workspace's site is still refused.
   */
  catalogueAuthor?: true;
  /**
   * A public create that a retry may repeat (the confidential intake's filing, a reporter's message, evidence): it
   * accepts an `Idempotency-Key`, and the web app sends one (docs/architecture.md, "Idempotent requests"). Signed-in
   * writes accept one without this mark.
   */
  idempotent?: true;
  /**
   * A `signed-in` route whose caller is decided by a seat, not a role (a presiding officer may hold any role): the
   * service answers 403 to one without the seat. The role matrix accepts 403 here from every role, never 401.
   */
  seatDecides?: true;
  /**
   * The one API-key scope that reaches this route (docs/integrations.md). A workspace API key is refused (403) on every
   * route without one, and on a route whose scope it does not hold; the role matrix tests both.
   */
  apiKeyScope?: ApiKeyScope;
}

export type Access =
  'public' | 'signed-in' | 'platform-admin' | readonly ('EMPLOYEE' | 'WORKSPACE_ADMIN' | 'BRANCH_ADMIN' | 'EMPLOYER')[];

export function route<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodNever,
>(def: RouteContract<P, Q, B, R>): RouteContract<P, Q, B, R> {
  const contract = { ...def };
  if (def.params) contract.params = withoutNul(def.params);
  if (def.query) contract.query = withoutNul(def.query);
  if (def.body) contract.body = withoutNul(def.body);
  inputsChecked.add(contract);
  return contract;
}

export const NUL_MESSAGE = 'Must not contain a NUL character';

/** The same rule for the text parts of a multipart upload (file names, form fields), which no zod schema reads. */
export function containsNul(text: string): boolean {
  return text.includes('\u0000');
}

/** The contracts built by `route()`, whose inputs carry the NUL rule (for the contract walk in the tests). */
export const inputsChecked = new WeakSet<RouteContract>();

/**
 * One rule for every text an API accepts: no NUL character (U+0000) anywhere in a path parameter, query or body.
 * PostgreSQL cannot store it in text, so it would otherwise reach the database and fail there; this answers 400
 * naming the field. Applied by `route()` to each input schema, so no contract can forget it.
 */
export function withoutNul<T extends z.ZodType>(schema: T): T {
  const checked = schema.superRefine((value, ctx) => {
    const visit = (v: unknown, path: (string | number)[]): void => {
      if (typeof v === 'string') {
        if (v.includes('\u0000')) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
      } else if (Array.isArray(v)) {
        v.forEach((item, i) => visit(item, [...path, i]));
      } else if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
        for (const [key, item] of Object.entries(v)) {
          if (key.includes('\u0000')) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
          visit(item, [...path, key]);
        }
      }
    };
    visit(value, []);
  }) as T;
  refusesNul.add(checked);
  return checked;
}

/** The input schemas that carry the NUL rule. */
export const refusesNul = new WeakSet<z.ZodType>();

/** `/api/course/{id}/members` + `{ id: 'c1' }` -> `/api/course/c1/members` */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `/api/course/{id}/members` -> `/api/course/:id/members` (Fastify's form). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export type ParamsOf<C> = C extends RouteContract<infer P, any, any, any> ? z.infer<P> : never;
export type QueryOf<C> = C extends RouteContract<any, infer Q, any, any> ? z.infer<Q> : never;
export type BodyOf<C> = C extends RouteContract<any, any, infer B, any> ? z.infer<B> : never;
export type ResponseOf<C> = C extends RouteContract<any, any, any, infer R> ? z.infer<R> : never;

/** Zero-based paging on the wire (the UI shows page numbers from 1). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(300).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

export const Id = z.string().uuid();
export const IdParams = z.strictObject({ id: Id });
export const Ok = z.object({ ok: z.literal(true) });
