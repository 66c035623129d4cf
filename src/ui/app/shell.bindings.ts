import { ContainerModule } from 'inversify';
import { ClaimInviteViewModel } from '../auth/claim-invite.view-model';
import { ForgotPasswordViewModel } from '../auth/forgot-password.view-model';
import { SignInViewModel } from '../auth/sign-in.view-model';
import { SignUpViewModel } from '../auth/sign-up.view-model';
import { EmailVerifyViewModel } from '../auth/email-verify.view-model';
import { ProfilePictureViewModel } from '../shell/profile-picture.view-model';
import { SessionViewModel } from '../shell/session.view-model';
import { ShellViewModel } from '../shell/shell.view-model';
import { SiteStatusViewModel } from '../shell/site-status.view-model';
import { SecurityLogViewModel } from '../security/security-log.view-model';
import { ProfileViewModel } from '../shell/profile.view-model';
import { ChangePasswordViewModel } from '../shell/change-password.view-model';

/** View-models every page may need; each area's own are bound with the area (./areas.ts). */
export const shellViewModels = new ContainerModule(({ bind }) => {
  bind(SessionViewModel).toSelf().inSingletonScope();
  bind(ShellViewModel).toSelf();
  bind(SiteStatusViewModel).toSelf();
  bind(SignInViewModel).toSelf();
  bind(ForgotPasswordViewModel).toSelf();
  bind(ClaimInviteViewModel).toSelf();
  bind(SignUpViewModel).toSelf();
  bind(EmailVerifyViewModel).toSelf();
  bind(ProfilePictureViewModel).toSelf();
  bind(SecurityLogViewModel).toSelf();
  bind(ProfileViewModel).toSelf();
  bind(ChangePasswordViewModel).toSelf();
});
