import { Alert, Button, Card, Checkbox, Form, Switch, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { SignInMethod } from '../../contracts/main/organisation.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { WorkspaceSettingsViewModel } from './organisation.view-models';

interface Values {
  bulkSignUpEnabled: boolean;
  socialPlatformSet: SignInMethod[];
}

export const WorkspaceSettingsScreen = observer(function WorkspaceSettingsScreen() {
  const vm = useViewModel(WorkspaceSettingsViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);

  if (vm.status === 'loading') return <Loading label="Loading settings" />;
  if (vm.status === 'error') return <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} />;
  return (
    <section aria-labelledby="settings-title">
      <Typography.Title level={2} id="settings-title">
        Workspace settings
      </Typography.Title>
      {vm.notice ? (
        <Alert type={vm.notice.type} showIcon role={vm.notice.type === 'error' ? 'alert' : 'status'} title={vm.notice.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Card style={{ maxWidth: 640 }}>
        <Form<Values>
          layout="vertical"
          name="workspace-settings"
          initialValues={{ bulkSignUpEnabled: vm.bulkSignUpEnabled, socialPlatformSet: vm.socialPlatformSet }}
          onFinish={(values) => void vm.save(values)}
          disabled={vm.saving}
        >
          <Form.Item
            label="Bulk sign-up"
            name="bulkSignUpEnabled"
            valuePropName="checked"
            extra="When on, people can sign themselves up to this workspace instead of waiting for an invitation."
          >
            <Switch aria-label="Bulk sign-up" />
          </Form.Item>
          <Form.Item label="Other sign-in methods" name="socialPlatformSet" extra="Email and password always work. These add a button to the sign-in page.">
            <Checkbox.Group
              options={[
                { value: 'GOOGLE', label: 'Google' },
                { value: 'MICROSOFT', label: 'Microsoft' },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Save settings
          </Button>
        </Form>
      </Card>
    </section>
  );
});

export default WorkspaceSettingsScreen;
