import { ApiError } from './api-error';

/**
 * The one outcome of an expected refusal in the application layer: bad input, not there, a state conflict,
 * too large. The screen shows the message, and each named field's message beside the field.
 */
export type Refusal = {
  ok: false;
  reason: 'invalid' | 'not-found' | 'conflict' | 'too-large';
  message: string;
  fields: Record<string, string>;
};

/** Input refused before any call: the message, and the field it belongs to when there is one. */
export function invalid(message: string, field?: string): Refusal {
  return { ok: false, reason: 'invalid', message, fields: field ? { [field]: message } : {} };
}

const REFUSALS: ReadonlySet<string> = new Set<Refusal['reason']>(['invalid', 'not-found', 'conflict', 'too-large']);

/** An expected refusal of the server becomes a Refusal; anything else is unexpected and is thrown on. */
export function refusalOf(error: unknown): Refusal {
  if (ApiError.is(error) && REFUSALS.has(error.reason)) {
    return { ok: false, reason: error.reason as Refusal['reason'], message: error.message, fields: error.fields };
  }
  throw error;
}

/** Runs a call; its expected refusals become an outcome, anything else is thrown on. */
export async function attempt<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | Refusal> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return refusalOf(error);
  }
}
