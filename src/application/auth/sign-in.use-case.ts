import type { CurrentUser } from '../../contracts/main/auth.contract';
import { resolvePostSignInRedirect } from '../../domain/auth/redirect';
import { signInIdentifier } from '../../domain/auth/sign-in-identifier';
import type { Outcome } from '../shared/refusal';
import type { SessionStore } from '../shared/session-store.port';
import type { SiteInfo } from '../shared/site';
import type { AuthApi } from './auth-api.port';

export interface SignInInput {
  identifier: string;
  password: string;
  inviteCode?: string;
  /** The `redirect` the page was asked to go to after sign-in, if any. */
  requestedRedirect?: string | null;
}

/** Refused: a wrong password or code, an unconfirmed account, a code that is not 6 digits; or too many attempts. */
export type SignInOutcome = Outcome<
  { user: CurrentUser; redirectTo: string },
  'invalid-credentials' | 'email-not-confirmed' | 'invalid-code-format'
>;

export class SignIn {
  constructor(
    private readonly auth: AuthApi,
    private readonly sessions: SessionStore,
    private readonly site: SiteInfo,
  ) {}

  async execute(input: SignInInput): Promise<SignInOutcome> {
    const result = await this.auth.signIn({
      ...signInIdentifier(input.identifier),
      userPassword: input.password,
      ...(input.inviteCode ? { inviteCode: input.inviteCode } : {}),
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
