import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useViewModel } from '../shared/container-context';
import { AuthCard, AuthForm, Field, LinkButton, Notice, SubmitButton } from './light/controls';
import { SignInViewModel } from './sign-in.view-model';
import { isEmailAddress } from '../../domain/people/email-address';
import { firstVisitLanguage, setCountry, tr } from '../i18n/i18n';
import { ProductMark } from '../shared/product-mark';
import { LanguagePicker } from './light/language-picker';

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
    if (vm.profile?.country) setCountry(vm.profile.country);
    void firstVisitLanguage(vm.profile?.defaultLanguage, vm.profile?.languages);
  }, [vm.profile]);

  useEffect(() => {
    // Everything after sign-in is the main app: a full page load.
    if (vm.status === 'done' && vm.redirectTo) window.location.assign(vm.redirectTo);
  }, [vm.status, vm.redirectTo]);

  if (vm.profileStatus === 'loading')
    return (
      <div className="auth-status" role="status">
        {tr('signin.loading')}
      </div>
    );
  if (vm.profileStatus === 'missing') {
    return (
      <AuthCard>
        <Notice page kind="warning" title={tr('signin.noWorkspaceTitle')}>
          {tr('signin.noWorkspace')}
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
      <LanguagePicker offered={profile?.languages} />
      <div className="auth-brand">
        {profile?.companyLogo ? (
          <img src={profile.companyLogo} alt={tr('signin.logo', { company: profile.companyName })} height={48} />
        ) : (
          <ProductMark size={40} />
        )}
        <h1>{profile ? tr('signin.titleTo', { company: profile.companyName }) : tr('signin.title')}</h1>
        {!profile ? <p className="auth-lead">{tr('signin.platformLead')}</p> : null}
      </div>
      {vm.error ? (
        <Notice
          kind="error"
          title={vm.error}
          action={
            vm.unconfirmedEmail ? (
              <LinkButton onClick={() => void vm.sendConfirmationAgain()}>{tr('signin.resendConfirmation')}</LinkButton>
            ) : undefined
          }
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
          validate={(v) =>
            clean({
              identifier: required(tr('signin.enterIdentifier'))(v.identifier),
              password: required(tr('signin.enterPassword'))(v.password),
            })
          }
          onSubmit={(v) => void vm.submit(v, redirect)}
        >
          <Field
            label={tr('signin.identifier')}
            name="identifier"
            autoComplete="username"
            autoFocus
            error={errors.identifier}
            disabled={pending}
          />
          <Field
            label={tr('signin.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            error={errors.password}
            disabled={pending}
          />
          <SubmitButton pending={pending}>{tr('signin.submit')}</SubmitButton>
          {onWorkspace ? (
            <div className="auth-links">
              {vm.signUpOpen ? <a href="/signup">{tr('signin.createAccount')}</a> : null}
              <a href="/forgot-password">{tr('signin.forgot')}</a>
              <LinkButton onClick={() => vm.setMethod('email')}>{tr('signin.useEmailCode')}</LinkButton>
              <LinkButton onClick={() => vm.setMethod('sms')}>{tr('signin.useSmsCode')}</LinkButton>
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
                  ? isEmailAddress(v.destination ?? '')
                    ? undefined
                    : tr('signin.enterEmail')
                  : /^\+?[\d\s().-]{8,}$/.test(v.destination?.trim() ?? '')
                    ? undefined
                    : tr('signin.enterMobile'),
            })
          }
          onSubmit={(v) => void vm.sendCode(v.destination)}
        >
          {vm.method === 'email' ? (
            <Field
              label={tr('signin.email')}
              name="destination"
              type="email"
              autoComplete="email"
              autoFocus
              error={errors.destination}
              disabled={pending}
            />
          ) : (
            <Field
              label={tr('signin.mobile')}
              name="destination"
              type="tel"
              autoComplete="tel"
              autoFocus
              hint={tr('signin.mobileHint')}
              error={errors.destination}
              disabled={pending}
            />
          )}
          <SubmitButton pending={pending}>
            {tr(vm.method === 'email' ? 'signin.emailMe' : 'signin.textMe')}
          </SubmitButton>
          {vm.method === 'email' ? (
            <p className="auth-hint" style={{ marginTop: 12 }}>
              {tr('signin.emailCodeWarning')}
            </p>
          ) : null}
          <div className="auth-links">
            <LinkButton onClick={() => vm.setMethod('password')}>{tr('signin.usePassword')}</LinkButton>
          </div>
        </AuthForm>
      ) : (
        <AuthForm<{ code: string }>
          setErrors={setErrors}
          validate={(v) => clean({ code: /^\s*\d{6}\s*$/.test(v.code ?? '') ? undefined : tr('signin.enterCode') })}
          onSubmit={(v) => void vm.submitCode(v.code, redirect)}
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
            disabled={pending}
          />
          <SubmitButton pending={pending}>{tr('signin.submit')}</SubmitButton>
          <div className="auth-links">
            <LinkButton onClick={() => vm.startOver()}>{tr('signin.newCode')}</LinkButton>
          </div>
        </AuthForm>
      )}
      {vm.socialProviders.length > 0 ? (
        <nav className="auth-social" aria-label={tr('signin.otherWays')}>
          <div className="auth-divider" aria-hidden="true">
            {tr('signin.or')}
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
          {tr('signin.reportQuestion')} <a href="/report">{tr('signin.reportLink')}</a>
          {tr('signin.reportAfter')}
        </p>
      ) : (
        <p className="auth-report">
          {tr('signin.findQuestion')} <a href="/identify">{tr('signin.findLink')}</a>
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
