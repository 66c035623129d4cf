import { Alert, Button, Card, Col, Form, Input, List, Row, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { ALLOW_LIST_ENTRY_HINT } from '../../domain/platform/allow-list';
import { AllowListEntries } from '../shared/allow-list-entries';
import { useViewModel } from '../shared/container-context';
import { EmptyState } from '../shared/page-state';
import { AllowListViewModel } from './allow-list.view-model';
import { WorkspacePicker } from './workspace-picker';

/** Who may sign up to a workspace: its allow-list of addresses and domains. */
export const AllowListScreen = observer(function AllowListScreen() {
  const vm = useViewModel(AllowListViewModel);
  useEffect(() => {
    void vm.workspaces.search('');
  }, [vm]);

  return (
    <section aria-labelledby="allow-list-title">
      <Typography.Title level={1} id="allow-list-title">
        Sign-up allow-list
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Only the addresses and domains on a workspace's list may sign up to it themselves. Invited users do not need to
        be listed.
      </Typography.Paragraph>
      <WorkspacePicker
        id="allow-list-workspace"
        label="Workspace"
        choices={vm.workspaces}
        value={vm.workspaceId}
        onChange={(id) => void vm.choose(id)}
      />
      {!vm.workspaceId ? (
        <EmptyState title="Choose a workspace to see its list" />
      ) : (
        <>
          {vm.notice ? (
            <Alert
              type={vm.notice.type}
              showIcon
              role="status"
              title={vm.notice.message}
              style={{ margin: '16px 0' }}
            />
          ) : null}
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <Card title="Add one">
                <AddForm vm={vm} key={vm.added} />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title="Upload a list">
                <UploadForm vm={vm} />
              </Card>
            </Col>
          </Row>
          <Card title={`On the list of ${vm.workspaceName}`} style={{ marginTop: 16 }}>
            <AllowListEntries vm={vm} label="Allow-list entries" />
          </Card>
        </>
      )}
    </section>
  );
});

const AddForm = observer(function AddForm({ vm }: { vm: AllowListViewModel }) {
  return (
    <Form<{ email: string }>
      layout="vertical"
      name="allow-list-add"
      onFinish={(v) => void vm.add(v.email)}
      disabled={vm.adding}
    >
      <Form.Item
        label="Email or @domain"
        name="email"
        extra={ALLOW_LIST_ENTRY_HINT}
        rules={[{ required: true, whitespace: true, message: 'Type an address or a domain' }]}
        validateStatus={vm.addError ? 'error' : undefined}
        help={vm.addError}
      >
        <Input placeholder="ana@example.com or @example.com" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={vm.adding}>
        Add to list
      </Button>
    </Form>
  );
});

const UploadForm = observer(function UploadForm({ vm }: { vm: AllowListViewModel }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <label htmlFor="allow-list-file">List file (.csv or .xlsx)</label>
      <input
        id="allow-list-file"
        type="file"
        accept=".csv,.xlsx,text/csv"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <Typography.Text type="secondary">
        One address or @domain per line in the first column, at most 1 MB. A file with a bad line adds nothing.
      </Typography.Text>
      <Button
        type="primary"
        disabled={!file}
        loading={vm.uploading}
        onClick={() => file && void vm.upload({ name: file.name, content: file })}
      >
        Upload list
      </Button>
      {vm.uploadError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={vm.uploadError}
          description={
            vm.uploadProblems.length > 0 ? (
              <List
                size="small"
                aria-label="Bad lines"
                dataSource={vm.uploadProblems}
                renderItem={(p) => (
                  <List.Item>
                    Line {p.line}: {p.reason}
                  </List.Item>
                )}
              />
            ) : undefined
          }
        />
      ) : null}
    </Space>
  );
});

export default AllowListScreen;
