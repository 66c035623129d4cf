import { refuse, type Refusal } from '../../platform/refusal';

/** `%` and `_` typed by a person are searched for literally. */
export function likeText(search: string | null | undefined): string | null {
  const text = search?.trim();
  return text ? text.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
}

/** A unique index (a name taken) answers 409 naming the field; a row still referenced answers 409 too, never 500. */
export function constraintRefusal(error: unknown, field: string, message: string): Refusal | null {
  const code = (error as { code?: string }).code;
  if (code === '23505') return refuse('conflict', 'CONFLICT', message, { [field]: message });
  if (code === '23503')
    return refuse('conflict', 'CONFLICT', 'Something else still refers to this; nothing was changed');
  return null;
}
