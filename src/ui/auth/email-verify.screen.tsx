import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useViewModel } from '../shared/container-context';
import { EmailVerifyViewModel } from './email-verify.view-model';
import { AuthCard, AuthForm, Field, Notice, SubmitButton } from './light/controls';
import { clean } from './sign-in.screen';
import { isEmailAddress } from '../../domain/people/email-address';

const TITLES = {
  used: 'Email already confirmed',
  expired: 'This link has expired',
  'not-found': 'Link not valid',
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
        Confirming your email…
      </div>
    );
  if (vm.status === 'confirmed') {
    return (
      <AuthCard>
        <h1>Email confirmed</h1>
        <Notice kind="success" title={`${vm.email} is confirmed. You can sign in now.`} />
        <a className="auth-button auth-button-primary" href="/signin">
          Sign in
        </a>
      </AuthCard>
    );
  }
  if (vm.status === 'error') {
    return (
      <AuthCard>
        <Notice kind="error" title="Your email could not be confirmed">
          {vm.error} <a href={window.location.href}>Try again</a>
        </Notice>
      </AuthCard>
    );
  }
  const refusal = vm.refusal!;
  return (
    <AuthCard>
      <h1>{TITLES[refusal.reason]}</h1>
      <Notice
        kind={refusal.reason === 'used' ? 'info' : 'warning'}
        title={refusal.message}
        action={<a href="/signin">Go to sign-in</a>}
      />
      {refusal.reason !== 'used' ? (
        <>
          <h2 className="auth-subtitle">Get a new link</h2>
          {vm.resend.status === 'sent' ? (
            <Notice kind="success" title={vm.resend.message ?? 'Check your email.'} />
          ) : (
            <AuthForm<{ userEmail: string }>
              setErrors={setErrors}
              validate={(v) =>
                clean({
                  userEmail: isEmailAddress(v.userEmail ?? '') ? undefined : 'Enter the email you signed up with',
                })
              }
              onSubmit={(v) => void vm.requestNewLink(v.userEmail)}
            >
              {vm.resend.error ? <Notice kind="error" title={vm.resend.error} /> : null}
              <Field
                label="Email you signed up with"
                name="userEmail"
                type="email"
                autoComplete="email"
                error={errors.userEmail}
                disabled={vm.resend.status === 'pending'}
              />
              <SubmitButton pending={vm.resend.status === 'pending'}>Send a new link</SubmitButton>
            </AuthForm>
          )}
        </>
      ) : null}
    </AuthCard>
  );
});
