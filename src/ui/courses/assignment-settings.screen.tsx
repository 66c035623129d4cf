import { Alert, Breadcrumb, Button, Card, Col, Form, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { SessionViewModel } from '../shell/session.view-model';
import { useService, useViewModel } from '../shared/container-context';
import { LoadError, Placeholder } from '../shared/page-state';
import {
  AssignmentSettingsViewModel,
  cadenceSummary,
  fromForm,
  toForm,
  type SettingsForm,
} from './assignment-settings.view-model';
import { AUTHOR_ROLES } from './course-list.screen';

/** The watched values the form holds so far (before it is filled, some are undefined). */
function definedOnly(values: Partial<SettingsForm> | undefined): Partial<SettingsForm> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined && v !== null));
}

const BEFORE_OPTIONS = [1, 2, 3, 5, 7, 10, 14, 21, 30].map((d) => ({
  value: d,
  label: `${d} ${d === 1 ? 'day' : 'days'} before`,
}));

/** Courses > Due dates and reminders: the workspace's default due period, the reminder cadence (which ends) and recertification timing. */
export const AssignmentSettingsScreen = observer(function AssignmentSettingsScreen() {
  const vm = useViewModel(AssignmentSettingsViewModel);
  const session = useService(SessionViewModel);
  const canEdit = AUTHOR_ROLES.includes(session.workspaceUser?.role ?? '');
  const [form] = Form.useForm<SettingsForm>();
  const values = Form.useWatch([], form) as SettingsForm | undefined;

  useEffect(() => {
    void vm.load();
  }, [vm]);
  useEffect(() => {
    if (vm.saved) form.setFieldsValue(toForm(vm.saved));
  }, [vm.saved, form]);

  const preview = vm.saved ? cadenceSummary(fromForm({ ...toForm(vm.saved), ...definedOnly(values) })) : [];
  const fieldError = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};

  return (
    <section aria-labelledby="settings-title">
      <Breadcrumb
        items={[
          { title: 'Training' },
          { title: <Link to="/courses">Courses</Link> },
          { title: 'Due dates and reminders' },
        ]}
      />
      <Typography.Title level={1} id="settings-title" style={{ marginTop: 12 }}>
        Due dates and reminders
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        When assigned courses fall due, how learners are reminded (and when reminders stop), and when certifications are
        renewed.
      </Typography.Paragraph>
      {vm.status === 'loading' ? (
        <div role="status" aria-label="Loading the settings">
          <Placeholder paragraph={{ rows: 8 }} />
        </div>
      ) : vm.status === 'error' ? (
        <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            <Form<SettingsForm>
              form={form}
              layout="vertical"
              disabled={!canEdit}
              onFinish={(f) => void vm.save(f)}
              requiredMark={false}
            >
              <Card title="Due date" size="small" style={{ marginBottom: 16 }}>
                <Form.Item
                  name="hasDefaultDue"
                  label="Give new assignments a due date by default"
                  valuePropName="checked"
                >
                  <Switch />
                </Form.Item>
                {values?.hasDefaultDue !== false ? (
                  <Form.Item
                    name="defaultDueDays"
                    label="Days after assigning"
                    rules={[{ required: true, message: 'Give a number of days' }]}
                    {...fieldError('defaultDueDays')}
                  >
                    <InputNumber min={1} max={3650} addonAfter="days" style={{ width: 200 }} />
                  </Form.Item>
                ) : null}
              </Card>
              <Card title="Reminders" size="small" style={{ marginBottom: 16 }}>
                <Form.Item
                  name="beforeDays"
                  label="Before the due date"
                  {...fieldError('beforeDays')}
                  rules={[{ type: 'array', max: 5, message: 'At most five reminders before' }]}
                >
                  <Select
                    mode="multiple"
                    options={BEFORE_OPTIONS}
                    placeholder="No reminder before"
                    style={{ maxWidth: 360 }}
                  />
                </Form.Item>
                <Form.Item name="onDueDate" label="On the due date" valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Space wrap size="large">
                  <Form.Item
                    name="overdueTimes"
                    label="Reminders while overdue"
                    {...fieldError('overdueTimes')}
                    rules={[{ required: true, message: 'Give a number' }]}
                  >
                    <InputNumber min={0} max={20} addonAfter="times" style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item
                    name="overdueEveryDays"
                    label="Every"
                    {...fieldError('overdueEveryDays')}
                    rules={[{ required: true, message: 'Give a number of days' }]}
                  >
                    <InputNumber min={1} max={365} addonAfter="days" style={{ width: 160 }} />
                  </Form.Item>
                </Space>
                <Form.Item
                  name="tellManager"
                  label="Tell the learner's department manager when they are late"
                  valuePropName="checked"
                >
                  <Switch />
                </Form.Item>
                {values?.tellManager !== false ? (
                  <Form.Item
                    name="managerAfterDays"
                    label="Days overdue before the manager is told"
                    {...fieldError('managerAfterDays')}
                    rules={[{ required: true, message: 'Give a number of days' }]}
                  >
                    <InputNumber min={1} max={365} addonAfter="days" style={{ width: 200 }} />
                  </Form.Item>
                ) : null}
              </Card>
              <Card title="Recertification" size="small" style={{ marginBottom: 16 }}>
                <Typography.Paragraph type="secondary">
                  For courses with a validity (set in the course builder).
                </Typography.Paragraph>
                <Form.Item
                  name="recertifyDaysBefore"
                  label="Assign the course again, before the certification expires"
                  {...fieldError('recertifyDaysBefore')}
                  rules={[{ required: true, message: 'Give a number of days' }]}
                >
                  <InputNumber min={1} max={365} addonAfter="days before" style={{ width: 220 }} />
                </Form.Item>
                <Form.Item
                  name="creditNoticeDaysBefore"
                  label="Warn the admins when a catalogue course lacks credits for it"
                  {...fieldError('creditNoticeDaysBefore')}
                  rules={[{ required: true, message: 'Give a number of days' }]}
                >
                  <InputNumber min={1} max={365} addonAfter="days before" style={{ width: 220 }} />
                </Form.Item>
              </Card>
              {vm.notice ? (
                <Alert
                  type={vm.notice.type}
                  showIcon
                  title={vm.notice.text}
                  role={vm.notice.type === 'error' ? 'alert' : 'status'}
                  style={{ marginBottom: 16 }}
                />
              ) : null}
              {canEdit ? (
                <Button type="primary" htmlType="submit" loading={vm.saving}>
                  Save settings
                </Button>
              ) : (
                <Typography.Text type="secondary">
                  Only workspace admins and employers change these settings.
                </Typography.Text>
              )}
            </Form>
          </Col>
          <Col xs={24} lg={10}>
            <Card title="What a learner receives" size="small">
              <ul aria-label="Reminder schedule" style={{ paddingInlineStart: 20, margin: 0 }}>
                {preview.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Card>
          </Col>
        </Row>
      )}
    </section>
  );
});

export default AssignmentSettingsScreen;
