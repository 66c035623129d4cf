import { ApiError } from '../shared/api-error';

/** An expected refusal the screen explains: bad input (400), not there (404), a state conflict (409), too large (413). */
export type Refusal = { ok: false; reason: 'invalid' | 'not-found' | 'conflict'; message: string; fields: Record<string, string> };

export function invalid(message: string, field?: string): Refusal {
  return { ok: false, reason: 'invalid', message, fields: field ? { [field]: message } : {} };
}

/** Runs a call; its expected refusals become an outcome, anything else is thrown on. */
export async function attempt<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | Refusal> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (ApiError.is(error)) {
      if (error.status === 400 || error.status === 413) return { ok: false, reason: 'invalid', message: error.message, fields: error.fields };
      if (error.status === 404) return { ok: false, reason: 'not-found', message: error.message, fields: error.fields };
      if (error.status === 409) return { ok: false, reason: 'conflict', message: error.message, fields: error.fields };
    }
    throw error;
  }
}
