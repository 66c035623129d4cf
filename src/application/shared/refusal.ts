import { ApiError } from './api-error';

/** The kind of an expected refusal: what went wrong in general, whatever the use case. */
export type RefusalReason =
  /** The input was refused: a field, a file, a state the request cannot apply to. */
  | 'invalid'
  | 'not-found'
  /** The object's state conflicts with the request (a frozen version, a published course, a taken name). */
  | 'conflict'
  /** It was there and is no more (a used or expired code, link or invitation). */
  | 'gone'
  | 'too-large'
  /** Too many attempts: `retryAfterSeconds` says when to try again, when known. */
  | 'rate-limited'
  /** The credentials or the session were refused (a wrong password, a wrong code). */
  | 'signed-out'
  /** The person may not (an unconfirmed account, a role that may not). */
  | 'forbidden'
  /** The person stopped it (an upload cancelled). */
  | 'cancelled'
  /** A transfer or the server failed on the way: the message says so, and trying again may work. */
  | 'failed';

/**
 * The one outcome of an expected refusal in the application layer. `reason` is its kind; `code` is the use case's
 * own name for it when a screen says something particular (`frozen`, `not-pdf`, `no-attempts-left`). The screen shows
 * the message, and each named field's message beside the field.
 */
export type Refusal<Code extends string = string> = {
  ok: false;
  reason: RefusalReason;
  code?: Code;
  message: string;
  fields: Record<string, string>;
  retryAfterSeconds?: number;
};

/** What every use case returns: its result with `ok: true`, or a `Refusal`. */
export type Outcome<T extends object = object, Code extends string = string> = ({ ok: true } & T) | Refusal<Code>;

/** A refusal of a use case's own (a rule it holds, or the server's answer read into the use case's terms). */
export function refuse<Code extends string>(
  reason: RefusalReason,
  message: string,
  more: { code?: Code; fields?: Record<string, string>; retryAfterSeconds?: number } = {},
): Refusal<Code> {
  return {
    ok: false,
    reason,
    message,
    fields: more.fields ?? {},
    ...(more.code === undefined ? {} : { code: more.code }),
    ...(more.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: more.retryAfterSeconds }),
  };
}

/** Input refused before any call: the message, and the field it belongs to when there is one. */
export function invalid(message: string, field?: string): Refusal<never> {
  return { ok: false, reason: 'invalid', message, fields: field ? { [field]: message } : {} };
}

const REFUSALS: ReadonlySet<string> = new Set<RefusalReason>(['invalid', 'not-found', 'conflict', 'too-large']);

/** An expected refusal of the server becomes a Refusal; anything else is unexpected and is thrown on. */
export function refusalOf(error: unknown): Refusal<never> {
  if (ApiError.is(error) && REFUSALS.has(error.reason)) {
    return { ok: false, reason: error.reason as RefusalReason, message: error.message, fields: error.fields };
  }
  throw error;
}

const KINDS: Partial<Record<string, RefusalReason>> = {
  'too-large': 'too-large',
  'not-found': 'not-found',
  conflict: 'conflict',
  gone: 'gone',
  forbidden: 'forbidden',
  'rate-limited': 'rate-limited',
};

/** Any refusal of the server (`ApiError.isRefusal`) as a Refusal: its own kind where there is one, else `invalid`. */
export function refusalFrom(error: ApiError): Refusal<never> {
  return {
    ok: false,
    reason: KINDS[error.reason] ?? 'invalid',
    message: error.message,
    fields: error.fields,
  };
}

/** Runs a call; its expected refusals become an outcome, anything else is thrown on. */
export async function attempt<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | Refusal<never>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return refusalOf(error);
  }
}
