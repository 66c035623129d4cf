import { AuthApi } from '../application/auth/auth-api.port';
import { RequestSignInCode, SignInWithCode } from '../application/auth/code-sign-in.use-case';
import { RequestPasswordReset, ResetPassword } from '../application/auth/reset-password.use-case';
import { SignIn } from '../application/auth/sign-in.use-case';
import { SignUpApi } from '../application/auth/sign-up.port';
import { ConfirmEmail, ResendConfirmation, SignUp } from '../application/auth/sign-up.use-case';
import { ClaimInvite } from '../application/invitations/claim-invite.use-case';
import { InviteClaimApi } from '../application/invitations/invite-claim-api.port';
import { SessionStore } from '../application/shared/session-store.port';
import { SiteInfo } from '../application/shared/site';
import { MainHttp } from './http/api-client';
import { HttpInviteClaimApi } from './http/main/http-invite-claim-api';
import { HttpSignUpApi } from './http/main/http-sign-up-api';
import { sessionWiring } from './session.wiring';
import { factory, single, type Wiring } from './wiring';

/**
 * The adapters and use cases of the sign-in pages (sign in, codes, password reset, sign-up, email confirmation,
 * invitation links) and of the session (refresh, sign out: `sessionWiring`, all the course player needs). The app binds
 * the same list; its other auth bindings (profile, password change, audit, navigation) stay in container.ts.
 */
export const authWiring: Wiring = [
  ...sessionWiring,
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
  factory(SignUp, (get) => new SignUp(get<SignUpApi>(SignUpApi))),
  factory(ConfirmEmail, (get) => new ConfirmEmail(get<SignUpApi>(SignUpApi))),
  factory(ResendConfirmation, (get) => new ResendConfirmation(get<SignUpApi>(SignUpApi))),
];
