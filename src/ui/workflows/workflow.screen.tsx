import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { WorkflowStep, WorkflowVersionSummary } from '../../contracts/case/workflows.contract';
import {
  ACTION_TYPE_LABELS,
  actionNeedsParty,
  ActionType,
  MEETING_FIELDS,
  OPTIONAL_MEETING_FIELDS,
  Party,
  PARTY_LABELS,
  VERSION_STATUS_LABELS,
  type VersionStatus,
} from '../../domain/workflows/workflow-rules';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { ComplaintForm, ProcessDetails, StagesOfRedressal } from './version-design';
import { VersionDesignViewModel } from './version-design.view-model';
import { WorkflowViewModel, type AddStepValues, type NewVersionValues } from './workflow.view-model';

const STATUS_COLOURS: Record<VersionStatus, string> = { DRAFT: 'gold', PUBLISHED: 'green', ARCHIVED: 'default' };

export function StatusTag({ status }: { status: VersionStatus }) {
  return <Tag color={STATUS_COLOURS[status]}>{VERSION_STATUS_LABELS[status]}</Tag>;
}

export const WorkflowScreen = observer(function WorkflowScreen() {
  const vm = useViewModel(WorkflowViewModel);
  const { workflowId = '' } = useParams();
  const [search, setSearch] = useSearchParams();

  useEffect(() => {
    void vm.load(workflowId, search.get('version'));
    // The version in the URL is read once; later selections write it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vm, workflowId]);

  useEffect(() => {
    if (vm.selectedVersionId && search.get('version') !== vm.selectedVersionId) {
      setSearch({ version: vm.selectedVersionId }, { replace: true });
    }
  }, [vm.selectedVersionId, search, setSearch]);

  if (vm.status === 'loading' && !vm.workflow) return <Loading label="Loading workflow" />;
  if (vm.status === 'error' || !vm.workflow)
    return <LoadError message={vm.error ?? 'Workflow not found'} onRetry={() => void vm.load(workflowId)} />;

  const workflow = vm.workflow;
  const versions = vm.versions;
  return (
    <section aria-labelledby="workflow-title">
      <Breadcrumb
        items={[{ title: <Link to="/workflows">Redressal workflows</Link> }, { title: workflow.workflowName }]}
      />
      <Typography.Title level={1} id="workflow-title" style={{ marginTop: 12 }}>
        {workflow.workflowName}
      </Typography.Title>
      {workflow.workflowDescription ? (
        <Typography.Paragraph type="secondary">{workflow.workflowDescription}</Typography.Paragraph>
      ) : null}

      <Row gutter={[24, 24]} align="top">
        <Col xs={24} lg={7} xl={6}>
          <Card
            title={<span id="versions-title">Versions</span>}
            extra={
              <Button size="small" onClick={() => vm.openNewVersion()}>
                New version
              </Button>
            }
          >
            {versions.length === 0 ? (
              <EmptyState title="No versions yet">
                <Button type="primary" onClick={() => vm.openNewVersion()}>
                  Create the first version
                </Button>
              </EmptyState>
            ) : (
              <nav aria-labelledby="versions-title">
                <List
                  dataSource={versions}
                  renderItem={(v: WorkflowVersionSummary) => (
                    <List.Item style={{ paddingInline: 0 }}>
                      <Button
                        type={v.workflowVersionId === vm.selectedVersionId ? 'primary' : 'text'}
                        ghost={v.workflowVersionId === vm.selectedVersionId}
                        aria-current={v.workflowVersionId === vm.selectedVersionId ? 'true' : undefined}
                        aria-label={`Version ${v.versionNumber}: ${v.name} (${VERSION_STATUS_LABELS[v.status]})`}
                        onClick={() => void vm.selectVersion(v.workflowVersionId)}
                        style={{ width: '100%', justifyContent: 'space-between', display: 'flex' }}
                      >
                        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          v{v.versionNumber} · {v.name}
                        </span>
                        <StatusTag status={v.status} />
                      </Button>
                    </List.Item>
                  )}
                />
              </nav>
            )}
          </Card>
        </Col>

        <Col xs={24} lg={17} xl={18}>
          {vm.notice ? (
            <Alert
              type={vm.notice.type}
              showIcon
              role={vm.notice.type === 'error' ? 'alert' : 'status'}
              title={vm.notice.message}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <VersionPanel vm={vm} />
        </Col>
      </Row>

      <Modal title="New version" open={vm.newVersionOpen} onCancel={vm.closeNewVersion} footer={null} destroyOnHidden>
        <NewVersionForm vm={vm} />
      </Modal>
    </section>
  );
});

const VersionPanel = observer(function VersionPanel({ vm }: { vm: WorkflowViewModel }) {
  const design = useViewModel(VersionDesignViewModel);
  useEffect(() => {
    design.show(vm.version, vm.replaceVersion);
  }, [design, vm.version, vm.replaceVersion]);
  if (vm.versionStatus === 'none') return null;
  if (vm.versionStatus === 'loading' && !vm.version) return <Loading label="Loading version" />;
  if (vm.versionStatus === 'error' || !vm.version) {
    return (
      <LoadError
        message={vm.versionError ?? ''}
        onRetry={() => vm.selectedVersionId && void vm.selectVersion(vm.selectedVersionId)}
      />
    );
  }
  const version = vm.version;
  const published = vm.publishedVersion;
  const archiveNote =
    published && published.workflowVersionId !== version.workflowVersionId
      ? `Version ${published.versionNumber}, published now, will be archived.`
      : 'No version is published yet.';
  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        {/* The page's h1 is the workflow; a version is its h2, the version's parts its h3s (headings in order). */}
        <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
          Version {version.versionNumber}: {version.name} <StatusTag status={version.status} />
        </Typography.Title>
        {vm.editable ? (
          <Popconfirm
            title="Publish this version?"
            description={
              <div style={{ maxWidth: 320 }}>
                {archiveNote} A published version cannot be edited: later changes go into a new version.
              </div>
            }
            okText="Publish"
            cancelText="Cancel"
            onConfirm={() => vm.publish()}
            disabled={!vm.publishable}
          >
            <Button type="primary" loading={vm.busy === 'publish'} disabled={!vm.publishable}>
              Publish
            </Button>
          </Popconfirm>
        ) : (
          <Button onClick={() => void vm.copySelected()} loading={vm.busy === 'version'}>
            Create new version from this
          </Button>
        )}
      </Space>
      {version.description ? <Typography.Paragraph type="secondary">{version.description}</Typography.Paragraph> : null}
      {!vm.editable ? (
        <Alert
          type="info"
          showIcon
          style={{ margin: '12px 0' }}
          title={
            version.status === 'PUBLISHED'
              ? `Published${version.publishedAt ? ` on ${new Date(version.publishedAt).toLocaleString()}` : ''}. This version is read-only.`
              : 'Archived. This version is read-only.'
          }
        />
      ) : !vm.publishable ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          Add at least one step before publishing.
        </Typography.Paragraph>
      ) : null}

      {design.notice && !design.editingStepId ? (
        <Alert
          type={design.notice.type}
          showIcon
          role={design.notice.type === 'error' ? 'alert' : 'status'}
          title={design.notice.message}
          style={{ margin: '12px 0' }}
        />
      ) : null}
      <Tabs
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'process',
            label: 'Process Details',
            children: (
              <ProcessDetails
                vm={design}
                addStep={vm.editable ? <AddStepForm vm={vm} /> : null}
                renderRemove={(step) => (
                  <Popconfirm
                    title={`Remove "${step.name}"?`}
                    okText="Remove"
                    cancelText="Keep"
                    onConfirm={() => vm.removeStep(step.stepId)}
                  >
                    <Button
                      size="small"
                      type="link"
                      danger
                      disabled={vm.busy === 'remove'}
                      aria-label={`Remove step ${step.name}`}
                    >
                      Remove
                    </Button>
                  </Popconfirm>
                )}
              />
            ),
          },
          { key: 'form', label: 'Complaint Form', children: <ComplaintForm vm={design} /> },
          { key: 'stages', label: 'Stages of Redressal', children: <StagesOfRedressal vm={design} /> },
        ]}
      />
    </Card>
  );
});

