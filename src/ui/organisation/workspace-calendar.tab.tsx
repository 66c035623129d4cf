import { Alert, Button, Card, Form, Select, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { WorkspaceCalendarViewModel } from './workspace-calendar.view-model';

interface CalendarValues {
  timeZone: string;
  regionCode: string;
}

/** The workspace's time zone and its state or province: where its dates are read and whose holidays its clocks skip. */
export const WorkspaceCalendarTab = observer(function WorkspaceCalendarTab() {
  const vm = useViewModel(WorkspaceCalendarViewModel);
  const [form] = Form.useForm<CalendarValues>();
  const zone = Form.useWatch('timeZone', form) ?? vm.timeZone;
  const region = Form.useWatch('regionCode', form) ?? vm.regionCode ?? '';
  useEffect(() => {
    void vm.load();
  }, [vm]);

  if (vm.status === 'loading' && vm.version === 0) return <Loading label="Loading the calendar" />;
  if (vm.status === 'error') return <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} />;
  return (
    <Card style={{ maxWidth: 720 }}>
      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          showIcon
          role={vm.notice.type === 'error' ? 'alert' : 'status'}
          title={vm.notice.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Typography.Paragraph type="secondary">
        Every date and time in this workspace, on screens and in mails, is shown in this time zone. The cases’
        working-day clocks count its days and skip the public holidays of the state or province; add or remove holidays
        under Complaints, Holidays.
      </Typography.Paragraph>
      <Form<CalendarValues>
        key={vm.version}
        form={form}
        layout="vertical"
        name="workspace-calendar"
        initialValues={{ timeZone: vm.timeZone, regionCode: vm.regionCode ?? '' }}
        onFinish={(values) => void vm.save(values)}
        disabled={vm.saving}
      >
        <Form.Item
          label="State or province"
          name="regionCode"
          extra="Its public holidays are not working days for the clocks."
          validateStatus={vm.fieldErrors.regionCode ? 'error' : undefined}
          help={vm.fieldErrors.regionCode}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={vm.regionOptions}
            style={{ maxWidth: 360 }}
            onChange={(code: string) => form.setFieldValue('timeZone', vm.suggestedZone(code || null))}
          />
        </Form.Item>
        <Form.Item
          label="Time zone"
          name="timeZone"
          rules={[{ required: true, message: 'Choose a time zone' }]}
          extra={zone ? `Now in this zone: ${vm.preview(zone, region || null)}` : undefined}
          validateStatus={vm.fieldErrors.timeZone ? 'error' : undefined}
          help={vm.fieldErrors.timeZone}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={vm.zoneOptions} style={{ maxWidth: 360 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={vm.saving}>
          Save calendar
        </Button>
      </Form>
    </Card>
  );
});
