import { HttpError } from '../../platform/errors';

/** A refusal of the law area's services: the services answer it, the routes turn it into HTTP (one mapping). */
export type LawRefusal = {
  refusal: 'invalid' | 'conflict' | 'forbidden' | 'not-found';
  code: string;
  message: string;
  fields?: Record<string, string>;
};

const STATUS: Record<LawRefusal['refusal'], number> = { invalid: 400, conflict: 409, forbidden: 403, 'not-found': 404 };

export const isRefusal = (value: unknown): value is LawRefusal =>
  typeof value === 'object' && value !== null && 'refusal' in value;

export function lawError(r: LawRefusal): HttpError {
  return new HttpError(STATUS[r.refusal], r.code, r.message, r.fields);
}
