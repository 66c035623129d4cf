import { ApiError } from '../../../src/application/shared/api-error';

/**
 * A fake port for a use case's test: each named method answers its value (or throws it, when it is an Error), and
 * every call is recorded as `[method, ...args]`. A method the test does not name is not there (the use case must
 * not call it).
 */
export function recordingPort<P extends object>(
  answers: Partial<Record<keyof P, unknown>>,
): { port: P; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const port = Object.fromEntries(
    Object.entries(answers).map(([method, answer]) => [
      method,
      async (...args: unknown[]) => {
        calls.push([method, ...args]);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    ]),
  ) as P;
  return { port, calls };
}

/** The server's refusal of a field, as the HTTP adapter throws it. */
export const refusedField = (field: string, message: string, reason: 'invalid' | 'conflict' = 'invalid') =>
  new ApiError(reason, reason === 'invalid' ? 'VALIDATION' : 'CONFLICT', message, { [field]: message });
