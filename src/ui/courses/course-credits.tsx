import { Alert, Button, Descriptions, Form, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import type { CreditRequest, LedgerEntry } from '../../contracts/learning/credits.contract';
import { LoadError, Loading } from '../shared/page-state';
import type { CourseCreditsViewModel } from './course-credits.view-model';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');
const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  GRANT: 'Credits granted',
  CONSUME: 'Assigned',
  RETURN: 'Given back',
};

/** A catalogue course's credits: the balance, a request for more, the requests and every movement of the ledger. */
export const CourseCredits = observer(function CourseCredits({ vm }: { vm: CourseCreditsViewModel }) {
  const [form] = Form.useForm<{ credits: number; note?: string }>();
  if (vm.credits.status === 'loading' || vm.credits.status === 'idle') return <Loading label="Loading the credits" />;
  if (vm.credits.status === 'error')
    return <LoadError message={vm.credits.error ?? ''} onRetry={() => void vm.load(vm.courseId)} />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="course-credit-figures">
        <Descriptions.Item label="Credits left">
          <strong data-testid="credits-left">{vm.balance ?? 0}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="Asked for, waiting">{vm.waiting}</Descriptions.Item>
      </Descriptions>
      <section aria-labelledby="request-credits-title">
        <Typography.Title level={2} id="request-credits-title" style={{ fontSize: 18 }}>
          Ask for credits
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Each person you assign this course to uses one credit. SafePlace grants the credits you ask for.
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ credits: 10 }}
          onFinish={async (values) => {
            if (await vm.request(values.credits, values.note)) form.resetFields();
          }}
          style={{ maxWidth: 420 }}
        >
          <Form.Item label="Credits" name="credits" rules={[{ required: true, message: 'Say how many credits' }]}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Note for SafePlace" name="note">
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
          {vm.sendError ? (
            <Alert type="error" role="alert" showIcon title={vm.sendError} style={{ marginBottom: 16 }} />
          ) : null}
          <Button type="primary" htmlType="submit" loading={vm.sending}>
            Ask for credits
          </Button>
        </Form>
      </section>
      <section aria-labelledby="credit-requests-list-title">
        <Typography.Title level={2} id="credit-requests-list-title" style={{ fontSize: 18 }}>
          Requests
        </Typography.Title>
        {vm.requests.length === 0 ? <Typography.Paragraph>No requests yet.</Typography.Paragraph> : null}
        <Table<CreditRequest>
          style={vm.requests.length === 0 ? { display: 'none' } : undefined}
          rowKey="id"
          dataSource={vm.requests.slice()}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            { title: 'Asked on', dataIndex: 'requestedAt', key: 'at', render: when },
            { title: 'Credits', dataIndex: 'credits', key: 'credits' },
            { title: 'Note', dataIndex: 'note', key: 'note' },
            {
              title: 'Status',
              key: 'status',
              render: (_: unknown, row) =>
                row.status === 'GRANTED' ? <Tag color="green">Granted {when(row.grantedAt)}</Tag> : <Tag>Waiting</Tag>,
            },
          ]}
        />
      </section>
      <section aria-labelledby="credit-history-title">
        <Typography.Title level={2} id="credit-history-title" style={{ fontSize: 18 }}>
          History
        </Typography.Title>
        {vm.ledger.length === 0 ? <Typography.Paragraph>No credits yet.</Typography.Paragraph> : null}
        <Table<LedgerEntry & { key: number }>
          style={vm.ledger.length === 0 ? { display: 'none' } : undefined}
          rowKey="key"
          dataSource={vm.ledger.map((entry, key) => ({ ...entry, key }))}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            { title: 'When', dataIndex: 'at', key: 'at', render: when },
            { title: 'What', dataIndex: 'kind', key: 'kind', render: (kind: LedgerEntry['kind']) => KIND_LABELS[kind] },
            {
              title: 'Credits',
              key: 'credits',
              render: (_: unknown, row) => (row.kind === 'CONSUME' ? `−${row.credits}` : `+${row.credits}`),
            },
            { title: 'Person', dataIndex: 'userName', key: 'person', render: (name: string | null) => name ?? '–' },
          ]}
        />
      </section>
    </Space>
  );
});
