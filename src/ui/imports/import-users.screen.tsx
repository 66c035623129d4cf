import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Progress, Result, Select, Space, Steps, Table, Typography, Upload } from 'antd';
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

export const ImportUsersScreen = observer(function ImportUsersScreen() {
  const vm = useViewModel(ImportUsersViewModel);
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Import users
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Upload a CSV or XLSX file with one user per row. Each new user is invited; bad rows are skipped and listed.
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
        <p className="ant-upload-text">{vm.status === 'reading' ? 'Reading the file…' : 'Click or drag a CSV or XLSX file here'}</p>
        <p className="ant-upload-hint">The first row must name the columns. At most 100,000 rows.</p>
      </Upload.Dragger>
    </Card>
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
              rules={column.required ? [{ required: true, message: `Choose the column holding ${column.label.toLowerCase()}` }] : []}
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
  const download = async () => {
    const report = await vm.report();
    if (report) saveFile(report.name, report.content);
  };
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
          <Table<ProblemRow> size="small" columns={PROBLEM_COLUMNS} dataSource={rows} pagination={{ pageSize: 20, hideOnSinglePage: true }} aria-label="Rows that will be skipped" />
          {validation.problemsTruncated ? (
            <Typography.Paragraph type="secondary">Only the first problems are shown; the detailed report lists every row.</Typography.Paragraph>
          ) : null}
        </>
      )}
      <Space wrap style={{ marginTop: 16 }}>
        <Button onClick={vm.backToMapping} disabled={vm.busy}>
          Change mapping
        </Button>
        <Button onClick={() => void download()} loading={vm.status === 'downloading'} disabled={vm.busy && vm.status !== 'downloading'}>
          Download detailed report
        </Button>
        <Button type="primary" onClick={() => void vm.runImport()} disabled={validation.validRows === 0 || vm.busy}>
          {`Import ${validation.validRows} ${validation.validRows === 1 ? 'user' : 'users'}`}
        </Button>
      </Space>
    </Card>
  );
});

const ImportStep = observer(function ImportStep({ vm }: { vm: ImportUsersViewModel }) {
  if (vm.status === 'importing') {
    return (
      <Card>
        <div role="status" aria-live="polite" style={{ textAlign: 'center', padding: 32 }}>
          <Progress type="circle" percent={99} status="active" format={() => '…'} />
          <Typography.Paragraph style={{ marginTop: 16 }}>
            Importing {vm.validation?.validRows ?? ''} users. Keep this page open.
          </Typography.Paragraph>
        </div>
      </Card>
    );
  }
  const result = vm.result;
  if (!result) return null;
  const rows: ProblemRow[] = vm.skippedRows;
  return (
    <Card>
      <Result
        status={result.created > 0 ? 'success' : 'info'}
        title="Import finished"
        subTitle={`Created ${result.created} ${result.created === 1 ? 'user' : 'users'}; skipped ${result.skipped} ${result.skipped === 1 ? 'row' : 'rows'}. New users appear as Invited until they set up their account.`}
        extra={
          <Space wrap>
            {result.created > 0 ? (
              <Button type="primary" loading={vm.invitations.status === 'sending'} disabled={vm.invitations.status === 'sent'} onClick={() => void vm.sendInvitations()}>
                Send invitations now
              </Button>
            ) : null}
            <Button onClick={vm.startOver}>Import another file</Button>
          </Space>
        }
      />
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
      {vm.invitations.status === 'error' ? <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title="The invitations could not be sent" description={vm.invitations.error} /> : null}
      {rows.length > 0 ? (
        <>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            Skipped rows
          </Typography.Title>
          <Table<ProblemRow> size="small" columns={PROBLEM_COLUMNS} dataSource={rows} pagination={{ pageSize: 20, hideOnSinglePage: true }} aria-label="Skipped rows" />
        </>
      ) : null}
    </Card>
  );
});

export default ImportUsersScreen;
