import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { EmailVerifyViewModel } from './email-verify.view-model';
import { AuthCard, AuthForm, Field, Notice, SubmitButton } from './light/controls';
import { clean } from './sign-in.screen';
import { isEmailAddress } from '../../domain/people/email-address';

const TITLES = {
  used: 'verify.used',
  expired: 'verify.expired',
  'not-found': 'verify.notFound',
} as const;

/** /email-verify/{code}: the link in the confirmation email. */
export const EmailVerifyScreen = observer(function EmailVerifyScreen({ code }: { code: string }) {
  const vm = useViewModel(EmailVerifyViewModel);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void vm.confirm(code);
  }, [vm, code]);

  if (vm.status === 'checking')
    return (
      <div className="auth-status" role="status">
        {tr('verify.checking')}
      </div>
    );
  if (vm.status === 'confirmed') {
    return (
      <AuthCard>
        <h1>{tr('verify.confirmedTitle')}</h1>
        <Notice kind="success" title={tr('verify.confirmed', { email: vm.email ?? '' })} />
        <a className="auth-button auth-button-primary" href="/signin">
          {tr('signin.submit')}
        </a>
      </AuthCard>
    );
  }
  if (vm.status === 'error') {
    return (
      <AuthCard>
        <Notice kind="error" title={tr('verify.error')}>
          {vm.error} <a href={window.location.href}>{tr('common.tryAgain')}</a>
        </Notice>
      </AuthCard>
    );
  }
  const refusal = vm.refusal!;
  return (
    <AuthCard>
      <h1>{tr(TITLES[refusal.reason])}</h1>
      <Notice
        kind={refusal.reason === 'used' ? 'info' : 'warning'}
        title={refusal.message}
        action={<a href="/signin">{tr('invite.goToSignIn')}</a>}
      />
      {refusal.reason !== 'used' ? (
        <>
          <h2 className="auth-subtitle">{tr('verify.newLink')}</h2>
          {vm.resend.status === 'sent' ? (
            <Notice kind="success" title={vm.resend.message ?? tr('signup.checkTitle')} />
          ) : (
            <AuthForm<{ userEmail: string }>
              setErrors={setErrors}
              validate={(v) =>
                clean({
                  userEmail: isEmailAddress(v.userEmail ?? '') ? undefined : tr('verify.enterEmail'),
                })
              }
              onSubmit={(v) => void vm.requestNewLink(v.userEmail)}
            >
              {vm.resend.error ? <Notice kind="error" title={vm.resend.error} /> : null}
              <Field
                label={tr('verify.emailLabel')}
                name="userEmail"
                type="email"
                autoComplete="email"
                error={errors.userEmail}
                disabled={vm.resend.status === 'pending'}
              />
              <SubmitButton pending={vm.resend.status === 'pending'}>{tr('verify.send')}</SubmitButton>
            </AuthForm>
          )}
        </>
      ) : null}
    </AuthCard>
  );
});
