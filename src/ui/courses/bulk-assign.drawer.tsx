import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, Progress, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { BulkRowOutcome } from '../../contracts/learning/auto-assign.contract';
import { useViewModel } from '../shared/container-context';
import { BulkAssignViewModel, OUTCOME_LABELS, type ReportRow } from './bulk-assign.view-model';

const OUTCOME_COLORS: Partial<Record<BulkRowOutcome, string>> = {
  ASSIGNED: 'green',
  NO_CREDITS: 'red',
  UNKNOWN_EMAIL: 'orange',
  INVALID_EMAIL: 'orange',
  INACTIVE: 'default',
};

/** "Bulk assign": upload a file of people (CSV or XLSX with an email column), choose courses, read the report per row. */
export const BulkAssignDrawer = observer(function BulkAssignDrawer(props: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const vm = useViewModel(BulkAssignViewModel);

  useEffect(() => {
    if (props.open) void vm.start();
  }, [vm, props.open]);

  const submit = async () => {
    await vm.submit();
    if (vm.result) props.onDone();
  };

  return (
    <Drawer
      title="Bulk assign courses"
      open={props.open}
      onClose={props.onClose}
      destroyOnHidden
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={props.onClose}>Close</Button>
          <Button
            type="primary"
            onClick={() => void submit()}
            loading={vm.submitting}
            disabled={!vm.file || vm.courseIds.length === 0}
          >
            Assign
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        A CSV or XLSX file with an email column: everyone it lists who is active in this workspace gets every course you
        choose. Unknown, deactivated or repeated rows are reported, never assigned.
      </Typography.Paragraph>
      <Form layout="vertical" disabled={vm.submitting}>
        <Form.Item
          label="File of people"
          required
          validateStatus={vm.fieldErrors.file ? 'error' : undefined}
          help={vm.fieldErrors.file ?? 'CSV or XLSX, with a column headed "Email"'}
        >
          <Upload
            accept=".csv,.xlsx"
            maxCount={1}
            beforeUpload={(file) => {
              vm.chooseFile({ name: file.name, size: file.size, content: file });
              return false;
            }}
            onRemove={() => vm.chooseFile(null)}
            fileList={vm.file ? [{ uid: 'people', name: vm.file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined aria-hidden />}>Choose file</Button>
          </Upload>
        </Form.Item>
        <Form.Item
          label="Courses"
          htmlFor="bulk-courses"
          required
          validateStatus={vm.fieldErrors.courseList ? 'error' : undefined}
          help={vm.fieldErrors.courseList ?? 'Published courses only'}
        >
          <Select
            id="bulk-courses"
            mode="multiple"
            aria-label="Courses"
            placeholder="Choose courses"
            loading={vm.coursesLoading}
            options={vm.courseOptions}
            value={vm.courseIds}
            onChange={(ids: string[]) => vm.chooseCourses(ids)}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
      <div role="status" aria-live="polite" aria-label="Bulk assignment progress">
        {vm.submitting ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>Uploading the file and assigning…</Typography.Text>
            <Progress percent={99} status="active" showInfo={false} aria-label="Assigning" />
          </Space>
        ) : null}
        {vm.result ? <Alert type="success" showIcon title="Done" description={vm.summary} /> : null}
      </div>
      {vm.error ? <Alert type="error" showIcon role="alert" title={vm.error} style={{ marginTop: 16 }} /> : null}
      {vm.result ? (
        <Table<ReportRow>
          style={{ marginTop: 16 }}
          aria-label="Report per row"
          size="small"
          rowKey="key"
          dataSource={vm.reportRows}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 520 }}
          columns={[
            { title: 'Row', dataIndex: 'row', width: 64 },
            { title: 'Email', dataIndex: 'email' },
            { title: 'Course', dataIndex: 'course' },
            {
              title: 'Outcome',
              dataIndex: 'outcome',
              render: (o: BulkRowOutcome) => <Tag color={OUTCOME_COLORS[o]}>{OUTCOME_LABELS[o]}</Tag>,
            },
          ]}
        />
      ) : null}
    </Drawer>
  );
});
