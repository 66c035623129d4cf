import { Alert, Button, Card, Checkbox, Drawer, Form, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { WebhookDelivery, WebhookEndpoint } from '../../contracts/main/webhooks.contract';
import { WEBHOOK_EVENT_LABELS, type WebhookEventType } from '../../domain/webhooks/webhook-events';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { WebhooksViewModel } from './webhooks.view-model';

interface EndpointValues {
  url: string;
  description?: string;
  events?: string[];
}

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';

const STATUS_COLOUR: Record<WebhookDelivery['status'], string> = {
  PENDING: 'gold',
  DELIVERED: 'green',
  FAILED: 'red',
};
const STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  PENDING: 'Waiting',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

const eventLabel = (type: string) =>
  WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? (type === 'webhook.test' ? 'Test event' : type);

/** The workspace's signed webhooks (docs/webhooks.md): register an endpoint, copy its secret once, test it, watch its deliveries. */
export const WebhooksTab = observer(function WebhooksTab() {
  const vm = useViewModel(WebhooksViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);

  if (vm.status === 'loading') return <Loading label="Loading webhooks" />;
  if (vm.status === 'error') return <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 640 }}>
          Tell another system when a course is completed, a policy accepted or a case reaches a milestone. Each request
          is signed (Standard Webhooks) with the endpoint’s secret. Case events carry the case number and stage only.
        </Typography.Paragraph>
        <Button type="primary" onClick={vm.openDrawer}>
          Add endpoint
        </Button>
      </Space>
      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          showIcon
          role={vm.notice.type === 'error' ? 'alert' : 'status'}
          title={vm.notice.message}
        />
      ) : null}
      {vm.secret ? <SecretOnce vm={vm} /> : null}
      {vm.endpoints.length === 0 ? (
        <Card>
          <Typography.Paragraph style={{ margin: 0 }}>
            No endpoints yet: add one to start sending events to another system.
          </Typography.Paragraph>
        </Card>
      ) : (
        <Table<WebhookEndpoint>
          data-testid="webhook-endpoints"
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={vm.endpoints.slice()}
          aria-label="Webhook endpoints"
          columns={[
            {
              title: 'Endpoint',
              key: 'url',
              render: (_, e) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text style={{ wordBreak: 'break-all' }}>{e.url}</Typography.Text>
                  {e.description ? <Typography.Text type="secondary">{e.description}</Typography.Text> : null}
                </Space>
              ),
            },
            {
              title: 'Events',
              key: 'events',
              render: (_, e) => e.events.map((t) => eventLabel(t)).join(', '),
            },
            {
              title: 'Status',
              key: 'status',
              render: (_, e) =>
                e.status === 'ACTIVE' ? <Tag color="green">Active</Tag> : <Tag color="red">Paused</Tag>,
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, e) => (
                <Space wrap>
                  <Button size="small" onClick={() => void vm.select(e.id)} aria-label={`Deliveries of ${e.url}`}>
                    Deliveries
                  </Button>
                  <Button
                    size="small"
                    onClick={() => void vm.sendTest(e.id)}
                    loading={vm.busy === `test:${e.id}`}
                    aria-label={`Send a test event to ${e.url}`}
                  >
                    Send test event
                  </Button>
                  <Button size="small" onClick={() => void vm.toggle(e)} loading={vm.busy === `toggle:${e.id}`}>
                    {e.status === 'ACTIVE' ? 'Pause' : 'Resume'}
                  </Button>
                  <Popconfirm
                    title="Remove this endpoint and its deliveries?"
                    okText="Remove"
                    onConfirm={() => void vm.remove(e.id)}
                  >
                    <Button size="small" danger>
                      Remove
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      {vm.selected ? <Deliveries vm={vm} endpoint={vm.selected} /> : null}
      <AddEndpointDrawer vm={vm} />
    </Space>
  );
});

const SecretOnce = observer(function SecretOnce({ vm }: { vm: WebhooksViewModel }) {
  const secret = vm.secret!;
  return (
    <Alert
      type="warning"
      showIcon
      title="Copy the signing secret now: it will not be shown again"
      description={
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>For {secret.endpointUrl}. Your receiver verifies each request with it.</Typography.Text>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
            {secret.value}
          </Typography.Text>
          <Button size="small" onClick={vm.dismissSecret}>
            I have copied it
          </Button>
        </Space>
      }
    />
  );
});

const Deliveries = observer(function Deliveries({
  vm,
  endpoint,
}: {
  vm: WebhooksViewModel;
  endpoint: WebhookEndpoint;
}) {
  return (
    <Card
      data-testid="webhook-deliveries"
      title={<span style={{ wordBreak: 'break-all' }}>Deliveries to {endpoint.url}</span>}
      extra={
        <Button size="small" onClick={() => void vm.refreshDeliveries()} loading={vm.deliveriesLoading}>
          Refresh
        </Button>
      }
    >
      {endpoint.status === 'PAUSED' && endpoint.pausedReason ? (
        <Alert type="error" showIcon title={endpoint.pausedReason} style={{ marginBottom: 12 }} />
      ) : null}
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={vm.deliveriesLoading && vm.deliveries.length === 0}
        dataSource={vm.deliveries.slice()}
        aria-label="Deliveries"
        locale={{
          emptyText: <Typography.Text>No deliveries yet: send a test event to see one here.</Typography.Text>,
        }}
        columns={[
          { title: 'Event', key: 'event', render: (_, d) => eventLabel(d.eventType) },
          {
            title: 'Status',
            key: 'status',
            render: (_, d) => <Tag color={STATUS_COLOUR[d.status]}>{STATUS_LABEL[d.status]}</Tag>,
          },
          { title: 'Response', key: 'code', render: (_, d) => (d.responseCode ?? d.lastError ?? '') as string },
          { title: 'Attempts', dataIndex: 'attempts', key: 'attempts' },
          { title: 'Created', key: 'created', render: (_, d) => when(d.createdAt) },
          { title: 'Next attempt', key: 'next', render: (_, d) => when(d.nextAttemptAt) },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, d) => (
              <Button
                size="small"
                onClick={() => void vm.redeliver(d.id)}
                loading={vm.busy === `redeliver:${d.id}`}
                disabled={d.status === 'PENDING'}
              >
                Redeliver
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
});

const AddEndpointDrawer = observer(function AddEndpointDrawer({ vm }: { vm: WebhooksViewModel }) {
  const [form] = Form.useForm<EndpointValues>();
  return (
    <Drawer title="Add a webhook endpoint" open={vm.drawerOpen} onClose={vm.closeDrawer} size="default" destroyOnHidden>
      <Form<EndpointValues>
        form={form}
        layout="vertical"
        name="webhook-endpoint"
        initialValues={{ url: '', description: '', events: [] }}
        onFinish={async (values) => {
          if (await vm.create(values)) form.resetFields();
        }}
        disabled={vm.saving}
      >
        <Form.Item
          label="Endpoint address"
          name="url"
          extra="An https:// address on the public internet."
          validateStatus={vm.fieldErrors.url ? 'error' : undefined}
          help={vm.fieldErrors.url}
        >
          <Input inputMode="url" autoComplete="off" placeholder="https://example.com/safeplace-events" />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input maxLength={200} placeholder="Our HR system" />
        </Form.Item>
        <Form.Item
          label="Events"
          name="events"
          validateStatus={vm.fieldErrors.events ? 'error' : undefined}
          help={vm.fieldErrors.events}
        >
          <Checkbox.Group options={vm.eventOptions} style={{ display: 'grid', gap: 8 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={vm.saving}>
          Add endpoint
        </Button>
      </Form>
    </Drawer>
  );
});
