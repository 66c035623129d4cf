import { Alert, Button, Checkbox, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CreateWorkflowInput } from '../../application/workflows/create-workflow.use-case';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { WorkflowListViewModel, type WorkflowRow } from './workflow-list.view-model';

export const WorkflowListScreen = observer(function WorkflowListScreen() {
  const vm = useViewModel(WorkflowListViewModel);
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load(1);
  }, [vm]);

  useEffect(() => {
    if (vm.createdWorkflowId) void navigate(`/workflows/${vm.createdWorkflowId}`);
  }, [vm.createdWorkflowId, navigate]);

  const rows = vm.rows;
  return (
    <section aria-labelledby="workflows-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} id="workflows-title" style={{ margin: 0 }}>
          Redressal workflows
        </Typography.Title>
        <Button type="primary" onClick={vm.openCreate}>
          New workflow
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        A workflow is the process the Internal Committee follows for a complaint. Its steps live in versions: change a
        draft, then publish it. One version is published at a time.
      </Typography.Paragraph>

      {vm.list.status === 'loading' && rows.length === 0 ? <Loading label="Loading workflows" /> : null}
      {vm.list.status === 'error' ? <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.list.status === 'ready' && rows.length === 0 ? (
        <EmptyState title="No workflows yet">
          <Button type="primary" onClick={vm.openCreate}>
            Create the first workflow
          </Button>
        </EmptyState>
      ) : null}
      {rows.length > 0 ? (
        <Table<WorkflowRow>
          aria-label="Workflows"
          rowKey="key"
          tableLayout="fixed"
          dataSource={rows}
          loading={vm.list.status === 'loading'}
          pagination={{
            current: vm.list.page,
            pageSize: vm.list.pageSize,
            total: vm.list.total,
            onChange: (page) => void vm.load(page),
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'workflowName',
              render: (_: unknown, row: WorkflowRow) => (
                <>
                  <Link to={`/workflows/${row.workflowId}`}>{row.workflowName}</Link>
                  {row.workflowDescription ? (
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0 }}>
                      {row.workflowDescription}
                    </Typography.Paragraph>
                  ) : null}
                </>
              ),
            },
            { title: 'Published version', dataIndex: 'published', width: 220 },
            { title: 'Drafts', dataIndex: 'drafts', width: 100 },
          ]}
        />
      ) : null}

      <Modal title="New workflow" open={vm.createOpen} onCancel={vm.closeCreate} footer={null} destroyOnHidden>
        <CreateWorkflowForm vm={vm} />
      </Modal>
    </section>
  );
});

const CreateWorkflowForm = observer(function CreateWorkflowForm({ vm }: { vm: WorkflowListViewModel }) {
  return (
    <Form<CreateWorkflowInput>
      layout="vertical"
      name="new-workflow"
      initialValues={{ defaultToWorkspace: false }}
      onFinish={(values) => void vm.create(values)}
      disabled={vm.creating}
    >
      {vm.createError ? (
        <Alert type="error" showIcon role="alert" title={vm.createError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        label="Workflow name"
        name="workflowName"
        rules={[{ required: true, whitespace: true, message: 'Give the workflow a name' }, { max: 200 }]}
        validateStatus={vm.createFields.workflowName ? 'error' : undefined}
        help={vm.createFields.workflowName}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item label="Description" name="workflowDescription" rules={[{ max: 2000 }]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="defaultToWorkspace" valuePropName="checked">
        <Checkbox>Use for the whole workspace by default</Checkbox>
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={vm.creating}>
          Create workflow
        </Button>
        <Button onClick={vm.closeCreate}>Cancel</Button>
      </Space>
    </Form>
  );
});

export default WorkflowListScreen;
