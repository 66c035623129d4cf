import {
  Alert,
  Button,
  Card,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { tableStates } from '../shared/table-states';
import { ApiKeysViewModel, type ApiKeyRowView, type ApiKeyValues } from './api-keys.view-model';

const STATUS_COLOURS = { active: 'green', expired: 'default', revoked: 'red' } as const;

/** API keys for machines (SCIM provisioning, reports): create with scopes and an expiry, see the secret once, revoke. */
export const ApiKeysTab = observer(function ApiKeysTab() {
  const vm = useViewModel(ApiKeysViewModel);
  const [form] = Form.useForm<ApiKeyValues>();
  useEffect(() => {
    void vm.load();
  }, [vm]);

  if (vm.status === 'loading' && vm.keys.length === 0) return <Loading label="Loading the API keys" />;
  if (vm.status === 'error') return <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} />;
  const rows = vm.rows;
  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between', flexWrap: 'wrap', marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 640 }}>
          Other systems (an identity provider provisioning people over SCIM, a reporting tool) call this workspace with
          a key. A key reaches only what its scopes name, and only on this workspace’s address.
        </Typography.Paragraph>
        <Button
          type="primary"
          onClick={() => {
            form.resetFields();
            vm.openDrawer();
          }}
        >
          Create API key
        </Button>
      </Space>
      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          showIcon
          role={vm.notice.type === 'error' ? 'alert' : 'status'}
          title={vm.notice.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form layout="vertical" name="scim-groups" style={{ maxWidth: 360 }}>
        <Form.Item
          label="SCIM groups are"
          extra="What your identity provider's groups become when it provisions people over SCIM."
        >
          <Select
            aria-label="SCIM groups are"
            value={vm.scimGroups}
            options={vm.scimGroupOptions}
            loading={vm.savingGroups}
            disabled={vm.savingGroups}
            onChange={(groups) => void vm.setScimGroups(groups)}
          />
        </Form.Item>
      </Form>
      <Table<ApiKeyRowView>
        rowKey="id"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        {...tableStates(
          vm.status === 'loading',
          rows.length,
          'No API keys yet. Create one to let another system call this workspace.',
        )}
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            render: (name: string, row) => (
              <>
                <div>{name}</div>
                <Typography.Text type="secondary" code>
                  {row.hint}
                </Typography.Text>
              </>
            ),
          },
          { title: 'Scopes', dataIndex: 'scopes' },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: ApiKeyRowView['status']) => (
              <Tag color={STATUS_COLOURS[status]}>{vm.statusLabel(status)}</Tag>
            ),
          },
          { title: 'Last used', dataIndex: 'lastUsed' },
          { title: 'Expires', dataIndex: 'expires' },
          { title: 'Created by', dataIndex: 'createdBy' },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row) =>
              row.status === 'active' ? (
                <Popconfirm
                  title={`Revoke ${row.name}?`}
                  description="Every call with this key is refused from now on."
                  okText="Revoke"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => vm.revoke(row.id)}
                >
                  <Button danger aria-label={`Revoke ${row.name}`}>
                    Revoke
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      <Drawer
        title="Create API key"
        open={vm.drawerOpen}
        onClose={vm.closeDrawer}
        size="default"
        styles={{ wrapper: { maxWidth: '100vw' } }}
        destroyOnHidden
      >
        <Form<ApiKeyValues>
          form={form}
          layout="vertical"
          name="api-key"
          initialValues={{ name: '', scopes: [], expiresInDays: 90 }}
          onFinish={(values) => void vm.create(values)}
          disabled={vm.saving}
        >
          <Form.Item
            label="Name"
            name="name"
            extra="Who uses it, e.g. “Entra ID provisioning”."
            rules={[{ required: true, whitespace: true, message: 'Name the key' }]}
            validateStatus={vm.fieldErrors.name ? 'error' : undefined}
            help={vm.fieldErrors.name}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            label="Scopes"
            name="scopes"
            // A validator rather than `required`: antd would put aria-required on the group, which ARIA does not allow there.
            rules={[
              {
                validator: (_, scopes: unknown[] | undefined) =>
                  scopes && scopes.length > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error('Choose at least one scope')),
              },
            ]}
            validateStatus={vm.fieldErrors.scopes ? 'error' : undefined}
            help={vm.fieldErrors.scopes}
          >
            <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={vm.scopeOptions} />
          </Form.Item>
          <Form.Item
            label="Expires after (days)"
            name="expiresInDays"
            rules={[{ required: true, message: 'Choose how long the key lives' }]}
            validateStatus={vm.fieldErrors.expiresInDays ? 'error' : undefined}
            help={vm.fieldErrors.expiresInDays}
          >
            <InputNumber min={1} max={366} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Create key
          </Button>
        </Form>
      </Drawer>
      <Modal
        title="Copy the key now"
        open={vm.secret !== null}
        onCancel={vm.closeSecret}
        // The secret leaves the page with the dialog.
        destroyOnHidden
        footer={
          <Button type="primary" onClick={vm.closeSecret}>
            I have copied it
          </Button>
        }
      >
        <Typography.Paragraph>
          This is the only time the secret of {vm.secret?.name} is shown. Store it where the other system keeps its
          secrets; if it is lost, revoke the key and create another.
        </Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: vm.secret?.value ?? '', tooltips: ['Copy key', 'Copied'] }} code>
          <span data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>
            {vm.secret?.value}
          </span>
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
});
