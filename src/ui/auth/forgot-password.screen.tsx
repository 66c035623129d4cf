import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { AuthCard, AuthForm, Field, LinkButton, Notice, SubmitButton } from './light/controls';
import { ForgotPasswordViewModel } from './forgot-password.view-model';
import { passwordHintText } from './password-words';
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
      <h1>{tr('reset.title')}</h1>
      {vm.error ? <Notice kind="error" title={vm.error} /> : null}
      {vm.step === 'email' ? (
        <AuthForm<{ email: string }>
          setErrors={setErrors}
          validate={(v) => clean({ email: isEmailAddress(v.email ?? '') ? undefined : tr('signin.enterEmail') })}
          onSubmit={(v) => void vm.sendCode(v.email)}
        >
          <Field
            label={tr('signin.email')}
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            error={errors.email}
            disabled={vm.pending}
          />
          <SubmitButton pending={vm.pending}>{tr('reset.emailMe')}</SubmitButton>
        </AuthForm>
      ) : vm.step === 'reset' ? (
        <AuthForm<{ code: string; password: string }>
          setErrors={setErrors}
          validate={(v) =>
            clean({
              code: /^\s*\d{6}\s*$/.test(v.code ?? '') ? undefined : tr('signin.enterCode'),
              password: v.password ? vm.passwordProblem(v.password) : tr('password.chooseNew'),
            })
          }
          onSubmit={(v) => void vm.setPassword(v.code, v.password)}
        >
          {vm.notice ? <Notice kind="info" title={vm.notice} /> : null}
          <Field
            label={tr('signin.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            error={errors.code}
            disabled={vm.pending}
          />
          <Field
            label={tr('password.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={passwordHintText(vm.minimumLength)}
            error={errors.password}
            disabled={vm.pending}
          />
          <SubmitButton pending={vm.pending}>{tr('reset.set')}</SubmitButton>
          <div className="auth-links">
            <LinkButton onClick={() => vm.startOver()}>{tr('reset.newCode')}</LinkButton>
          </div>
        </AuthForm>
      ) : (
        <Notice kind="success" title={tr('reset.doneTitle')} action={<a href="/signin">{tr('signin.submit')}</a>}>
          {tr('reset.done')}
        </Notice>
      )}
      {vm.step !== 'done' ? (
        <div className="auth-links">
          <a href="/signin">{tr('reset.back')}</a>
        </div>
      ) : null}
    </AuthCard>
  );
});

export default ForgotPasswordScreen;
