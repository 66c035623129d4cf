import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { passwordHint } from '../../domain/auth/password-policy';
import { useViewModel } from '../shared/container-context';
import { AuthCard, AuthForm, Field, Notice, SubmitButton } from './light/controls';
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
        Loading…
      </div>
    );
  if (vm.profileStatus === 'missing' || vm.profileStatus === 'error') {
    return (
      <AuthCard>
        <Notice
          page
          kind="warning"
          title={vm.profileStatus === 'missing' ? 'No workspace here' : 'This page could not be loaded'}
        >
          {vm.profileStatus === 'missing' ? (
            'There is no workspace at this address. Check the link you were given.'
          ) : (
            <a href="/signup">Try again</a>
          )}
        </Notice>
      </AuthCard>
    );
  }
  const profile = vm.profile!;
  if (vm.profileStatus === 'closed') {
    return (
      <AuthCard brand={profile.backgroundColor}>
        <h1>Sign-up is not open</h1>
        <Notice
          kind="info"
          title={`${profile.companyName} does not take sign-ups. Ask your administrator for an invitation.`}
          action={<a href="/signin">Go to sign-in</a>}
        />
      </AuthCard>
    );
  }
  if (vm.status === 'sent') {
    return (
      <AuthCard brand={profile.backgroundColor}>
        <h1>Check your email</h1>
        <Notice kind="success" title={vm.sentMessage ?? 'Check your email.'}>
          We wrote to {vm.sentTo}. Open the link in that email to confirm your address; then you can sign in. The link
          works for 24 hours.
        </Notice>
        <div className="auth-links">
          <a href="/signin">Go to sign-in</a>
        </div>
      </AuthCard>
    );
  }
  const pending = vm.status === 'pending';
  const shown = { ...errors, ...vm.fieldErrors } as Record<string, string | undefined>;
  return (
    <AuthCard brand={profile.backgroundColor}>
      <div className="auth-brand">
        {profile.companyLogo ? <img src={profile.companyLogo} alt={`${profile.companyName} logo`} height={48} /> : null}
        <h1>Create your {profile.companyName} account</h1>
      </div>
      {vm.error ? <Notice kind="error" title={vm.error} /> : null}
      <AuthForm<Record<keyof SignUpValues, string>>
        setErrors={setErrors}
        validate={(v) =>
          clean({
            firstName: v.firstName?.trim() ? undefined : 'Enter your first name',
            lastName: v.lastName?.trim() ? undefined : 'Enter your last name',
            userEmail: isEmailAddress(v.userEmail ?? '') ? undefined : 'Enter your work email address',
            userPassword: vm.passwordProblem(v),
          })
        }
        onSubmit={(v) => void vm.submit(v)}
      >
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          maxLength={100}
          autoFocus
          error={shown.firstName}
          disabled={pending}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          maxLength={100}
          error={shown.lastName}
          disabled={pending}
        />
        <Field
          label="Work email"
          name="userEmail"
          type="email"
          autoComplete="email"
          error={shown.userEmail}
          disabled={pending}
        />
        <Field
          label="Password"
          name="userPassword"
          type="password"
          autoComplete="new-password"
          hint={passwordHint(profile.minPasswordLength)}
          error={shown.userPassword}
          disabled={pending}
        />
        <SubmitButton pending={pending}>Create account</SubmitButton>
        <div className="auth-links">
          <a href="/signin">Already have an account? Sign in</a>
        </div>
      </AuthForm>
    </AuthCard>
  );
});
