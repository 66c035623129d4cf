import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useViewModel } from '../shared/container-context';
import { AuthCard, AuthForm, Field, LinkButton, Notice, SubmitButton } from './light/controls';
import { SignInViewModel } from './sign-in.view-model';
import { isEmailAddress } from '../../domain/people/email-address';

/**
 * The sign-in page: password, or a one-time code by email or SMS on a workspace. `method` is the method its address
 * opens (`/signin-password`, `/signin-mobile`: links a help desk can send).
 */
export const SignInScreen = observer(function SignInScreen({ method }: { method?: 'password' | 'sms' }) {
  const vm = useViewModel(SignInViewModel);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const redirect = new URLSearchParams(window.location.search).get('redirect');

  useEffect(() => {
    vm.readSocialOutcome(window.location.search);
    void vm.loadProfile();
  }, [vm]);

  useEffect(() => {
    // The main site signs in platform administrators by password only.
    if (method && !vm.site.isMainSite) vm.setMethod(method);
  }, [vm, method]);

  useEffect(() => {
    // Everything after sign-in is the main app: a full page load.
    if (vm.status === 'done' && vm.redirectTo) window.location.assign(vm.redirectTo);
  }, [vm.status, vm.redirectTo]);

  if (vm.profileStatus === 'loading') return <div className="auth-status" role="status">Loading sign-in…</div>;
  if (vm.profileStatus === 'missing') {
    return (
      <AuthCard>
        <Notice page kind="warning" title="No workspace here">
          There is no workspace at this address. Check the link you were given.
        </Notice>
      </AuthCard>
    );
  }

  const profile = vm.profile;
  const onWorkspace = !vm.site.isMainSite;
  const pending = vm.status === 'pending';
  const required = (message: string) => (value: string | undefined) => (value?.trim() ? undefined : message);
  return (
    <AuthCard brand={profile?.backgroundColor}>
      <div className="auth-brand">
        {profile?.companyLogo ? <img src={profile.companyLogo} alt={`${profile.companyName} logo`} height={48} /> : null}
        <h1>{profile ? `Sign in to ${profile.companyName}` : 'Sign in'}</h1>
        {!profile ? <p className="auth-lead">Platform administrators sign in here. Members of a workspace can also find their workspace.</p> : null}
      </div>
      {vm.error ? (
        <Notice
          kind="error"
          title={vm.error}
          action={vm.unconfirmedEmail ? <LinkButton onClick={() => void vm.sendConfirmationAgain()}>Send a new confirmation link</LinkButton> : undefined}
        />
      ) : null}
      {vm.method === 'password' && vm.notice ? <Notice kind="success" title={vm.notice} /> : null}
      {vm.socialMessage && !vm.error ? (
        <Notice kind={vm.socialMessage.kind} title={vm.socialMessage.title}>
          {vm.socialMessage.body}
        </Notice>
      ) : null}
      {vm.method === 'password' ? (
        <AuthForm<{ identifier: string; password: string }>
          setErrors={setErrors}
          validate={(v) => clean({ identifier: required('Enter your email or username')(v.identifier), password: required('Enter your password')(v.password) })}
          onSubmit={(v) => void vm.submit(v, redirect)}
        >
          <Field label="Email or username" name="identifier" autoComplete="username" autoFocus error={errors.identifier} disabled={pending} />
          <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} disabled={pending} />
          <SubmitButton pending={pending}>Sign in</SubmitButton>
          {onWorkspace ? (
            <div className="auth-links">
              {vm.signUpOpen ? <a href="/signup">Create an account</a> : null}
              <a href="/forgot-password">Forgot your password?</a>
              <LinkButton onClick={() => vm.setMethod('email')}>Use a code sent by email instead</LinkButton>
              <LinkButton onClick={() => vm.setMethod('sms')}>Use a code sent by text message instead</LinkButton>
            </div>
          ) : null}
        </AuthForm>
      ) : !vm.codeRequest ? (
        <AuthForm<{ destination: string }>
          key={vm.method}
          setErrors={setErrors}
          validate={(v) =>
            clean({
              destination:
                vm.method === 'email'
                  ? isEmailAddress(v.destination ?? '') ? undefined : 'Enter your email address'
                  : /^\+?[\d\s().-]{8,}$/.test(v.destination?.trim() ?? '') ? undefined : 'Enter your mobile number',
            })
          }
          onSubmit={(v) => void vm.sendCode(v.destination)}
        >
          {vm.method === 'email' ? (
            <Field label="Email" name="destination" type="email" autoComplete="email" autoFocus error={errors.destination} disabled={pending} />
          ) : (
            <Field
              label="Mobile number"
              name="destination"
              type="tel"
              autoComplete="tel"
              autoFocus
              hint="The number on your profile, with its country code, e.g. +91 98000 00040"
              error={errors.destination}
              disabled={pending}
            />
          )}
          <SubmitButton pending={pending}>{vm.method === 'email' ? 'Email me a code' : 'Text me a code'}</SubmitButton>
          {vm.method === 'email' ? (
            <p className="auth-hint" style={{ marginTop: 12 }}>
              A code by email is handy, but weaker than a password: anyone who can read your mail can use it.
            </p>
          ) : null}
          <div className="auth-links">
            <LinkButton onClick={() => vm.setMethod('password')}>Use your password instead</LinkButton>
          </div>
        </AuthForm>
      ) : (
        <AuthForm<{ code: string }>
          setErrors={setErrors}
          validate={(v) => clean({ code: /^\s*\d{6}\s*$/.test(v.code ?? '') ? undefined : 'Enter the 6 digits of the code' })}
          onSubmit={(v) => void vm.submitCode(v.code, redirect)}
        >
          {vm.notice ? <Notice kind="info" title={vm.notice} /> : null}
          <Field label="6-digit code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus error={errors.code} disabled={pending} />
          <SubmitButton pending={pending}>Sign in</SubmitButton>
          <div className="auth-links">
            <LinkButton onClick={() => vm.startOver()}>Send a new code, or use another address</LinkButton>
          </div>
        </AuthForm>
      )}
      {vm.socialProviders.length > 0 ? (
        <nav className="auth-social" aria-label="Other ways to sign in">
          <div className="auth-divider" aria-hidden="true">
            or
          </div>
          {vm.socialProviders.map((p) => (
            <a key={p.id} className="auth-button auth-button-social" href={p.href}>
              <span className={`auth-social-mark auth-social-${p.id}`} aria-hidden="true" />
              {p.label}
            </a>
          ))}
        </nav>
      ) : null}
      {onWorkspace ? (
        <p className="auth-report">
          Something happened at work? <a href="/report">Report without signing in</a>: no account, and your name only if you choose.
        </p>
      ) : (
        <p className="auth-report">
          Looking for your organisation? <a href="/identify">Find your workspace</a>.
        </p>
      )}
    </AuthCard>
  );
});

/** Drops the fields without a message. */
export function clean<T extends Record<string, string | undefined | null>>(found: T): Record<string, string> {
  return Object.fromEntries(Object.entries(found).filter((entry): entry is [string, string] => !!entry[1]));
}

export default SignInScreen;
