import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { ClaimInviteViewModel } from './claim-invite.view-model';
import { AuthCard, AuthForm, Field, Notice, SubmitButton } from './light/controls';
import { passwordHintText } from './password-words';
import { clean } from './sign-in.screen';

/** /invite/{code}: the link in the invitation email. */
export const ClaimInviteScreen = observer(function ClaimInviteScreen({ code }: { code: string }) {
  const vm = useViewModel(ClaimInviteViewModel);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void vm.load(code);
  }, [vm, code]);
  useEffect(() => {
    if (vm.status === 'done') window.location.assign('/dashboard');
  }, [vm.status]);

  if (vm.status === 'checking')
    return (
      <div className="auth-status" role="status">
        {tr('invite.checking')}
      </div>
    );
  if (vm.status === 'error') {
    return (
      <AuthCard>
        <Notice page kind="error" title={tr('invite.checkError')}>
          {vm.error} <a href={window.location.href}>{tr('common.tryAgain')}</a>
        </Notice>
      </AuthCard>
    );
  }
  if (vm.status === 'refused' && vm.refusal) {
    return (
      <AuthCard>
        <h1>
          {tr(
            vm.refusal.reason === 'used'
              ? 'invite.used'
              : vm.refusal.reason === 'expired'
                ? 'invite.expired'
                : 'invite.notFound',
          )}
        </h1>
        <Notice kind="warning" title={vm.refusal.message} action={<a href="/signin">{tr('invite.goToSignIn')}</a>} />
      </AuthCard>
    );
  }
  const invite = vm.invite!;
  return (
    <AuthCard>
      <h1>{tr('invite.welcome', { company: invite.companyName })}</h1>
      <p className="auth-lead">
        {invite.firstName
          ? tr('invite.leadNamed', { name: invite.firstName, email: invite.email })
          : tr('invite.lead', { email: invite.email })}
      </p>
      {vm.error ? <Notice kind="error" title={vm.error} /> : null}
      <AuthForm<{ password: string }>
        setErrors={setErrors}
        validate={(v) => clean({ password: v.password ? vm.passwordProblem(v.password) : tr('password.choose') })}
        onSubmit={(v) => void vm.setPassword(v.password)}
      >
        <Field
          label={tr('password.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          hint={passwordHintText(vm.invite?.minPasswordLength)}
          error={errors.password}
          disabled={vm.status === 'pending'}
        />
        <SubmitButton pending={vm.status === 'pending'}>{tr('invite.submit')}</SubmitButton>
      </AuthForm>
    </AuthCard>
  );
});