const REQUIRED_MEETING_LABELS = MEETING_FIELDS.filter((f) => f.required)
  .map((f) => f.label)
  .join(', ');
const ACTION_OPTIONS = ActionType.options.map((value) => ({ value, label: ACTION_TYPE_LABELS[value] }));
const PARTY_OPTIONS = Party.options.map((value) => ({ value, label: PARTY_LABELS[value] }));
const OPTIONAL_MEETING_OPTIONS = OPTIONAL_MEETING_FIELDS.map((key) => ({
  value: key,
  label: MEETING_FIELDS.find((f) => f.key === key)!.label,
}));

const AddStepForm = observer(function AddStepForm({ vm }: { vm: WorkflowViewModel }) {
  const [form] = Form.useForm<AddStepValues>();
  const kind = Form.useWatch('kind', form);
  const actionTypes = Form.useWatch('actionTypes', form) ?? [];

  useEffect(() => {
    if (vm.stepsAdded > 0) form.resetFields();
  }, [vm.stepsAdded, form]);

  const fieldError = (name: string) =>
    vm.formFields[name] ? { validateStatus: 'error' as const, help: vm.formFields[name] } : {};

  return (
    <Card type="inner" title={<span id="add-step-title">Add step</span>} style={{ marginTop: 16 }}>
      <Form<AddStepValues>
        form={form}
        name="add-step"
        layout="vertical"
        aria-labelledby="add-step-title"
        initialValues={{ kind: 'MEETING', meetingFieldList: [], actionTypes: [] }}
        onFinish={(values) => void vm.addStep(values)}
        disabled={vm.busy === 'step'}
      >
        {vm.formError ? (
          <Alert type="error" showIcon role="alert" title={vm.formError} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item label="Step kind" name="kind" rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'MEETING', label: 'Meeting' },
              { value: 'ACTION', label: 'Action' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Step name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Give the step a name' }, { max: 200 }]}
          {...fieldError('name')}
        >
          <Input />
        </Form.Item>
        <Form.Item label="Step description" name="description" rules={[{ max: 2000 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        {kind === 'ACTION' ? (
          <>
            <Form.Item
              label="Action types"
              name="actionTypes"
              rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one action type' }]}
              {...fieldError('actionTypes')}
            >
              <Select mode="multiple" options={ACTION_OPTIONS} placeholder="Choose what this step does" />
            </Form.Item>
            {actionNeedsParty(actionTypes) ? (
              <Form.Item
                label="Party to notify"
                name="party"
                rules={[{ required: true, message: 'Choose whom to notify' }]}
                {...fieldError('party')}
              >
                <Select options={PARTY_OPTIONS} placeholder="Respondent or employer" />
              </Form.Item>
            ) : null}
          </>
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              The meeting form always records: {REQUIRED_MEETING_LABELS}.
            </Typography.Paragraph>
            <Form.Item label="Optional meeting fields" name="meetingFieldList">
              <Checkbox.Group options={OPTIONAL_MEETING_OPTIONS} />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" loading={vm.busy === 'step'}>
          Add step
        </Button>
      </Form>
    </Card>
  );
});

const NewVersionForm = observer(function NewVersionForm({ vm }: { vm: WorkflowViewModel }) {
  const [form] = Form.useForm<NewVersionValues>();
  const mode = Form.useWatch('mode', form);
  const versions = vm.versions;
  const options = versions.map((v) => ({
    value: v.workflowVersionId,
    label: `v${v.versionNumber} · ${v.name} (${VERSION_STATUS_LABELS[v.status]})`,
  }));
  const preset = vm.newVersionPreset ?? vm.selectedVersionId ?? versions[0]?.workflowVersionId;
  return (
    <Form<NewVersionValues>
      form={form}
      name="new-version"
      layout="vertical"
      initialValues={{ mode: vm.newVersionPreset ? 'copy' : 'empty', fromVersionId: preset }}
      onFinish={(values) => void vm.createVersion(values)}
      disabled={vm.busy === 'version'}
    >
      {vm.formError ? (
        <Alert type="error" showIcon role="alert" title={vm.formError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item label="Start from" name="mode">
        <Radio.Group
          options={[
            { value: 'empty', label: 'An empty version' },
            { value: 'copy', label: 'A copy of a version', disabled: versions.length === 0 },
          ]}
        />
      </Form.Item>
      {mode === 'copy' ? (
        <Form.Item
          label="Version to copy"
          name="fromVersionId"
          rules={[{ required: true, message: 'Choose the version to copy' }]}
        >
          <Select options={options} />
        </Form.Item>
      ) : null}
      <Form.Item
        label="Version name"
        name="name"
        rules={
          mode === 'copy'
            ? [{ max: 200 }]
            : [{ required: true, whitespace: true, message: 'Give the version a name' }, { max: 200 }]
        }
        extra={mode === 'copy' ? "Leave empty to keep the copied version's name." : undefined}
        {...(vm.formFields.name ? { validateStatus: 'error' as const, help: vm.formFields.name } : {})}
      >
        <Input />
      </Form.Item>
      {mode !== 'copy' ? (
        <Form.Item label="Version description" name="description" rules={[{ max: 2000 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      ) : null}
      <Space>
        <Button type="primary" htmlType="submit" loading={vm.busy === 'version'}>
          Create version
        </Button>
        <Button onClick={vm.closeNewVersion}>Cancel</Button>
      </Space>
    </Form>
  );
});

export default WorkflowScreen;
