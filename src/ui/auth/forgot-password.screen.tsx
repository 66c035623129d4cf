import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { ForgotPasswordViewModel } from './forgot-password.view-model';

export const ForgotPasswordScreen = observer(function ForgotPasswordScreen() {
  const vm = useViewModel(ForgotPasswordViewModel);
  return (
    <div className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          Reset your password
        </Typography.Title>
        {vm.error ? <Alert type="error" showIcon role="alert" title={vm.error} style={{ marginBottom: 16 }} /> : null}
        {vm.step === 'email' ? (
          <Form<{ email: string }> layout="vertical" requiredMark={false} disabled={vm.pending} onFinish={(v) => void vm.sendCode(v.email)}>
            <Form.Item label="Email" name="email" rules={[{ required: true, type: 'email', message: 'Enter your email address' }]}>
              <Input autoComplete="email" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={vm.pending}>
              Email me a reset code
            </Button>
          </Form>
        ) : vm.step === 'reset' ? (
          <Form<{ code: string; password: string }> layout="vertical" requiredMark={false} disabled={vm.pending} onFinish={(v) => void vm.setPassword(v.code, v.password)}>
            {vm.notice ? <Alert type="info" showIcon role="status" title={vm.notice} style={{ marginBottom: 16 }} /> : null}
            <Form.Item label="6-digit code" name="code" rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: 'Enter the 6 digits of the code' }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            </Form.Item>
            <Form.Item
              label="New password"
              name="password"
              extra="At least 15 characters. A few unrelated words are easy to remember and hard to guess."
              rules={[
                { required: true, message: 'Choose a new password' },
                { validator: async (_, value: string) => { const problem = value ? vm.passwordProblem(value) : null; if (problem) throw new Error(problem); } },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={vm.pending}>
              Set new password
            </Button>
            <Button type="link" block onClick={() => vm.startOver()}>
              Send a new code
            </Button>
          </Form>
        ) : (
          <Alert
            type="success"
            showIcon
            title="Your password was changed"
            description="Every session of your account was signed out. Sign in with your new password."
            action={<Link to="/signin">Sign in</Link>}
          />
        )}
        {vm.step !== 'done' ? (
          <div style={{ marginTop: 12, textAlign: 'center' }}>
            <Link to="/signin">Back to sign in</Link>
          </div>
        ) : null}
      </Card>
    </div>
  );
});

export default ForgotPasswordScreen;
