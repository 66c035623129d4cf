import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
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
        <Notice page kind="warning" title="Not available from this network">
          This workspace accepts connections only from its organisation's own networks. Connect from the office network
          or the company VPN and try again.
        </Notice>
      </AuthCard>
    );
  }
  if (status.contractExpired) {
    return (
      <AuthCard>
        <Notice page kind="warning" title="This workspace's subscription has ended">
          Its contract with SafePlace has expired, so it is closed for now. Nothing has been deleted: once your
          organisation renews, everything is here again.
        </Notice>
      </AuthCard>
    );
  }
  if (status.maintenance) {
    return (
      <AuthCard>
        <Notice page kind="warning" title="Scheduled maintenance">
          This workspace is being updated and will be back shortly. Your work is saved; this page checks again every 20
          seconds.
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
