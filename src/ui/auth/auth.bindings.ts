import { ContainerModule } from 'inversify';
import { SessionViewModel } from '../shell/session.view-model';
import { SiteStatusViewModel } from '../shell/site-status.view-model';
import { ClaimInviteViewModel } from './claim-invite.view-model';
import { EmailVerifyViewModel } from './email-verify.view-model';
import { ForgotPasswordViewModel } from './forgot-password.view-model';
import { SignInViewModel } from './sign-in.view-model';
import { SignUpViewModel } from './sign-up.view-model';

/**
 * The view-models of the light sign-in entry (auth-main.tsx): only what its pages use, so it does not download the
 * shell's (profile, security log, ...). The app's entry binds the same ones through shellViewModels.
 */
export const authViewModels = new ContainerModule(({ bind }) => {
  bind(SessionViewModel).toSelf().inSingletonScope();
  bind(SiteStatusViewModel).toSelf();
  bind(SignInViewModel).toSelf();
  bind(ForgotPasswordViewModel).toSelf();
  bind(ClaimInviteViewModel).toSelf();
  bind(SignUpViewModel).toSelf();
  bind(EmailVerifyViewModel).toSelf();
});
