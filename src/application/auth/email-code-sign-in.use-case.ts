import { resolvePostSignInRedirect } from '../../domain/auth/redirect';
import { looksLikeEmail } from '../../domain/auth/sign-in-identifier';
import { looksLikeOneTimeCode } from '../../domain/auth/one-time-code';
import type { SessionStore } from '../shared/session-store.port';
import type { SiteInfo } from '../shared/site';
import type { AuthApi, CodeRequestResult } from './auth-api.port';
import type { SignInOutcome } from './sign-in.use-case';

/** Asks for a sign-in code by email. The answer is the same whether or not the account exists. */
export class RequestEmailCode {
  constructor(private readonly auth: AuthApi) {}

  async execute(email: string): Promise<CodeRequestResult | { ok: false; reason: 'invalid-email' }> {
    const userEmail = email.trim().toLowerCase();
    if (!looksLikeEmail(userEmail)) return { ok: false, reason: 'invalid-email' };
    return this.auth.requestEmailCode(userEmail);
  }
}

/** Signs in with the emailed code and the request it belongs to; keeps the session like a password sign-in. */
export class SignInWithEmailCode {
  constructor(
    private readonly auth: AuthApi,
    private readonly sessions: SessionStore,
    private readonly site: SiteInfo,
  ) {}

  async execute(input: {
    email: string;
    code: string;
    requestId: string;
    requestedRedirect?: string | null;
  }): Promise<SignInOutcome | { ok: false; reason: 'invalid-code-format' }> {
    if (!looksLikeOneTimeCode(input.code)) return { ok: false, reason: 'invalid-code-format' };
    const result = await this.auth.signInWithEmailCode({
      userEmail: input.email.trim().toLowerCase(),
      userOtp: input.code.trim(),
      otpRequestId: input.requestId,
    });
    if (!result.ok) return result;
    this.sessions.save(result.session.token, result.session.expiresAt);
    return { ok: true, user: result.session.user, redirectTo: resolvePostSignInRedirect(input.requestedRedirect, this.site) };
  }
}
