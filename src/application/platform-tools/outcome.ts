import { ApiError } from '../shared/api-error';

/** An expected failure the screen shows next to the form: the server's message and the fields it named. */
export type Refusal = { ok: false; reason: 'invalid' | 'conflict' | 'not-found' | 'too-large'; message: string; fields: Record<string, string> };

const REASONS: Record<number, Refusal['reason']> = { 400: 'invalid', 404: 'not-found', 409: 'conflict', 413: 'too-large' };

/** A 400/404/409/413 becomes a Refusal; anything else is unexpected and rethrown. */
export function refusalOf(error: unknown): Refusal {
  if (ApiError.is(error) && REASONS[error.status]) {
    return { ok: false, reason: REASONS[error.status], message: error.message, fields: error.fields };
  }
  throw error;
}

export function invalid(field: string, message: string): Refusal {
  return { ok: false, reason: 'invalid', message, fields: { [field]: message } };
}
