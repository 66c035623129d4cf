import { normalisePhoneNumber } from '../../domain/auth/phone-number';
import { resolvePostSignInRedirect } from '../../domain/auth/redirect';
import { looksLikeEmail } from '../../domain/auth/sign-in-identifier';
import { looksLikeOneTimeCode } from '../../domain/auth/one-time-code';
import type { SessionStore } from '../shared/session-store.port';
import type { SiteInfo } from '../shared/site';
import { refuse, type Refusal } from '../shared/refusal';
import type { AuthApi, CodeChannel, CodeRequestResult } from './auth-api.port';
import type { SignInOutcome } from './sign-in.use-case';

/** An email address lower-cased, or a phone number in the form it is compared in; null if it is neither. */
function destinationFor(channel: CodeChannel, raw: string): string | null {
  if (channel === 'sms') return normalisePhoneNumber(raw);
  const email = raw.trim().toLowerCase();
  return looksLikeEmail(email) ? email : null;
}

/** Asks for a sign-in code by email or SMS. The answer is the same whether or not the account exists. */
export class RequestSignInCode {
  constructor(private readonly auth: AuthApi) {}

  async execute(channel: CodeChannel, raw: string): Promise<CodeRequestResult | Refusal<'invalid-destination'>> {
    const destination = destinationFor(channel, raw);
    if (!destination)
      return refuse('invalid', 'Enter a valid email address or phone number.', { code: 'invalid-destination' });
    return this.auth.requestSignInCode(channel, destination);
  }
}

/** Signs in with the code and the request it belongs to; keeps the session like a password sign-in. */
export class SignInWithCode {
  constructor(
    private readonly auth: AuthApi,
    private readonly sessions: SessionStore,
    private readonly site: SiteInfo,
  ) {}

  async execute(input: {
    channel: CodeChannel;
    destination: string;
    code: string;
    requestId: string;
    requestedRedirect?: string | null;
  }): Promise<SignInOutcome> {
    const destination = destinationFor(input.channel, input.destination);
    if (!destination || !looksLikeOneTimeCode(input.code))
      return refuse('invalid', 'Enter the 6 digits of the code.', { code: 'invalid-code-format' });
    const result = await this.auth.signInWithCode(input.channel, {
      destination,
      code: input.code.trim(),
      requestId: input.requestId,
    });
    if (!result.ok) return result;
    this.sessions.save(result.session.token, result.session.expiresAt);
    return {
      ok: true,
      user: result.session.user,
      redirectTo: resolvePostSignInRedirect(input.requestedRedirect, this.site, result.session.user.kind),
    };
  }
}
