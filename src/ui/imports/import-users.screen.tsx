import { InboxOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Progress,
  Result,
  Select,
  Space,
  Steps,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect } from 'react';
import type { ImportJobStatus, ImportJobSummary, ReportFormat } from '../../contracts/main/invites.contract';
import { observer } from 'mobx-react-lite';
import { IMPORT_COLUMNS } from '../../domain/imports/import-columns';
import { useViewModel } from '../shared/container-context';
import { EmptyState } from '../shared/page-state';
import { ImportUsersViewModel, type MappingValues, type ProblemRow } from './import-users.view-model';

const PROBLEM_COLUMNS = [
  { title: 'Row', dataIndex: 'row', key: 'row', width: 80 },
  { title: 'Email', dataIndex: 'email', key: 'email', ellipsis: true },
  { title: 'Column', dataIndex: 'column', key: 'column', width: 160 },
  { title: 'Reason', dataIndex: 'reason', key: 'reason' },
];

function saveFile(name: string, content: Blob): void {
  const href = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Saves the report the view-model fetched (before the import: expected outcomes; after: the job's outcomes). */
async function downloadReport(vm: ImportUsersViewModel, format: ReportFormat): Promise<void> {
  const report = await vm.report(format);
  if (report) saveFile(report.name, report.content);
}

export const ImportUsersScreen = observer(function ImportUsersScreen() {
  const vm = useViewModel(ImportUsersViewModel);
  // The job goes on on the server when the page is left; only the polling stops.
  useEffect(() => {
    vm.activate();
    void vm.loadRecent();
    return () => vm.dispose();
  }, [vm]);
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Import users
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Upload a CSV or XLSX file with one user per row. New users are added as Invited and, if you choose, emailed an
        invitation as they are imported; bad rows are skipped and listed.
      </Typography.Paragraph>
      <Steps
        current={vm.stepIndex}
        style={{ marginBottom: 24 }}
        items={[{ title: 'Upload' }, { title: 'Map columns' }, { title: 'Validate' }, { title: 'Import' }]}
      />
      {vm.error ? <Alert type="error" showIcon role="alert" title={vm.error} style={{ marginBottom: 16 }} /> : null}
      {vm.step === 'upload' ? <UploadStep vm={vm} /> : null}
      {vm.step === 'map' ? <MapStep vm={vm} /> : null}
      {vm.step === 'validate' ? <ValidateStep vm={vm} /> : null}
      {vm.step === 'import' ? <ImportStep vm={vm} /> : null}
    </>
  );
});

const UploadStep = observer(function UploadStep({ vm }: { vm: ImportUsersViewModel }) {
  return (
    <Card title="Choose a file">
      <Upload.Dragger
        accept=".csv,.xlsx"
        multiple={false}
        showUploadList={false}
        disabled={vm.busy}
        aria-label="File to import"
        beforeUpload={(file) => {
          void vm.chooseFile({ name: file.name, content: file });
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          {vm.status === 'reading' ? 'Reading the file…' : 'Click or drag a CSV or XLSX file here'}
        </p>
        <p className="ant-upload-hint">The first row must name the columns. At most 100,000 rows.</p>
      </Upload.Dragger>
      <RecentImports vm={vm} />
    </Card>
  );
});

const STATUS_TAGS: Record<ImportJobStatus, { color: string; label: string }> = {
  QUEUED: { color: 'default', label: 'Waiting' },
  RUNNING: { color: 'processing', label: 'Running' },
  COMPLETED: { color: 'success', label: 'Finished' },
  FAILED: { color: 'error', label: 'Stopped' },
  CANCELLED: { color: 'warning', label: 'Cancelled' },
  INTERRUPTED: { color: 'warning', label: 'Interrupted' },
};

/** Earlier imports: a running or interrupted one can be opened again (to watch it, or resume it). */
const RecentImports = observer(function RecentImports({ vm }: { vm: ImportUsersViewModel }) {
  if (!vm.recent || vm.recent.length === 0) return null;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        Recent imports
      </Typography.Title>
      <Table<ImportJobSummary>
        size="small"
        rowKey="jobId"
        aria-label="Recent imports"
        dataSource={vm.recent}
        pagination={false}
        columns={[
          { title: 'File', dataIndex: 'fileName', key: 'file', ellipsis: true },
          {
            title: 'Started',
            dataIndex: 'createdAt',
            key: 'started',
            width: 180,
            render: (at: string) => new Date(at).toLocaleString(),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            key: 'status',
            width: 120,
            render: (status: ImportJobStatus) => (
              <Tag color={STATUS_TAGS[status].color}>{STATUS_TAGS[status].label}</Tag>
            ),
          },
          {
            title: 'Rows done',
            key: 'rows',
            width: 140,
            render: (_: unknown, job) =>
              `${job.rowsDone.toLocaleString('en')} of ${job.totalRows.toLocaleString('en')}`,
          },
          { title: 'Created', dataIndex: 'created', key: 'created', width: 100 },
          {
            title: 'Action',
            key: 'open',
            width: 100,
            render: (_: unknown, job) => (
              <Button
                size="small"
                onClick={() => void vm.openJob(job.jobId)}
                aria-label={`Open the import of ${job.fileName}`}
              >
                Open
              </Button>
            ),
          },
        ]}
      />
    </>
  );
});

const MapStep = observer(function MapStep({ vm }: { vm: ImportUsersViewModel }) {
  const options = vm.columnOptions;
  return (
    <Card title={`Map the columns of ${vm.file?.name ?? 'the file'}`}>
      <Typography.Paragraph type="secondary">
        We matched the file's headers to the import columns. Change any match, or clear it to leave a column out.
      </Typography.Paragraph>
      <Form<MappingValues>
        layout="vertical"
        initialValues={{ ...vm.mapping }}
        onFinish={(values) => void vm.validate(values)}
        disabled={vm.busy}
        style={{ maxWidth: 720 }}
      >
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', columnGap: 16 }}>
          {IMPORT_COLUMNS.map((column) => (
            <Form.Item
              key={column.key}
              name={column.key}
              label={column.label}
              rules={
                column.required
                  ? [{ required: true, message: `Choose the column holding ${column.label.toLowerCase()}` }]
                  : []
              }
            >
              <Select allowClear placeholder="Not imported" options={options} />
            </Form.Item>
          ))}
        </div>
        <Space>
          <Button onClick={vm.startOver}>Choose another file</Button>
          <Button type="primary" htmlType="submit" loading={vm.status === 'validating'}>
            Validate
          </Button>
        </Space>
      </Form>
    </Card>
  );
});

const ValidateStep = observer(function ValidateStep({ vm }: { vm: ImportUsersViewModel }) {
  const validation = vm.validation;
  if (!validation) return null;
  const rows: ProblemRow[] = vm.problemRows;
  return (
    <Card title="Validation">
      <Alert
        type={validation.invalidRows === 0 ? 'success' : 'warning'}
        showIcon
        role="status"
        title={`${validation.totalRows} rows: ${validation.validRows} ready to import, ${validation.invalidRows} will be skipped`}
        style={{ marginBottom: 16 }}
      />
      {validation.totalRows === 0 ? (
        <EmptyState title="The file has no data rows. Add users under the header row and upload it again." />
      ) : rows.length === 0 ? (
        <EmptyState title="No problems found: every row is ready to import." />
      ) : (
        <>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            Rows that will be skipped
          </Typography.Title>
          <Table<ProblemRow>
            size="small"
            columns={PROBLEM_COLUMNS}
            dataSource={rows}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            aria-label="Rows that will be skipped"
          />
          {validation.problemsTruncated ? (
            <Typography.Paragraph type="secondary">
              Only the first problems are shown; the detailed report lists every row.
            </Typography.Paragraph>
          ) : null}
        </>
      )}
      <Checkbox
        style={{ marginTop: 16 }}
        checked={vm.inviteOnImport}
        onChange={(e) => vm.setInviteOnImport(e.target.checked)}
        disabled={vm.busy}
      >
        Email each new person an invitation
      </Checkbox>
      <Space wrap style={{ marginTop: 16, display: 'flex' }}>
        <Button onClick={vm.backToMapping} disabled={vm.busy}>
          Change mapping
        </Button>
        <Button onClick={() => void downloadReport(vm, 'csv')} disabled={vm.busy}>
          Download detailed report
        </Button>
        <Button onClick={() => void downloadReport(vm, 'xlsx')} disabled={vm.busy}>
          Download as XLSX
        </Button>
        <Button type="primary" onClick={() => void vm.runImport()} disabled={validation.validRows === 0 || vm.busy}>
          {`Import ${validation.validRows} ${validation.validRows === 1 ? 'user' : 'users'}`}
        </Button>
      </Space>
    </Card>
  );
});

const OUTCOMES = {
  COMPLETED: { status: 'success', title: 'Import finished' },
  CANCELLED: { status: 'warning', title: 'Import cancelled' },
  INTERRUPTED: { status: 'warning', title: 'Import interrupted' },
  FAILED: { status: 'error', title: 'Import stopped' },
} as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const ImportStep = observer(function ImportStep({ vm }: { vm: ImportUsersViewModel }) {
  const job = vm.job;
  if (!job || vm.jobActive) {
    return (
      <Card title={job ? `Importing ${job.fileName}` : 'Starting the import'}>
        <div role="status" aria-live="polite" aria-label="Import progress">
          <Progress percent={vm.percent} status="active" aria-label="Rows imported" />
          <Typography.Paragraph style={{ marginTop: 8 }}>
            {job
              ? `${job.rowsDone.toLocaleString('en')} of ${job.totalRows.toLocaleString('en')} rows done: ${plural(job.created, 'user', 'users')} created, ${plural(job.skipped, 'row', 'rows')} skipped${job.sendInvitations ? `, ${plural(job.invitationsSent, 'invitation', 'invitations')} sent` : ''}.`
              : 'Uploading the file…'}
            {job?.cancelRequested ? ' Cancelling after the current batch…' : ''}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            The import runs on the server: you may leave this page, it goes on.
          </Typography.Paragraph>
        </div>
        {vm.pollError ? (
          <Alert
            type="warning"
            showIcon
            title={`Could not read the progress: ${vm.pollError}. Retrying…`}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Button
          danger
          onClick={() => void vm.cancel()}
          disabled={!job || job.cancelRequested}
          loading={vm.status === 'cancelling'}
        >
          Cancel import
        </Button>
      </Card>
    );
  }
  const outcome = OUTCOMES[job.status as keyof typeof OUTCOMES];
  const rows: ProblemRow[] = vm.skippedRows;
  const partial =
    job.status !== 'COMPLETED'
      ? ` ${job.rowsDone.toLocaleString('en')} of ${job.totalRows.toLocaleString('en')} rows were done; the rest was not imported.`
      : '';
  return (
    <Card>
      <Result
        status={outcome.status}
        title={outcome.title}
        subTitle={`Created ${plural(job.created, 'user', 'users')}; skipped ${plural(job.skipped, 'row', 'rows')}.${partial} ${
          job.sendInvitations
            ? `${plural(job.invitationsSent, 'invitation', 'invitations')} sent by email.`
            : 'No invitations were emailed: send them when you are ready.'
        } New users appear as Invited until they set up their account.`}
        extra={
          <Space wrap>
            {job.status === 'INTERRUPTED' || job.status === 'CANCELLED' ? (
              <Button type="primary" onClick={() => void vm.resume()} loading={vm.status === 'resuming'}>
                Resume import
              </Button>
            ) : null}
            {job.created > job.invitationsSent ? (
              <Button
                type={job.status === 'COMPLETED' ? 'primary' : 'default'}
                loading={vm.invitations.status === 'sending'}
                disabled={vm.invitations.status === 'sent'}
                onClick={() => void vm.sendInvitations()}
              >
                Send invitations now
              </Button>
            ) : null}
            <Button onClick={() => void downloadReport(vm, 'csv')} disabled={vm.busy}>
              Download report (CSV)
            </Button>
            <Button onClick={() => void downloadReport(vm, 'xlsx')} disabled={vm.busy}>
              Download report (XLSX)
            </Button>
            <Button onClick={vm.startOver}>Import another file</Button>
          </Space>
        }
      />
      {job.error ? (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={job.error.message} />
      ) : null}
      {vm.invitations.status === 'sent' ? (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={`${vm.invitations.sent} ${vm.invitations.sent === 1 ? 'invitation' : 'invitations'} sent`}
          description="Everyone not yet joined got an email with a link to set up their account. Each link works once, for 14 days."
        />
      ) : null}
      {vm.invitations.status === 'error' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title="The invitations could not be sent"
          description={vm.invitations.error}
        />
      ) : null}
      {rows.length > 0 ? (
        <>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            Skipped rows
          </Typography.Title>
          <Table<ProblemRow>
            size="small"
            columns={PROBLEM_COLUMNS}
            dataSource={rows}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            aria-label="Skipped rows"
          />
          {job.problemsTruncated ? (
            <Typography.Paragraph type="secondary">
              Only the first skipped rows are shown; the report lists every row.
            </Typography.Paragraph>
          ) : null}
        </>
      ) : null}
    </Card>
  );
});

export default ImportUsersScreen;
