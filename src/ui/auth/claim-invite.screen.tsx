import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { passwordHint } from '../../domain/auth/password-policy';
import { useViewModel } from '../shared/container-context';
import { ClaimInviteViewModel } from './claim-invite.view-model';
import { AuthCard, AuthForm, Field, Notice, SubmitButton } from './light/controls';
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
        Checking your invitation…
      </div>
    );
  if (vm.status === 'error') {
    return (
      <AuthCard>
        <Notice page kind="error" title="Your invitation could not be checked">
          {vm.error} <a href={window.location.href}>Try again</a>
        </Notice>
      </AuthCard>
    );
  }
  if (vm.status === 'refused' && vm.refusal) {
    return (
      <AuthCard>
        <h1>
          {vm.refusal.reason === 'used'
            ? 'Invitation already used'
            : vm.refusal.reason === 'expired'
              ? 'Invitation expired'
              : 'Invitation not found'}
        </h1>
        <Notice kind="warning" title={vm.refusal.message} action={<a href="/signin">Go to sign-in</a>} />
      </AuthCard>
    );
  }
  const invite = vm.invite!;
  return (
    <AuthCard>
      <h1>Welcome to {invite.companyName}</h1>
      <p className="auth-lead">
        {invite.firstName ? `${invite.firstName}, choose` : 'Choose'} a password for {invite.email} to set up your
        account.
      </p>
      {vm.error ? <Notice kind="error" title={vm.error} /> : null}
      <AuthForm<{ password: string }>
        setErrors={setErrors}
        validate={(v) => clean({ password: v.password ? vm.passwordProblem(v.password) : 'Choose a password' })}
        onSubmit={(v) => void vm.setPassword(v.password)}
      >
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          hint={passwordHint(vm.invite?.minPasswordLength)}
          error={errors.password}
          disabled={vm.status === 'pending'}
        />
        <SubmitButton pending={vm.status === 'pending'}>Set password and continue</SubmitButton>
      </AuthForm>
    </AuthCard>
  );
});
