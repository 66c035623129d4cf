import { RequestSignInCode, SignInWithCode } from '../../application/auth/code-sign-in.use-case';
import { RefreshCurrentUser } from '../../application/auth/refresh-current-user.use-case';
import { RequestPasswordReset, ResetPassword } from '../../application/auth/reset-password.use-case';
import { SignIn } from '../../application/auth/sign-in.use-case';
import { SignOut } from '../../application/auth/sign-out.use-case';
import { ConfirmEmail, ResendConfirmation, SignUp } from '../../application/auth/sign-up.use-case';
import { ClaimInvite } from '../../application/invitations/claim-invite.use-case';
import { InviteClaimApi } from '../../application/invitations/invite-claim-api.port';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { SiteInfo } from '../../application/shared/site';
import { FeatureFlagPoller } from '../../infrastructure/flags/feature-flag-poller';
import { factory, single, type Wiring } from '../../infrastructure/wiring';
import { SessionViewModel } from '../shell/session.view-model';
import { SiteStatusViewModel } from '../shell/site-status.view-model';
import { ClaimInviteViewModel } from './claim-invite.view-model';
import { EmailVerifyViewModel } from './email-verify.view-model';
import { ForgotPasswordViewModel } from './forgot-password.view-model';
import { SignInViewModel } from './sign-in.view-model';
import { SignUpViewModel } from './sign-up.view-model';

/**
 * The view-models of the sign-in pages, as plain factories: the light sign-in entry (auth-main.tsx) resolves them with
 * the LightContainer, without Inversify; the app's entry binds the same list (shell.bindings.ts). One session per
 * container, a fresh view-model per screen.
 */
export const authViewModelWiring: Wiring = [
  single(SessionViewModel, (get) => new SessionViewModel(get(RefreshCurrentUser), get(SignOut))),
  factory(SiteStatusViewModel, (get) => new SiteStatusViewModel(get(FeatureFlagPoller), get<SiteInfo>(SiteInfo))),
  factory(
    SignInViewModel,
    (get) =>
      new SignInViewModel(
        get(SignIn),
        get(RequestSignInCode),
        get(SignInWithCode),
        get<OrganisationApi>(OrganisationApi),
        get<SiteInfo>(SiteInfo),
        get(SessionViewModel),
        get(ResendConfirmation),
      ),
  ),
  factory(
    ForgotPasswordViewModel,
    (get) =>
      new ForgotPasswordViewModel(
        get(RequestPasswordReset),
        get(ResetPassword),
        get<SiteInfo>(SiteInfo),
        get<OrganisationApi>(OrganisationApi),
      ),
  ),
  factory(
    ClaimInviteViewModel,
    (get) => new ClaimInviteViewModel(get<InviteClaimApi>(InviteClaimApi), get(ClaimInvite)),
  ),
  factory(
    SignUpViewModel,
    (get) => new SignUpViewModel(get(SignUp), get<OrganisationApi>(OrganisationApi), get<SiteInfo>(SiteInfo)),
  ),
  factory(EmailVerifyViewModel, (get) => new EmailVerifyViewModel(get(ConfirmEmail), get(ResendConfirmation))),
];
