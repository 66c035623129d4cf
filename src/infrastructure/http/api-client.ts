import ky, { isHTTPError, type KyInstance } from 'ky';
import { ErrorBody, fillPath, type ResponseOf, type RouteContract } from '../../contracts/route';
import { ApiError, type ApiErrorReason } from '../../application/shared/api-error';
import type { SessionStore } from '../../application/shared/session-store.port';

export interface ApiClientOptions {
  baseUrl: string;
  sessions: SessionStore;
  /** Called after a 401 from a signed-in call: the token is already cleared; the app sends the user to /signin. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

/**
 * One of the three APIs, reached through ky: base URL, bearer token, 401 handling and error mapping,
 * with every call built and its answer parsed from the shared contract.
 */
export class ApiClient {
  readonly http: KyInstance;

  constructor(private readonly options: ApiClientOptions) {
    this.http = ky.create({
      baseUrl: options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
      fetch: options.fetch,
      retry: 0,
      timeout: 60_000,
      hooks: {
        beforeRequest: [
          ({ request }) => {
            const token = options.sessions.token();
            if (token) request.headers.set('Authorization', `Bearer ${token}`);
          },
        ],
      },
    });
  }

  /** An address under this API's base URL (for links the browser follows itself, e.g. a PDF). */
  href(path: string): string {
    const base = this.options.baseUrl.endsWith('/') ? this.options.baseUrl.slice(0, -1) : this.options.baseUrl;
    return `${base}${path.startsWith('/') ? path : `/${path}`}`;
  }

  async call<C extends RouteContract>(contract: C, input: CallInput = {}): Promise<ResponseOf<C>> {
    if (!contract.response) throw new Error(`${contract.path} answers a file: use send()`);
    const response = await this.send(contract, input);
    const data: unknown = response.status === 204 ? undefined : await response.json();
    return contract.response.parse(data) as ResponseOf<C>;
  }

  /** The raw response (file downloads); HTTP errors become ApiError. */
  async send(contract: RouteContract, input: CallInput = {}): Promise<Response> {
    const path = fillPath(contract.path, input.params).replace(/^\//, '');
    const searchParams: Record<string, string> = {};
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) searchParams[key] = String(value);
    }
    // A signed-in write carries an Idempotency-Key, and is sent again with the same key when its answer was lost on the
    // network: the server answers a repeat with the first answer, so nothing is done twice (docs/architecture.md,
    // "Idempotent requests"). Uploads (multipart) are not covered by the server's keys; public calls only where the
    // contract marks them `idempotent` (the confidential intake's filing, a reporter's messages and evidence).
    const idempotent =
      contract.method !== 'GET' && (contract.access !== 'public' || contract.idempotent === true) && !input.form;
    try {
      return await this.http(path, {
        method: contract.method,
        searchParams,
        json: input.form ? undefined : input.body,
        body: input.form,
        signal: input.signal,
        ...(idempotent
          ? {
              headers: { 'Idempotency-Key': idempotencyKey() },
              retry: { limit: 2, methods: [contract.method.toLowerCase()], statusCodes: [] },
            }
          : {}),
      });
    } catch (error) {
      // Spec 8: a 401 from any call clears the token and sends the user to /signin. A public call
      // (sign-in itself) answering 401 is a wrong password, not a lost session.
      if (isHTTPError(error) && error.response.status === 401 && contract.access !== 'public') {
        this.options.sessions.clear();
        this.options.onUnauthorized();
      }
      throw toApiError(error);
    }
  }
}

/** 128 random bits as hex (getRandomValues works on plain http too, where randomUUID does not). */
function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const REASONS: Record<number, ApiErrorReason> = {
  400: 'invalid',
  401: 'signed-out',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  410: 'gone',
  413: 'too-large',
  422: 'invalid',
  429: 'rate-limited',
};

/** The one place where an HTTP status is read: the application reasons about the kind of failure only. */
export function reasonOf(status: number): ApiErrorReason {
  return REASONS[status] ?? (status >= 500 ? 'server-error' : 'other');
}

export function toApiError(error: unknown): unknown {
  if (!isHTTPError(error)) return error;
  const parsed = ErrorBody.safeParse(error.data);
  const status = error.response.status;
  const retryAfter = Number(error.response.headers.get('retry-after'));
  const apiError = parsed.success
    ? new ApiError(reasonOf(status), parsed.data.code, parsed.data.message, parsed.data.fields ?? {})
    : new ApiError(reasonOf(status), `HTTP_${status}`, `The server answered ${status}.`);
  if (Number.isFinite(retryAfter) && retryAfter > 0) apiError.retryAfterSeconds = retryAfter;
  return apiError;
}

export const MainHttp = Symbol('MainHttp');
export const LearningHttp = Symbol('LearningHttp');
export const CaseHttp = Symbol('CaseHttp');
