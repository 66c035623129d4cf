import { z } from 'zod';
import type { PermissionKey } from '../domain/auth/permissions';

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
}

export type Access =
  | 'public'
  | 'signed-in'
  | 'platform-admin'
  | readonly ('EMPLOYEE' | 'WORKSPACE_ADMIN' | 'BRANCH_ADMIN' | 'EMPLOYER')[];

export function route<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodNever,
>(def: RouteContract<P, Q, B, R>): RouteContract<P, Q, B, R> {
  return def;
}

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
