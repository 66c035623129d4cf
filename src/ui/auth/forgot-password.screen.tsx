import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { passwordHint } from '../../domain/auth/password-policy';
import { useViewModel } from '../shared/container-context';
import { AuthCard, AuthForm, Field, LinkButton, Notice, SubmitButton } from './light/controls';
import { ForgotPasswordViewModel } from './forgot-password.view-model';
import { clean } from './sign-in.screen';
import { isEmailAddress } from '../../domain/people/email-address';

export const ForgotPasswordScreen = observer(function ForgotPasswordScreen() {
  const vm = useViewModel(ForgotPasswordViewModel);
  useEffect(() => {
    void vm.loadPolicy();
  }, [vm]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <AuthCard>
      <h1>Reset your password</h1>
      {vm.error ? <Notice kind="error" title={vm.error} /> : null}
      {vm.step === 'email' ? (
        <AuthForm<{ email: string }>
          setErrors={setErrors}
          validate={(v) => clean({ email: isEmailAddress(v.email ?? '') ? undefined : 'Enter your email address' })}
          onSubmit={(v) => void vm.sendCode(v.email)}
        >
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            error={errors.email}
            disabled={vm.pending}
          />
          <SubmitButton pending={vm.pending}>Email me a reset code</SubmitButton>
        </AuthForm>
      ) : vm.step === 'reset' ? (
        <AuthForm<{ code: string; password: string }>
          setErrors={setErrors}
          validate={(v) =>
            clean({
              code: /^\s*\d{6}\s*$/.test(v.code ?? '') ? undefined : 'Enter the 6 digits of the code',
              password: v.password ? vm.passwordProblem(v.password) : 'Choose a new password',
            })
          }
          onSubmit={(v) => void vm.setPassword(v.code, v.password)}
        >
          {vm.notice ? <Notice kind="info" title={vm.notice} /> : null}
          <Field
            label="6-digit code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            error={errors.code}
            disabled={vm.pending}
          />
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint={passwordHint(vm.minimumLength)}
            error={errors.password}
            disabled={vm.pending}
          />
          <SubmitButton pending={vm.pending}>Set new password</SubmitButton>
          <div className="auth-links">
            <LinkButton onClick={() => vm.startOver()}>Send a new code</LinkButton>
          </div>
        </AuthForm>
      ) : (
        <Notice kind="success" title="Your password was changed" action={<a href="/signin">Sign in</a>}>
          Every session of your account was signed out. Sign in with your new password.
        </Notice>
      )}
      {vm.step !== 'done' ? (
        <div className="auth-links">
          <a href="/signin">Back to sign in</a>
        </div>
      ) : null}
    </AuthCard>
  );
});

export default ForgotPasswordScreen;
