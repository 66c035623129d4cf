import { HttpError } from '../../platform/errors';

/** A refusal of the case's rules (case-runtime.service.ts): services answer it, the HTTP side turns it into a status. */
export type RuntimeRefusal = { ok: false; refusal: 'invalid' | 'conflict' | 'forbidden'; code: string; message: string; fields?: Record<string, string> };

const STATUS: Record<RuntimeRefusal['refusal'], number> = { invalid: 400, conflict: 409, forbidden: 403 };

/** The refusal as the HTTP error the routes answer (and the older case calls, which throw, raise). */
export function refusalError(refusal: RuntimeRefusal): HttpError {
  return new HttpError(STATUS[refusal.refusal], refusal.code, refusal.message, refusal.fields);
}
