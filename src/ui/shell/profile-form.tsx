import { Alert, Button, Form, Input } from 'antd';
import { observer } from 'mobx-react-lite';
import { tr } from '../i18n/i18n';
import type { ProfileViewModel } from './profile.view-model';

/** The name form, shared by the first-login welcome and the profile page. */
export const ProfileForm = observer(function ProfileForm({
  vm,
  initial,
  submitLabel,
  firstLogin = false,
}: {
  vm: ProfileViewModel;
  initial: { firstName: string; lastName: string };
  submitLabel: string;
  firstLogin?: boolean;
}) {
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={(values) => void vm.save(values, firstLogin)}
      disabled={vm.status === 'saving'}
    >
      {vm.error ? <Alert type="error" showIcon role="alert" title={vm.error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        label={tr('profile.firstName')}
        name="firstName"
        rules={[{ required: true, whitespace: true, message: tr('profile.enterFirstName') }]}
        validateStatus={vm.fieldErrors.firstName ? 'error' : undefined}
        help={vm.fieldErrors.firstName}
      >
        <Input autoComplete="given-name" maxLength={100} />
      </Form.Item>
      <Form.Item
        label={tr('profile.lastName')}
        name="lastName"
        validateStatus={vm.fieldErrors.lastName ? 'error' : undefined}
        help={vm.fieldErrors.lastName}
      >
        <Input autoComplete="family-name" maxLength={100} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={vm.status === 'saving'}>
        {submitLabel}
      </Button>
    </Form>
  );
});
