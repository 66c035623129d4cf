import { AuthApi } from '../application/auth/auth-api.port';
import { RequestSignInCode, SignInWithCode } from '../application/auth/code-sign-in.use-case';
import { RefreshCurrentUser } from '../application/auth/refresh-current-user.use-case';
import { RequestPasswordReset, ResetPassword } from '../application/auth/reset-password.use-case';
import { SignIn } from '../application/auth/sign-in.use-case';
import { SignOut } from '../application/auth/sign-out.use-case';
import { SignUpApi } from '../application/auth/sign-up.port';
import { ConfirmEmail, ResendConfirmation, SignUp } from '../application/auth/sign-up.use-case';
import { ClaimInvite } from '../application/invitations/claim-invite.use-case';
import { InviteClaimApi } from '../application/invitations/invite-claim-api.port';
import { FlagsApi, OrganisationApi } from '../application/shared/main-reads.port';
import { SessionStore } from '../application/shared/session-store.port';
import { SiteInfo } from '../application/shared/site';
import { RuntimeConfigKey, type RuntimeConfig } from './config/runtime-config';
import { FeatureFlagPoller } from './flags/feature-flag-poller';
import { ApiClient, CaseHttp, LearningHttp, MainHttp } from './http/api-client';
import { HttpAuthApi } from './http/main/http-auth-api';
import { HttpInviteClaimApi } from './http/main/http-invite-claim-api';
import { HttpOrganisationApi } from './http/main/http-organisation-api';
import { HttpSignUpApi } from './http/main/http-sign-up-api';
import { factory, single, type Wiring } from './wiring';

export interface CompositionInput {
  config: RuntimeConfig;
  site: SiteInfo;
  sessions: SessionStore;
  /** What a lost session does: the browser goes to /signin. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

/** What every page starts with: the runtime config, the site, the session store, the three API clients, the flag poller. */
export function platformWiring(input: CompositionInput): Wiring {
  const client = (baseUrl: string) =>
    new ApiClient({ baseUrl, sessions: input.sessions, onUnauthorized: input.onUnauthorized, fetch: input.fetch });
  return [
    single(SiteInfo, () => input.site),
    single(RuntimeConfigKey, () => input.config),
    single(SessionStore, () => input.sessions),
    single(MainHttp, () => client(input.config.mainApiUrl)),
    single(LearningHttp, () => client(input.config.learningApiUrl)),
    single(CaseHttp, () => client(input.config.caseApiUrl)),
    single(HttpOrganisationApi, (get) => new HttpOrganisationApi(get(MainHttp))),
    factory(OrganisationApi, (get) => get(HttpOrganisationApi)),
    factory(FlagsApi, (get) => get(HttpOrganisationApi)),
    single(FeatureFlagPoller, (get) => new FeatureFlagPoller(get<FlagsApi>(FlagsApi))),
  ];
}

/**
 * The adapters and use cases of the sign-in pages (sign in, codes, password reset, sign-up, email confirmation,
 * invitation links) and of the session (refresh, sign out). The app binds the same list; its other auth bindings
 * (profile, password change, audit, navigation) stay in container.ts.
 */
export const authWiring: Wiring = [
  single(HttpAuthApi, (get) => new HttpAuthApi(get(MainHttp))),
  factory(AuthApi, (get) => get(HttpAuthApi)),
  single(InviteClaimApi, (get) => new HttpInviteClaimApi(get(MainHttp))),
  single(HttpSignUpApi, (get) => new HttpSignUpApi(get(MainHttp))),
  factory(SignUpApi, (get) => get(HttpSignUpApi)),
  factory(ClaimInvite, (get) => new ClaimInvite(get<InviteClaimApi>(InviteClaimApi), get<SessionStore>(SessionStore))),
  factory(SignIn, (get) => new SignIn(get<AuthApi>(AuthApi), get<SessionStore>(SessionStore), get<SiteInfo>(SiteInfo))),
  factory(RequestSignInCode, (get) => new RequestSignInCode(get<AuthApi>(AuthApi))),
  factory(
    SignInWithCode,
    (get) => new SignInWithCode(get<AuthApi>(AuthApi), get<SessionStore>(SessionStore), get<SiteInfo>(SiteInfo)),
  ),
  factory(RequestPasswordReset, (get) => new RequestPasswordReset(get<AuthApi>(AuthApi))),
  factory(ResetPassword, (get) => new ResetPassword(get<AuthApi>(AuthApi))),
  factory(SignOut, (get) => new SignOut(get<AuthApi>(AuthApi), get<SessionStore>(SessionStore))),
  factory(RefreshCurrentUser, (get) => new RefreshCurrentUser(get<AuthApi>(AuthApi), get<SessionStore>(SessionStore))),
  factory(SignUp, (get) => new SignUp(get<SignUpApi>(SignUpApi))),
  factory(ConfirmEmail, (get) => new ConfirmEmail(get<SignUpApi>(SignUpApi))),
  factory(ResendConfirmation, (get) => new ResendConfirmation(get<SignUpApi>(SignUpApi))),
];
