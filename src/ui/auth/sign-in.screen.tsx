import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { Loading } from '../shared/page-state';
import { SignInViewModel, type SignInValues } from './sign-in.view-model';

export const SignInScreen = observer(function SignInScreen() {
  const vm = useViewModel(SignInViewModel);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get('redirect');

  useEffect(() => {
    void vm.loadProfile();
  }, [vm]);

  useEffect(() => {
    if (vm.status !== 'done' || !vm.redirectTo) return;
    if (vm.redirectTo.startsWith('/')) navigate(vm.redirectTo, { replace: true });
    else window.location.assign(vm.redirectTo);
  }, [vm.status, vm.redirectTo, navigate]);

  if (vm.profileStatus === 'loading') return <Loading label="Loading sign-in" />;
  if (vm.profileStatus === 'missing') {
    return (
      <div className="auth-page">
        <Card className="auth-card">
          <Alert type="warning" showIcon title="No workspace here" description="There is no workspace at this address. Check the link you were given." />
        </Card>
      </div>
    );
  }

  const profile = vm.profile;
  const onWorkspace = !vm.site.isMainSite;
  const pending = vm.status === 'pending';
  return (
    <div className="auth-page" style={{ ['--brand' as string]: profile?.backgroundColor ?? '#1f6feb' }}>
      <Card className="auth-card">
        <div className="auth-brand">
          {profile?.companyLogo ? <img src={profile.companyLogo} alt={`${profile.companyName} logo`} height={48} /> : null}
          <Typography.Title level={2} style={{ margin: 0 }}>
            {profile ? `Sign in to ${profile.companyName}` : 'Sign in'}
          </Typography.Title>
          {!profile ? (
            <Typography.Paragraph type="secondary">Platform administrators sign in here. Members of a workspace can also find their workspace.</Typography.Paragraph>
          ) : null}
        </div>
        {vm.error ? <Alert type="error" showIcon title={vm.error} role="alert" style={{ marginBottom: 16 }} /> : null}
        {vm.method === 'password' ? (
          <Form<SignInValues> layout="vertical" requiredMark={false} onFinish={(values) => void vm.submit(values, redirect)} disabled={pending}>
            <Form.Item label="Email or username" name="identifier" rules={[{ required: true, whitespace: true, message: 'Enter your email or username' }]}>
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={pending}>
              Sign in
            </Button>
            {onWorkspace ? (
              <div className="auth-links">
                <Link to="/forgot-password">Forgot your password?</Link>
                <Button type="link" onClick={() => vm.setMethod('email')}>
                  Use a code sent by email instead
                </Button>
                <Button type="link" onClick={() => vm.setMethod('sms')}>
                  Use a code sent by text message instead
                </Button>
              </div>
            ) : null}
          </Form>
        ) : !vm.codeRequest ? (
          <Form<{ destination: string }> layout="vertical" requiredMark={false} onFinish={(values) => void vm.sendCode(values.destination)} disabled={pending}>
            {vm.method === 'email' ? (
              <Form.Item label="Email" name="destination" rules={[{ required: true, type: 'email', message: 'Enter your email address' }]}>
                <Input autoComplete="email" autoFocus />
              </Form.Item>
            ) : (
              <Form.Item
                label="Mobile number"
                name="destination"
                extra="The number on your profile, with its country code, e.g. +91 98000 00040"
                rules={[{ required: true, pattern: /^\+?[\d\s().-]{8,}$/, message: 'Enter your mobile number' }]}
              >
                <Input type="tel" autoComplete="tel" autoFocus />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={pending}>
              {vm.method === 'email' ? 'Email me a code' : 'Text me a code'}
            </Button>
            {vm.method === 'email' ? (
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 13 }}>
                A code by email is handy, but weaker than a password: anyone who can read your mail can use it.
              </Typography.Paragraph>
            ) : null}
            <Button type="link" block onClick={() => vm.setMethod('password')}>
              Use your password instead
            </Button>
          </Form>
        ) : (
          <Form<{ code: string }> layout="vertical" requiredMark={false} onFinish={(values) => void vm.submitCode(values.code, redirect)} disabled={pending}>
            {vm.notice ? <Alert type="info" showIcon role="status" title={vm.notice} style={{ marginBottom: 16 }} /> : null}
            <Form.Item label="6-digit code" name="code" rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: 'Enter the 6 digits of the code' }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={pending}>
              Sign in
            </Button>
            <Button type="link" block onClick={() => vm.startOver()}>
              Use another email or send a new code
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
});

export default SignInScreen;
