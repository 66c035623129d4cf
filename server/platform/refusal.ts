import { HttpError } from './errors';

/**
 * A domain refusal: what a service answers, instead of throwing, when the rules say no (STYLE.md "Do this", item 6).
 * `code` and `message` are the error body's; the kind decides the status, in this one place.
 */
export type Refusal = {
  ok: false;
  refusal:
    | 'invalid'
    | 'unauthorized'
    | 'not-found'
    | 'forbidden'
    | 'conflict'
    | 'gone'
    | 'too-large'
    | 'unsupported-type'
    | 'too-many'
    | 'unavailable';
  code: string;
  message: string;
  fields?: Record<string, string>;
};
export type Outcome<T> = { ok: true; value: T } | Refusal;

/** The HTTP status of each kind of refusal (also for answers not shaped by `answer`, e.g. SCIM's own errors). */
export const REFUSAL_STATUS: Record<Refusal['refusal'], number> = {
  invalid: 400,
  /** Credentials or a code that do not prove who the caller is. */
  unauthorized: 401,
  'not-found': 404,
  forbidden: 403,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'unsupported-type': 415,
  /** A budget of the day spent (the public path's evidence uploads). */
  'too-many': 429,
  /** The server lacks what the request needs (no file storage configured). */
  unavailable: 503,
};

/** The refusal as the HTTP error a route answers: the one path from a refusal to HTTP (`answer` and `raise` use it). */
function refusalError(refusal: Refusal): HttpError {
  return new HttpError(REFUSAL_STATUS[refusal.refusal], refusal.code, refusal.message, refusal.fields);
}

/** A route's answer: the value, or the refusal raised as its HTTP error. */
export function answer<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw refusalError(outcome);
}

/** A service's success. */
export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });

/** A service's refusal of the given kind. */
export const refuse = (
  refusal: Refusal['refusal'],
  code: string,
  message: string,
  fields?: Record<string, string>,
): Refusal => ({ ok: false, refusal, code, message, ...(fields ? { fields } : {}) });

/**
 * A refusal raised, not returned: for a rule found only after the transaction wrote (too few credits once the
 * assignments are in), where the throw is what rolls the writes back. The service that opened the transaction turns it
 * back into its outcome with `refusing`; were it to escape, it answers as the refusal's HTTP error all the same.
 */
export class Refused extends HttpError {
  constructor(readonly refusal: Refusal) {
    const error = refusalError(refusal);
    super(error.statusCode, error.code, error.message, error.fields);
  }
}

/** Raises the refusal (see `Refused`). */
export function raise(refusal: Refusal): never {
  throw new Refused(refusal);
}

/** The work's outcome, or the refusal it raised (its transaction rolled back). */
export async function refusing<T>(work: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}
