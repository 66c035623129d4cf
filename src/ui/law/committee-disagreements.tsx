import { Alert, Button, Card, Drawer, Form, Input, Popconfirm, Table, Typography } from 'antd';
import { DateInput } from '../shared/date-input';
import { showDate } from '../i18n/i18n';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type {
  CommitteeDisagreement,
  CommitteeDisagreementBody,
} from '../../contracts/case/committee-disagreements.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { CommitteeDisagreementsViewModel } from './committee-disagreements.view-model';

/** The browser's day: a record whose 10 years have run may be deleted (the server decides on the workspace's day). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * CA-09 / CA-12 on the prevention programme's page: the employer's disagreements with the workplace committee, each
 * with its subject, both positions and its day, kept 10 years from the day recorded (no delete offered before).
 */
export const CommitteeDisagreements = observer(function CommitteeDisagreements() {
  const vm = useViewModel(CommitteeDisagreementsViewModel);
  const [form] = Form.useForm<CommitteeDisagreementBody>();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const err = (field: string) =>
    vm.fieldErrors[field] ? { validateStatus: 'error' as const, help: vm.fieldErrors[field] } : {};
  const rows = vm.items.map((d) => ({ ...d, key: d.id }));
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>Disagreements with the committee</h2>}
      extra={
        <Button
          onClick={() => {
            form.resetFields();
            vm.open();
          }}
        >
          Record a disagreement
        </Button>
      }
      style={{ marginTop: 24 }}
    >
      <section aria-label="Disagreements with the committee">
        <Typography.Paragraph type="secondary">
          Where the employer and the workplace committee disagree on the prevention programme. Each record is kept 10
          years (CA-09) and cannot be deleted before.
        </Typography.Paragraph>
        {vm.message ? (
          <Alert type="success" showIcon role="status" message={vm.message} style={{ marginBottom: 12 }} />
        ) : null}
        {vm.actionError && !vm.drawerOpen ? (
          <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 12 }} />
        ) : null}
        {vm.list.status === 'error' ? <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} /> : null}
        {vm.list.status === 'ready' && rows.length === 0 ? (
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            No disagreement recorded. Record one when the committee and the employer differ.
          </Typography.Paragraph>
        ) : null}
        {vm.list.status === 'loading' || rows.length > 0 ? (
          <Table<CommitteeDisagreement & { key: string }>
            size="small"
            loading={vm.list.status === 'loading'}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 720 }}
            columns={[
              { title: 'Day', dataIndex: 'occurredOn', width: 120, render: (day: string) => showDate(day) },
              { title: 'Subject', dataIndex: 'subject' },
              { title: 'The committee’s position', dataIndex: 'committeePosition' },
              { title: 'The employer’s position', dataIndex: 'employerPosition' },
              {
                title: 'Recorded',
                key: 'recorded',
                render: (_: unknown, d: CommitteeDisagreement) => `${showDate(d.recordedOn)}, ${d.recordedByName}`,
              },
              {
                title: 'Kept until',
                key: 'kept',
                render: (_: unknown, d: CommitteeDisagreement) =>
                  d.keptUntil <= today() ? (
                    <Popconfirm title="Delete this record?" onConfirm={() => void vm.remove(d.id)}>
                      <Button size="small" danger>
                        Delete
                      </Button>
                    </Popconfirm>
                  ) : (
                    showDate(d.keptUntil)
                  ),
              },
            ]}
          />
        ) : null}
      </section>
      <Drawer
        title="Record a disagreement with the committee"
        open={vm.drawerOpen}
        onClose={vm.close}
        width={480}
        destroyOnHidden
      >
        {vm.actionError ? <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 12 }} /> : null}
        <Form<CommitteeDisagreementBody>
          form={form}
          layout="vertical"
          aria-label="Record a disagreement"
          onFinish={(v) => void vm.record(v)}
        >
          <Form.Item
            name="subject"
            label="Subject"
            rules={[{ required: true, whitespace: true, message: 'Enter the subject' }]}
            {...err('subject')}
          >
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item
            name="committeePosition"
            label="The committee’s position"
            rules={[{ required: true, whitespace: true, message: 'Enter the committee’s position' }]}
            {...err('committeePosition')}
          >
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
          <Form.Item
            name="employerPosition"
            label="The employer’s position"
            rules={[{ required: true, whitespace: true, message: 'Enter the employer’s position' }]}
            {...err('employerPosition')}
          >
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
          <Form.Item
            name="occurredOn"
            label="The day it arose"
            htmlFor="disagreement-day"
            rules={[{ required: true, message: 'Enter the day it arose' }]}
            {...err('occurredOn')}
          >
            <DateInput id="disagreement-day" style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Record
          </Button>
        </Form>
      </Drawer>
    </Card>
  );
});
