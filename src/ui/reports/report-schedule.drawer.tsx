import { Alert, Button, Drawer, Form, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { ExportFormat, ScheduleFrequency } from '../../contracts/learning/reports.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { ReportScheduleViewModel } from './report-schedule.view-model';

interface Values {
  frequency: ScheduleFrequency;
  format: ExportFormat;
  recipientIds: string[];
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Mails a saved report weekly or monthly to chosen admins: set, change or stop its schedule. */
export const ReportScheduleDrawer = observer(function ReportScheduleDrawer({ savedId, name, onClose }: { savedId: string | null; name: string; onClose: () => void }) {
  const vm = useViewModel(ReportScheduleViewModel);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (savedId) void vm.open(savedId);
  }, [vm, savedId]);
  useEffect(() => {
    if (vm.status !== 'ready') return;
    const s = vm.schedule;
    form.setFieldsValue({ frequency: s?.frequency ?? 'WEEKLY', format: s?.format ?? 'XLSX', recipientIds: s?.recipients.map((r) => r.id) ?? [] });
  }, [vm.status, vm.schedule, form]);
  const s = vm.schedule;
  return (
    <Drawer open={savedId !== null} onClose={onClose} title={`Mail “${name}” on a schedule`} size="default" destroyOnHidden>
      {vm.status === 'loading' && <Loading label="Reading the schedule" />}
      {vm.status === 'error' && <LoadError message={vm.error ?? ''} onRetry={() => savedId && void vm.open(savedId)} />}
      {vm.status === 'ready' && (
        <>
          <Typography.Paragraph type="secondary">
            We&apos;ll email the report to the people you choose, as an attachment (a link when the file is over 5 MB). Only admins who may read reports can receive it; if one of them loses
            that, the mailing stops and you are told.
          </Typography.Paragraph>
          {s?.stoppedAt && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`Stopped: ${s.stoppedReason ?? ''}`} />}
          {s && !s.stoppedAt && (
            <Alert type="success" showIcon style={{ marginBottom: 16 }} title={`Mailed ${s.frequency === 'WEEKLY' ? 'every week' : 'every month'}; next on ${when(s.nextRunAt)}.`} />
          )}
          <Form form={form} layout="vertical" onFinish={(values) => void vm.save(values)}>
            <Form.Item name="frequency" label="How often" rules={[{ required: true }]}>
              <Select
                options={[
                  { value: 'WEEKLY', label: 'Every week' },
                  { value: 'MONTHLY', label: 'Every month' },
                ]}
              />
            </Form.Item>
            <Form.Item name="format" label="File" rules={[{ required: true }]}>
              <Select
                options={[
                  { value: 'XLSX', label: 'Excel (XLSX)' },
                  { value: 'CSV', label: 'CSV' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="recipientIds"
              label="Send to"
              rules={[{ required: true, message: 'Choose at least one recipient' }]}
              validateStatus={vm.fieldErrors.recipientIds ? 'error' : undefined}
              help={vm.fieldErrors.recipientIds}
            >
              <Select mode="multiple" optionFilterProp="label" placeholder="Choose admins" options={vm.options} maxCount={20} />
            </Form.Item>
            {vm.saveError && !vm.fieldErrors.recipientIds && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={vm.saveError} />}
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={vm.saving}>
                {s ? 'Save schedule' : 'Start mailing'}
              </Button>
              {s && (
                <Button danger onClick={() => void vm.stop()}>
                  Stop mailing
                </Button>
              )}
            </Space>
          </Form>
        </>
      )}
    </Drawer>
  );
});
