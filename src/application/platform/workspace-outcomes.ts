import { ApiError } from '../shared/api-error';

/** An expected refusal the form shows beside its fields: bad input (400) or a conflict such as a taken host (409). */
export type Refusal = { ok: false; reason: 'invalid' | 'conflict'; message: string; fields: Record<string, string> };

export function invalid(field: string, message: string): Refusal {
  return { ok: false, reason: 'invalid', message, fields: { [field]: message } };
}

/** 400 and 409 become a Refusal; anything else is unexpected and is thrown on. */
export function refusalFrom(error: unknown): Refusal {
  if (ApiError.is(error) && (error.status === 400 || error.status === 409)) {
    return { ok: false, reason: error.status === 409 ? 'conflict' : 'invalid', message: error.message, fields: error.fields };
  }
  throw error;
}
