import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { Loading } from '../shared/page-state';
import { SignInViewModel, type SignInValues } from './sign-in.view-model';

export const SignInScreen = observer(function SignInScreen() {
  const vm = useViewModel(SignInViewModel);
  const [params] = useSearchParams();
  const navigate = useNavigate();

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
        <Form<SignInValues>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void vm.submit(values, params.get('redirect'))}
          disabled={vm.status === 'pending'}
        >
          <Form.Item
            label="Email or username"
            name="identifier"
            rules={[{ required: true, whitespace: true, message: 'Enter your email or username' }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={vm.status === 'pending'}>
            Sign in
          </Button>
        </Form>
      </Card>
    </div>
  );
});

export default SignInScreen;
