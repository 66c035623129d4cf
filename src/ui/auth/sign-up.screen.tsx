import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { AuthCard, AuthForm, Field, Notice, SubmitButton } from './light/controls';
import { passwordHintText } from './password-words';
import { clean } from './sign-in.screen';
import { SignUpViewModel, type SignUpValues } from './sign-up.view-model';
import { isEmailAddress } from '../../domain/people/email-address';

/** /signup: create an account where the workspace takes sign-ups; the email must then be confirmed. */
export const SignUpScreen = observer(function SignUpScreen() {
  const vm = useViewModel(SignUpViewModel);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void vm.load();
  }, [vm]);

  if (vm.profileStatus === 'loading')
    return (
      <div className="auth-status" role="status">
        {tr('common.loading')}
      </div>
    );
  if (vm.profileStatus === 'missing' || vm.profileStatus === 'error') {
    return (
      <AuthCard>
        <Notice
          page
          kind="warning"
          title={vm.profileStatus === 'missing' ? tr('signin.noWorkspaceTitle') : tr('signup.loadError')}
        >
          {vm.profileStatus === 'missing' ? tr('signin.noWorkspace') : <a href="/signup">{tr('common.tryAgain')}</a>}
        </Notice>
      </AuthCard>
    );
  }
  const profile = vm.profile!;
  if (vm.profileStatus === 'closed') {
    return (
      <AuthCard brand={profile.backgroundColor}>
        <h1>{tr('signup.closedTitle')}</h1>
        <Notice
          kind="info"
          title={tr('signup.closed', { company: profile.companyName })}
          action={<a href="/signin">{tr('invite.goToSignIn')}</a>}
        />
      </AuthCard>
    );
  }
  if (vm.status === 'sent') {
    return (
      <AuthCard brand={profile.backgroundColor}>
        <h1>{tr('signup.checkTitle')}</h1>
        <Notice kind="success" title={vm.sentMessage ?? tr('signup.checkTitle')}>
          {tr('signup.wrote', { email: vm.sentTo ?? '' })}
        </Notice>
        <div className="auth-links">
          <a href="/signin">{tr('invite.goToSignIn')}</a>
        </div>
      </AuthCard>
    );
  }
  const pending = vm.status === 'pending';
  const shown = { ...errors, ...vm.fieldErrors } as Record<string, string | undefined>;
  return (
    <AuthCard brand={profile.backgroundColor}>
      <div className="auth-brand">
        {profile.companyLogo ? (
          <img src={profile.companyLogo} alt={tr('signin.logo', { company: profile.companyName })} height={48} />
        ) : null}
        <h1>{tr('signup.title', { company: profile.companyName })}</h1>
      </div>
      {vm.error ? <Notice kind="error" title={vm.error} /> : null}
      <AuthForm<Record<keyof SignUpValues, string>>
        setErrors={setErrors}
        validate={(v) =>
          clean({
            firstName: v.firstName?.trim() ? undefined : tr('profile.enterFirstName'),
            lastName: v.lastName?.trim() ? undefined : tr('signup.enterLastName'),
            userEmail: isEmailAddress(v.userEmail ?? '') ? undefined : tr('signup.enterWorkEmail'),
            userPassword: vm.passwordProblem(v),
          })
        }
        onSubmit={(v) => void vm.submit(v)}
      >
        <Field
          label={tr('profile.firstName')}
          name="firstName"
          autoComplete="given-name"
          maxLength={100}
          autoFocus
          error={shown.firstName}
          disabled={pending}
        />
        <Field
          label={tr('profile.lastName')}
          name="lastName"
          autoComplete="family-name"
          maxLength={100}
          error={shown.lastName}
          disabled={pending}
        />
        <Field
          label={tr('signup.workEmail')}
          name="userEmail"
          type="email"
          autoComplete="email"
          error={shown.userEmail}
          disabled={pending}
        />
        <Field
          label={tr('signin.password')}
          name="userPassword"
          type="password"
          autoComplete="new-password"
          hint={passwordHintText(profile.minPasswordLength)}
          error={shown.userPassword}
          disabled={pending}
        />
        <SubmitButton pending={pending}>{tr('signup.submit')}</SubmitButton>
        <div className="auth-links">
          <a href="/signin">{tr('signup.haveAccount')}</a>
        </div>
      </AuthForm>
    </AuthCard>
  );
});
