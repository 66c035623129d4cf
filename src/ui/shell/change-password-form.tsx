import { Alert, Button, Form, Input } from 'antd';
import { observer } from 'mobx-react-lite';
import { passwordHint } from '../../domain/auth/password-policy';
import type { ChangePasswordViewModel } from './change-password.view-model';

/** Change one's password: current and new (shown on demand), the rules stated up front, other sessions ended. */
export const ChangePasswordForm = observer(function ChangePasswordForm({ vm }: { vm: ChangePasswordViewModel }) {
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string }>();
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={vm.status === 'saving'}
      onFinish={async (values) => {
        if (await vm.submit(values)) form.resetFields();
      }}
    >
      {vm.error ? <Alert type="error" showIcon role="alert" title={vm.error} style={{ marginBottom: 16 }} /> : null}
      {vm.status === 'saved' ? (
        <Alert type="success" showIcon role="status" title={vm.confirmation} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        label="Current password"
        name="currentPassword"
        rules={[{ required: true, message: 'Enter your current password' }]}
        validateStatus={vm.fieldErrors.currentPassword ? 'error' : undefined}
        help={vm.fieldErrors.currentPassword}
      >
        <Input.Password autoComplete="current-password" maxLength={1024} />
      </Form.Item>
      <Form.Item
        label="New password"
        name="newPassword"
        rules={[{ required: true, message: 'Enter a new password' }]}
        validateStatus={vm.fieldErrors.newPassword ? 'error' : undefined}
        help={vm.fieldErrors.newPassword}
        extra={`${passwordHint(vm.minimumLength)} Your other sessions will be signed out.`}
      >
        <Input.Password autoComplete="new-password" maxLength={1024} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={vm.status === 'saving'}>
        Change password
      </Button>
    </Form>
  );
});
