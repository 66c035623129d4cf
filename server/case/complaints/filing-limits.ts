import { HttpError } from '../../platform/errors';

/**
 * A member filed their complaints of the day (ServerSettings.complaintsPerDay): 429 with Retry-After, the seconds
 * left until the workspace's next day. A refusal with a header no refusal kind carries, so thrown as the rate
 * limits' are (docs/architecture.md "The server's shape").
 */
export function tooManyComplaints(perDay: number, today: string, now: Date): never {
  const retryAfter = Math.max(60, Math.ceil((Date.parse(`${today}T00:00:00Z`) + 86_400_000 - now.getTime()) / 1000));
  throw new HttpError(
    429,
    'TOO_MANY_COMPLAINTS',
    `You can file ${perDay} complaints a day. If it is urgent, speak to a committee member: they can record it for you.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}
