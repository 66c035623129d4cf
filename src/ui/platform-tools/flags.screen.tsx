import { Alert, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import type { FeatureFlag } from '../../contracts/main/flags.contract';
import { FlagsViewModel, type FlagRow } from './flags.view-model';

export const FlagsScreen = observer(function FlagsScreen() {
  const vm = useViewModel(FlagsViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);

  const rows = vm.rows;
  return (
    <section aria-labelledby="flags-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} id="flags-title" style={{ margin: 0 }}>
          Feature flags
        </Typography.Title>
        <Button type="primary" onClick={vm.openCreate}>
          New flag
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        A flag is on for the workspaces listed with it. Two flags close a workspace: <strong>maintenance</strong> and{' '}
        <strong>elevateip</strong> (only the workspace's allowed IP ranges get in).
      </Typography.Paragraph>
      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          showIcon
          closable
          onClose={vm.dismissNotice}
          title={vm.notice.message}
          role="status"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Input.Search
        aria-label="Search flags"
        placeholder="Search by key or workspace"
        allowClear
        style={{ maxWidth: 360, marginBottom: 16 }}
        value={vm.filter}
        onChange={(e) => vm.setFilter(e.target.value)}
      />

      {vm.status === 'loading' && vm.flags.length === 0 ? <Loading label="Loading flags" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.status === 'ready' && rows.length === 0 ? (
        <EmptyState title={vm.filter ? 'No flag matches this search' : 'No feature flags yet'}>
          {vm.filter ? null : (
            <Button type="primary" onClick={vm.openCreate}>
              Create the first flag
            </Button>
          )}
        </EmptyState>
      ) : null}
      {rows.length > 0 ? (
        <Table<FlagRow>
          aria-label="Feature flags"
          rowKey="key"
          dataSource={rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              title: 'Key',
              dataIndex: 'key',
              width: 200,
              render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
            },
            { title: 'Value', dataIndex: 'value', width: 140 },
            {
              title: 'Enabled workspaces',
              dataIndex: 'workspaces',
              render: (_: unknown, row: FlagRow) =>
                row.workspaces.length === 0 ? (
                  <Typography.Text type="secondary">None</Typography.Text>
                ) : (
                  <Space wrap size={[4, 4]}>
                    {row.workspaces.map((url) => (
                      <Tag key={url} color={row.closing ? 'red' : undefined}>
                        {url}
                        {row.key === 'elevateip' ? (
                          <>
                            {' · '}
                            <Link
                              to={`/platform/flags/ip-ranges/${encodeURIComponent(url)}`}
                              aria-label={`IP ranges of ${url}`}
                            >
                              IP ranges
                            </Link>
                          </>
                        ) : null}
                      </Tag>
                    ))}
                  </Space>
                ),
            },
            {
              title: 'Actions',
              key: 'actions',
              width: 180,
              render: (_: unknown, row: FlagRow) => (
                <Space size={8} wrap>
                  <Button onClick={() => vm.openEdit(row.key)} aria-label={`Edit flag ${row.key}`}>
                    Edit
                  </Button>
                  {row.deletable ? (
                    <Button danger onClick={() => vm.askDelete(row.key)} aria-label={`Delete flag ${row.key}`}>
                      Delete
                    </Button>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      ) : null}

      <Modal title="New feature flag" open={vm.createOpen} onCancel={vm.closeCreate} footer={null} destroyOnHidden>
        <CreateFlagForm vm={vm} />
      </Modal>
      <Modal
        title={vm.editing ? `Flag ${vm.editing.key}` : 'Flag'}
        open={vm.editing !== null}
        onCancel={vm.closeEdit}
        footer={null}
        destroyOnHidden
      >
        {vm.editing ? <EditFlagForm vm={vm} flag={vm.editing} /> : null}
      </Modal>
      <Modal
        title={vm.deleting ? `Delete flag ${vm.deleting.key}?` : ''}
        open={vm.deleting !== null}
        okText="Delete flag"
        okButtonProps={{ danger: true, loading: vm.deleteBusy }}
        cancelText="Cancel"
        onOk={() => void vm.confirmDelete()}
        onCancel={vm.cancelDelete}
      >
        {vm.deleteError ? (
          <Alert type="error" showIcon role="alert" title={vm.deleteError} style={{ marginBottom: 16 }} />
        ) : null}
        {vm.deleting ? (
          <Typography.Paragraph>
            {vm.deleting.workspaces.length === 0
              ? 'It is on for no workspace. '
              : `Deleting it switches it off for ${vm.deleting.workspaces.length === 1 ? '1 workspace' : `${vm.deleting.workspaces.length} workspaces`} (${vm.deleting.workspaces.join(', ')}). `}
            This cannot be undone.
          </Typography.Paragraph>
        ) : null}
      </Modal>
      <Modal
        title={
          vm.confirmation
            ? `Turn ${vm.confirmation.title.toLowerCase()} on for ${vm.confirmation.workspaces.join(', ')}?`
            : ''
        }
        open={vm.confirmation !== null}
        okText="Turn it on"
        okButtonProps={{ danger: true, loading: vm.saving }}
        cancelText="Cancel"
        onOk={() => void vm.confirm()}
        onCancel={vm.cancelConfirmation}
      >
        {vm.confirmation ? (
          <Typography.Paragraph>
            {vm.confirmation.title} {vm.confirmation.effect}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </section>
  );
});

const CreateFlagForm = observer(function CreateFlagForm({ vm }: { vm: FlagsViewModel }) {
  return (
    <Form<{ key: string; value: string }>
      layout="vertical"
      name="new-flag"
      initialValues={{ value: 'on' }}
      onFinish={(v) => void vm.create(v)}
      disabled={vm.creating}
    >
      {vm.createError ? (
        <Alert type="error" showIcon role="alert" title={vm.createError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        label="Key"
        name="key"
        extra="Lower-case letters, digits, - or _, starting with a letter"
        rules={[{ required: true, whitespace: true, message: 'Give the flag a key' }]}
        validateStatus={vm.createFields.key ? 'error' : undefined}
        help={vm.createFields.key}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item
        label="Value"
        name="value"
        rules={[{ required: true, whitespace: true, message: 'Give the flag a value' }]}
        validateStatus={vm.createFields.value ? 'error' : undefined}
        help={vm.createFields.value}
      >
        <Input />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={vm.creating}>
          Create flag
        </Button>
        <Button onClick={vm.closeCreate}>Cancel</Button>
      </Space>
    </Form>
  );
});

/**
 * The flag comes as a prop, not from `vm.editing`: a closing antd Modal keeps its last children rendered for the
 * animation while this observer still reacts, and `vm.editing` is null by then (the crash after saving).
 */
const EditFlagForm = observer(function EditFlagForm({ vm, flag }: { vm: FlagsViewModel; flag: FeatureFlag }) {
  const selected = flag.enabledWorkspaces.map((w) => w.workspaceUrl);
  // The chosen workspaces stay listed (by address) even when the current search does not show them.
  const options = [
    ...vm.workspaces.byUrl,
    ...selected.filter((u) => !vm.workspaces.byUrl.some((o) => o.value === u)).map((u) => ({ value: u, label: u })),
  ];
  return (
    <Form<{ value: string; workspaceUrls: string[] }>
      layout="vertical"
      name="edit-flag"
      initialValues={{ value: flag.value, workspaceUrls: selected }}
      onFinish={(v) => void vm.save({ value: v.value, workspaceUrls: v.workspaceUrls ?? [] })}
      disabled={vm.saving}
    >
      {vm.editError ? (
        <Alert type="error" showIcon role="alert" title={vm.editError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        label="Value"
        name="value"
        extra={'"off" or "false" switches the flag off everywhere'}
        rules={[{ required: true, whitespace: true, message: 'Give the flag a value' }]}
        validateStatus={vm.editFields.value ? 'error' : undefined}
        help={vm.editFields.value}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="Enabled workspaces"
        name="workspaceUrls"
        validateStatus={vm.editFields.workspaceUrls ? 'error' : undefined}
        help={vm.editFields.workspaceUrls}
      >
        <Select
          mode="multiple"
          placeholder="Search workspaces by name or address"
          options={options}
          loading={vm.workspaces.searching}
          showSearch={{ filterOption: false, onSearch: (q) => void vm.workspaces.search(q) }}
          notFoundContent={vm.workspaces.searching ? 'Searching…' : 'No workspace matches'}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={vm.saving}>
          Save flag
        </Button>
        <Button onClick={vm.closeEdit}>Cancel</Button>
      </Space>
    </Form>
  );
});

export default FlagsScreen;
