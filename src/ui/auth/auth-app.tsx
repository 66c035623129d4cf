import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { SiteStatusViewModel } from '../shell/site-status.view-model';
import { ClaimInviteScreen } from './claim-invite.screen';
import { EmailVerifyScreen } from './email-verify.screen';
import { ForgotPasswordScreen } from './forgot-password.screen';
import { AuthCard, Notice } from './light/controls';
import { SignInScreen } from './sign-in.screen';
import { SignUpScreen } from './sign-up.screen';

/** The sign-in pages (/signin, /signin-password, /signin-mobile, /forgot-password, /invite/{code}, /signup, /email-verify/{code}), by path; maintenance replaces them while on. */
export const AuthApp = observer(function AuthApp() {
  const status = useViewModel(SiteStatusViewModel);
  useEffect(() => status.watch(), [status]);
  if (status.refusedNetwork) {
    return (
      <AuthCard>
        <Notice page kind="warning" title={tr('site.networkTitle')}>
          {tr('site.network')}
        </Notice>
      </AuthCard>
    );
  }
  if (status.contractExpired) {
    return (
      <AuthCard>
        <Notice page kind="warning" title={tr('site.endedTitle')}>
          {tr('site.ended')}
        </Notice>
      </AuthCard>
    );
  }
  if (status.maintenance) {
    return (
      <AuthCard>
        <Notice page kind="warning" title={tr('site.maintenanceTitle')}>
          {tr('site.maintenance')}
        </Notice>
      </AuthCard>
    );
  }
  const path = window.location.pathname;
  const invite = /^\/invite\/([A-Za-z0-9_-]+)$/.exec(path);
  if (invite) return <ClaimInviteScreen code={invite[1]} />;
  const verify = /^\/email-verify\/([A-Za-z0-9_-]+)$/.exec(path);
  if (verify) return <EmailVerifyScreen code={verify[1]} />;
  if (path === '/signup') return <SignUpScreen />;
  if (path === '/forgot-password') return <ForgotPasswordScreen />;
  // The methods' own addresses (spec 2), beside /signin, as links a help desk can send.
  return (
    <SignInScreen method={path === '/signin-mobile' ? 'sms' : path === '/signin-password' ? 'password' : undefined} />
  );
});
