import { HolderOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Progress,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import type { FormAttribute, FormComponent, Prerequisite } from '../../contracts/case/builder-schemas';
import type { WorkflowStep } from '../../contracts/case/workflows.contract';
import {
  CASE_ROLE_LABELS,
  CaseRole,
  Compliance,
  COMPLIANCE_LABELS,
  describeTimeLimit,
  ESCALATION_TYPE_LABELS,
  EscalationType,
  MAIL_PLACEHOLDERS,
  PREREQUISITE_KIND_LABELS,
  PrerequisiteKind,
  standardAttribute,
  FIELD_TYPE_LABELS,
  FieldType,
  MeetingFieldType,
  STATUTORY_TIME_LIMITS,
  STEP_OWNER_LABELS,
  StepOwnerRole,
  type StatutoryClockId,
} from '../../domain/workflows/builder-rules';
import {
  ACTION_TYPE_LABELS,
  actionNeedsParty,
  ActionType,
  Party,
  PARTY_LABELS,
  STEP_KIND_LABELS,
} from '../../domain/workflows/workflow-rules';
import { EmptyState } from '../shared/page-state';
import {
  READ_ONLY_REASON,
  VersionDesignViewModel,
  type AttributeValues,
  type DesignForm,
  type EscalationValues,
  type FieldEditValues,
  type MailValues,
  type PrerequisiteValues,
  type StepSettingValues,
} from './version-design.view-model';

const OWNER_OPTIONS = StepOwnerRole.options.map((value) => ({ value, label: STEP_OWNER_LABELS[value] }));
const LIMIT_OPTIONS = [
  { value: 'NONE', label: 'No time limit' },
  { value: 'DAYS', label: 'A number of days' },
  ...(Object.keys(STATUTORY_TIME_LIMITS) as StatutoryClockId[]).map((id) => ({
    value: id,
    label: STATUTORY_TIME_LIMITS[id].label,
  })),
];
const FIELD_TYPE_OPTIONS = FieldType.options.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }));
const MEETING_TYPE_OPTIONS = MeetingFieldType.options.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }));
const ACTION_OPTIONS = ActionType.options.map((value) => ({ value, label: ACTION_TYPE_LABELS[value] }));
const PARTY_OPTIONS = Party.options.map((value) => ({ value, label: PARTY_LABELS[value] }));
const PREREQUISITE_OPTIONS = PrerequisiteKind.options.map((value) => ({
  value,
  label: PREREQUISITE_KIND_LABELS[value],
}));
const ROLE_OPTIONS = CaseRole.options.map((value) => ({ value, label: CASE_ROLE_LABELS[value] }));
const COMPLIANCE_OPTIONS = Compliance.options.map((value) => ({ value, label: COMPLIANCE_LABELS[value] }));
const ESCALATION_OPTIONS = EscalationType.options.map((value) => ({ value, label: ESCALATION_TYPE_LABELS[value] }));
const PLACEHOLDER_HELP = `You may use ${MAIL_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}.`;

/** Shown under a section of a published or archived version, whose controls are disabled. */
function ReadOnlyReason({ vm }: { vm: VersionDesignViewModel }) {
  return vm.editable ? null : (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
      {READ_ONLY_REASON}
    </Typography.Paragraph>
  );
}

function FormAlert({ vm, form }: { vm: VersionDesignViewModel; form: DesignForm }) {
  return vm.form === form && vm.formError ? (
    <Alert type="error" showIcon role="alert" title={vm.formError} style={{ marginBottom: 12 }} />
  ) : null;
}

const serverError = (vm: VersionDesignViewModel, form: DesignForm, name: string) => {
  const help = vm.fieldError(form, name);
  return help ? { validateStatus: 'error' as const, help } : {};
};

// ---------- Process Details ----------

export const ProcessDetails = observer(function ProcessDetails({
  vm,
  addStep,
  renderRemove,
}: {
  vm: VersionDesignViewModel;
  /** The add-step form (it belongs to the workflow's view-model). */
  addStep: ReactNode;
  /** The step's Remove control (the workflow's view-model removes steps). */
  renderRemove: (step: WorkflowStep) => ReactNode;
}) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const version = vm.version;
  if (!version) return null;
  const steps = version.steps;
  const stageName = (id: string | null) => version.stages.find((s) => s.stageId === id)?.name;
  const drag = (step: WorkflowStep) =>
    vm.editable
      ? {
          draggable: true,
          'data-step-id': step.stepId,
          onDragStart: (e: React.DragEvent) => {
            setDragging(step.stepId);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', step.stepId);
          },
          onDragOver: (e: React.DragEvent) => {
            e.preventDefault();
            if (over !== step.stepId) setOver(step.stepId);
          },
          onDrop: (e: React.DragEvent) => {
            e.preventDefault();
            const id = dragging ?? e.dataTransfer.getData('text/plain');
            if (id) void vm.dropStep(id, step.stepId);
            setDragging(null);
            setOver(null);
          },
          onDragEnd: () => {
            setDragging(null);
            setOver(null);
          },
        }
      : {};
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0, fontSize: 20 }}>
        Process Details
      </Typography.Title>
      <Prerequisites vm={vm} />
      <Typography.Title level={4} style={{ fontSize: 16 }}>
        Steps
      </Typography.Title>
      {vm.editable && steps.length > 1 ? (
        <Typography.Paragraph type="secondary" id="steps-order-help">
          Drag a step onto another step&apos;s place, or use its Up and Down buttons.
        </Typography.Paragraph>
      ) : null}
      {steps.length === 0 ? (
        <EmptyState title="No steps yet. Add a meeting or an action below." />
      ) : (
        <ol
          aria-label="Steps"
          aria-describedby={vm.editable ? 'steps-order-help' : undefined}
          className="workflow-steps"
          style={{ paddingInlineStart: 20 }}
        >
          {steps.map((step, i) => (
            <li
              key={step.stepId}
              {...drag(step)}
              style={{
                marginBottom: 16,
                opacity: dragging === step.stepId ? 0.5 : 1,
                outline:
                  over === step.stepId && dragging && dragging !== step.stepId ? '2px dashed #1677ff' : undefined,
              }}
            >
              <Space wrap>
                {vm.editable ? (
                  <HolderOutlined aria-hidden style={{ cursor: 'grab', color: 'rgba(0,0,0,0.6)' }} />
                ) : null}
                <Typography.Text strong>{step.name}</Typography.Text>
                <Tag color={step.kind === 'MEETING' ? 'blue' : 'purple'}>{STEP_KIND_LABELS[step.kind]}</Tag>
                {vm.editable ? (
                  <>
                    <Button
                      size="small"
                      disabled={i === 0 || vm.busy !== null}
                      aria-label={`Move ${step.name} up`}
                      onClick={() => void vm.moveStep(step.stepId, -1)}
                    >
                      Up
                    </Button>
                    <Button
                      size="small"
                      disabled={i === steps.length - 1 || vm.busy !== null}
                      aria-label={`Move ${step.name} down`}
                      onClick={() => void vm.moveStep(step.stepId, 1)}
                    >
                      Down
                    </Button>
                    <Button size="small" aria-label={`Edit step ${step.name}`} onClick={() => vm.openStep(step.stepId)}>
                      Edit
                    </Button>
                  </>
                ) : null}
                {vm.editable ? renderRemove(step) : null}
              </Space>
              {step.description ? <div style={{ color: 'rgba(0,0,0,0.65)' }}>{step.description}</div> : null}
              <Descriptions size="small" column={1} style={{ marginTop: 4 }}>
                {step.kind === 'MEETING' ? (
                  <Descriptions.Item label="Meeting form">
                    {[
                      ...step.meetingFieldList.map((f) => `${f.label}${f.required ? '' : ' (optional)'}`),
                      ...step.customMeetingFields.map((f) => `${f.label}${f.required ? '' : ' (optional)'}`),
                    ].join(', ')}
                  </Descriptions.Item>
                ) : (
                  <>
                    <Descriptions.Item label="Actions">
                      {step.actionTypes.map((a) => ACTION_TYPE_LABELS[a]).join(', ')}
                    </Descriptions.Item>
                    {step.party ? (
                      <Descriptions.Item label="Party">{PARTY_LABELS[step.party]}</Descriptions.Item>
                    ) : null}
                  </>
                )}
                <Descriptions.Item label="Owner">
                  {step.ownerRole ? STEP_OWNER_LABELS[step.ownerRole] : 'Not set'}
                </Descriptions.Item>
                <Descriptions.Item label="Time limit">{describeTimeLimit(step.timeLimit)}</Descriptions.Item>
                {step.stageId ? <Descriptions.Item label="Stage">{stageName(step.stageId)}</Descriptions.Item> : null}
              </Descriptions>
            </li>
          ))}
        </ol>
      )}
      {vm.editable ? null : <ReadOnlyMails vm={vm} />}
      {addStep}
      <StepDrawer vm={vm} />
    </>
  );
});

const StepDrawer = observer(function StepDrawer({ vm }: { vm: VersionDesignViewModel }) {
  const step = vm.editingStep;
  return (
    <Drawer
      title={step ? `Step: ${step.name}` : 'Step'}
      open={step !== null && vm.editable}
      onClose={vm.closeStep}
      size="large"
      destroyOnHidden
    >
      {step ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          {vm.notice ? (
            <Alert
              type={vm.notice.type}
              showIcon
              role={vm.notice.type === 'error' ? 'alert' : 'status'}
              title={vm.notice.message}
            />
          ) : null}
          <StepSettingsForm vm={vm} step={step} />
          {step.kind === 'ACTION' ? <StepActions vm={vm} step={step} /> : <MeetingFields vm={vm} step={step} />}
        </Space>
      ) : null}
    </Drawer>
  );
});

function limitValue(step: WorkflowStep): StepSettingValues['limit'] {
  if (!step.timeLimit) return 'NONE';
  return step.timeLimit.kind === 'DAYS' ? 'DAYS' : step.timeLimit.clockId;
}

const StepSettingsForm = observer(function StepSettingsForm({
  vm,
  step,
}: {
  vm: VersionDesignViewModel;
  step: WorkflowStep;
}) {
  const [form] = Form.useForm<StepSettingValues>();
  const limit = Form.useWatch('limit', form);
  const stages = vm.version?.stages ?? [];
  return (
    <Card type="inner" title={<span id="step-settings-title">Owner, time limit and stage</span>}>
      <Form<StepSettingValues>
        form={form}
        name="step-settings"
        layout="vertical"
        aria-labelledby="step-settings-title"
        initialValues={{
          ownerRole: step.ownerRole,
          stageId: step.stageId,
          limit: limitValue(step),
          days: step.timeLimit?.kind === 'DAYS' ? step.timeLimit.days : 7,
          workingDays: step.timeLimit?.kind === 'DAYS' ? step.timeLimit.workingDays : false,
        }}
        onFinish={(values) => void vm.saveStepSettings(step.stepId, values)}
        disabled={vm.busy === 'settings'}
      >
        <FormAlert vm={vm} form="settings" />
        <Form.Item label="Owner" name="ownerRole" {...serverError(vm, 'settings', 'ownerRole')}>
          <Select allowClear options={OWNER_OPTIONS} placeholder="Who carries this step out" />
        </Form.Item>
        <Form.Item
          label="Time limit"
          name="limit"
          extra="A statutory clock is counted on each case from the event the law names."
        >
          <Select options={LIMIT_OPTIONS} />
        </Form.Item>
        {limit === 'DAYS' ? (
          <Space wrap>
            <Form.Item
              label="Days"
              name="days"
              rules={[{ required: true, type: 'number', min: 1, max: 365, message: 'From 1 to 365 days' }]}
              {...serverError(vm, 'settings', 'timeLimit.days')}
            >
              <InputNumber min={1} max={365} />
            </Form.Item>
            <Form.Item name="workingDays" valuePropName="checked" label=" " colon={false}>
              <Checkbox>Working days</Checkbox>
            </Form.Item>
          </Space>
        ) : null}
        <Form.Item label="Stage" name="stageId" {...serverError(vm, 'settings', 'stageId')}>
          <Select
            allowClear
            options={stages.map((s) => ({ value: s.stageId, label: s.name }))}
            placeholder={stages.length ? 'In no stage' : 'Add stages under Stages of Redressal'}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={vm.busy === 'settings'}>
          Save settings
        </Button>
      </Form>
    </Card>
  );
});

const StepActions = observer(function StepActions({ vm, step }: { vm: VersionDesignViewModel; step: WorkflowStep }) {
  const [form] = Form.useForm<{ actionType: ActionType; party?: Party }>();
  const chosen = Form.useWatch('actionType', form);
  const missing = ACTION_OPTIONS.filter((o) => !step.actionTypes.includes(o.value));
  useEffect(() => form.resetFields(), [vm.saved, form]);
  return (
    <Card type="inner" title={<span id="step-actions-title">Actions</span>}>
      <ul aria-label="Actions of this step" style={{ paddingInlineStart: 20 }}>
        {step.actionTypes.map((a) => (
          <li key={a} style={{ marginBottom: 6 }}>
            <Space wrap>
              <span>
                {ACTION_TYPE_LABELS[a]}
                {a === 'NOTIFY' && step.party ? ` (${PARTY_LABELS[step.party]})` : ''}
              </span>
              <Button
                size="small"
                danger
                disabled={vm.busy !== null}
                aria-label={`Remove action ${ACTION_TYPE_LABELS[a]}`}
                onClick={() => void vm.removeAction(step.stepId, a)}
              >
                Remove
              </Button>
            </Space>
            <ActionMail vm={vm} actionType={a} />
          </li>
        ))}
      </ul>
      {missing.length ? (
        <Form
          form={form}
          name="add-action"
          layout="vertical"
          aria-labelledby="step-actions-title"
          onFinish={(values) => void vm.addAction(step.stepId, values.actionType, values.party)}
          style={{ marginTop: 12 }}
        >
          <FormAlert vm={vm} form="action" />
          <Form.Item
            label="Action to add"
            name="actionType"
            rules={[{ required: true, message: 'Choose an action' }]}
            {...serverError(vm, 'action', 'actionType')}
          >
            <Select options={missing} placeholder="Choose an action" />
          </Form.Item>
          {chosen && actionNeedsParty([chosen]) ? (
            <Form.Item
              label="Whom to notify"
              name="party"
              rules={[{ required: true, message: 'Choose whom to notify' }]}
              {...serverError(vm, 'action', 'party')}
            >
              <Select options={PARTY_OPTIONS} placeholder="Respondent or employer" />
            </Form.Item>
          ) : null}
          <Button htmlType="submit" loading={vm.busy === 'action'}>
            Add action
          </Button>
        </Form>
      ) : null}
    </Card>
  );
});

const MeetingFields = observer(function MeetingFields({
  vm,
  step,
}: {
  vm: VersionDesignViewModel;
  step: WorkflowStep;
}) {
  const [form] = Form.useForm<{ label: string; fieldType: MeetingFieldType; required: boolean }>();
  useEffect(() => form.resetFields(), [vm.saved, form]);
  return (
    <Card type="inner" title={<span id="meeting-fields-title">Meeting form</span>}>
      <Typography.Paragraph type="secondary">
        Every meeting records: {step.meetingFieldList.map((f) => f.label).join(', ')}.
      </Typography.Paragraph>
      {step.customMeetingFields.length === 0 ? (
        <Typography.Paragraph type="secondary">No fields added yet.</Typography.Paragraph>
      ) : (
        <ul aria-label="Fields added to this meeting" style={{ paddingInlineStart: 20 }}>
          {step.customMeetingFields.map((f) => (
            <li key={f.meetingFieldId} style={{ marginBottom: 6 }}>
              <Space wrap>
                <span>
                  {f.label} · {FIELD_TYPE_LABELS[f.fieldType]}
                  {f.required ? ' · required' : ''}
                </span>
                <Button
                  size="small"
                  danger
                  disabled={vm.busy !== null}
                  aria-label={`Remove meeting field ${f.label}`}
                  onClick={() => void vm.removeMeetingField(step.stepId, f.meetingFieldId)}
                >
                  Remove
                </Button>
              </Space>
            </li>
          ))}
        </ul>
      )}
      <Form
        form={form}
        name="add-meeting-field"
        layout="vertical"
        aria-labelledby="meeting-fields-title"
        initialValues={{ fieldType: 'TEXT', required: false }}
        onFinish={(values) => void vm.addMeetingField(step.stepId, values)}
        style={{ marginTop: 12 }}
      >
        <FormAlert vm={vm} form="meeting-field" />
        <Form.Item
          label="Meeting field label"
          name="label"
          rules={[{ required: true, whitespace: true, message: 'Give the field a label' }, { max: 200 }]}
          {...serverError(vm, 'meeting-field', 'meetingFieldList.0.label')}
        >
          <Input />
        </Form.Item>
        <Form.Item label="Meeting field type" name="fieldType">
          <Select options={MEETING_TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item name="required" valuePropName="checked">
          <Checkbox>Required at every meeting</Checkbox>
        </Form.Item>
        <Button htmlType="submit" loading={vm.busy === 'meeting-field'}>
          Add meeting field
        </Button>
      </Form>
    </Card>
  );
});

// ---------- Complaint Form ----------

export const ComplaintForm = observer(function ComplaintForm({ vm }: { vm: VersionDesignViewModel }) {
  const components = vm.version?.components ?? [];
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0, fontSize: 20 }}>
        Complaint Form
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        What a person fills in to raise a complaint. The fields the law asks for are always there; you can reword them
        and add your own.
      </Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {components.map((c) => (
          <ComponentCard key={c.componentId} vm={vm} component={c} />
        ))}
      </Space>
      {vm.editable ? <AddAttributeForm vm={vm} components={components} /> : null}
      {vm.editable ? <AddComponentForm vm={vm} /> : null}
      <WhoSees vm={vm} />
      <FieldDrawer vm={vm} />
    </>
  );
});

const ComponentCard = observer(function ComponentCard({
  vm,
  component,
}: {
  vm: VersionDesignViewModel;
  component: FormComponent;
}) {
  const titleId = `part-${component.componentId}`;
  return (
    <Card
      size="small"
      title={<span id={titleId}>{component.title}</span>}
      extra={
        vm.editable && !component.systemKey ? (
          <Popconfirm
            title={`Remove "${component.title}" and its fields?`}
            okText="Remove"
            cancelText="Keep"
            onConfirm={() => vm.removeComponent(component.componentId)}
          >
            <Button size="small" danger aria-label={`Remove part ${component.title}`}>
              Remove
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      {component.attributes.length === 0 ? (
        <Typography.Text type="secondary">No fields yet. Add one below.</Typography.Text>
      ) : (
        <ol aria-labelledby={titleId} style={{ paddingInlineStart: 20, margin: 0 }}>
          {component.attributes.map((a, i) => (
            <li key={a.attributeId} style={{ marginBottom: 6 }}>
              <Space wrap>
                <span>{a.label}</span>
                <Tag>{FIELD_TYPE_LABELS[a.fieldType]}</Tag>
                {a.required ? <Tag color="red">Required</Tag> : null}
                {a.systemKey ? <Tag color="blue">Always asked</Tag> : null}
                {a.resourceFileId ? <Tag color="geekblue">File: {a.resourceFileName ?? 'attached'}</Tag> : null}
                {vm.editable ? (
                  <>
                    <Button
                      size="small"
                      disabled={i === 0 || vm.busy !== null}
                      aria-label={`Move field ${a.label} up`}
                      onClick={() => void vm.moveAttribute(a.attributeId, -1)}
                    >
                      Up
                    </Button>
                    <Button
                      size="small"
                      disabled={i === component.attributes.length - 1 || vm.busy !== null}
                      aria-label={`Move field ${a.label} down`}
                      onClick={() => void vm.moveAttribute(a.attributeId, 1)}
                    >
                      Down
                    </Button>
                    <Button
                      size="small"
                      disabled={vm.busy !== null}
                      aria-label={`Edit field ${a.label}`}
                      onClick={() => vm.openAttribute(a.attributeId)}
                    >
                      Edit
                    </Button>
                    {!a.systemKey ? (
                      <Button
                        size="small"
                        danger
                        disabled={vm.busy !== null}
                        aria-label={`Remove field ${a.label}`}
                        onClick={() => void vm.removeAttribute(a.attributeId)}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </>
                ) : null}
              </Space>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
});

const AddAttributeForm = observer(function AddAttributeForm({
  vm,
  components,
}: {
  vm: VersionDesignViewModel;
  components: FormComponent[];
}) {
  const [form] = Form.useForm<AttributeValues>();
  const fieldType = Form.useWatch('fieldType', form);
  useEffect(() => form.resetFields(), [vm.saved, form]);
  return (
    <Card type="inner" title={<span id="add-field-title">Add field</span>} style={{ marginTop: 16 }}>
      <Form<AttributeValues>
        form={form}
        name="add-field"
        layout="vertical"
        aria-labelledby="add-field-title"
        initialValues={{
          componentId: components.find((c) => c.systemKey === 'INCIDENT')?.componentId,
          fieldType: 'TEXT',
          required: false,
          options: [],
        }}
        onFinish={(values) => void vm.addAttribute(values)}
        disabled={vm.busy === 'attribute'}
      >
        <FormAlert vm={vm} form="attribute" />
        <Form.Item
          label="Part of the form"
          name="componentId"
          rules={[{ required: true, message: 'Choose a part' }]}
          {...serverError(vm, 'attribute', 'componentId')}
        >
          <Select options={components.map((c) => ({ value: c.componentId, label: c.title }))} />
        </Form.Item>
        <Form.Item
          label="Field label"
          name="label"
          rules={[{ required: true, whitespace: true, message: 'Give the field a label' }, { max: 200 }]}
          {...serverError(vm, 'attribute', 'label')}
        >
          <Input />
        </Form.Item>
        <Form.Item label="Field type" name="fieldType" {...serverError(vm, 'attribute', 'fieldType')}>
          <Select options={FIELD_TYPE_OPTIONS} />
        </Form.Item>
        {fieldType === 'SELECT' || fieldType === 'MULTI_SELECT' ? (
          <Form.Item
            label="Choices"
            name="options"
            extra="Type a choice and press Enter."
            {...serverError(vm, 'attribute', 'options')}
          >
            <Select mode="tags" open={false} suffixIcon={null} />
          </Form.Item>
        ) : null}
        <Form.Item label="Help text" name="helpText" rules={[{ max: 2000 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="required" valuePropName="checked">
          <Checkbox>Required</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={vm.busy === 'attribute'}>
          Add field
        </Button>
      </Form>
    </Card>
  );
});

const AddComponentForm = observer(function AddComponentForm({ vm }: { vm: VersionDesignViewModel }) {
  const [form] = Form.useForm<{ title: string }>();
  useEffect(() => form.resetFields(), [vm.saved, form]);
  return (
    <Card type="inner" title={<span id="add-part-title">Add part</span>} style={{ marginTop: 16 }}>
      <Form
        form={form}
        name="add-part"
        layout="inline"
        aria-labelledby="add-part-title"
        onFinish={(values) => void vm.addComponent(values)}
      >
        <Form.Item
          label="Part title"
          name="title"
          rules={[{ required: true, whitespace: true, message: 'Give the part a title' }]}
          {...serverError(vm, 'component', 'title')}
        >
          <Input />
        </Form.Item>
        <Button htmlType="submit" loading={vm.busy === 'component'}>
          Add part
        </Button>
      </Form>
    </Card>
  );
});

// ---------- Stages of Redressal ----------

export const StagesOfRedressal = observer(function StagesOfRedressal({ vm }: { vm: VersionDesignViewModel }) {
  const [form] = Form.useForm<{ name: string; description?: string }>();
  useEffect(() => form.resetFields(), [vm.saved, form]);
  const version = vm.version;
  if (!version) return null;
  const unstaged = version.steps.filter((s) => !s.stageId);
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0, fontSize: 20 }}>
        Stages of Redressal
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Group the steps into the stages a case moves through. Put a step in a stage from its Edit button under Process
        Details.
      </Typography.Paragraph>
      {version.stages.length === 0 ? (
        <EmptyState title="No stages yet." />
      ) : (
        <ol aria-label="Stages" style={{ paddingInlineStart: 20 }}>
          {version.stages.map((stage) => (
            <li key={stage.stageId} style={{ marginBottom: 12 }}>
              <Space wrap>
                <Typography.Text strong>{stage.name}</Typography.Text>
                {vm.editable ? (
                  <Button
                    size="small"
                    danger
                    disabled={vm.busy !== null}
                    aria-label={`Remove stage ${stage.name}`}
                    onClick={() => void vm.removeStage(stage.stageId)}
                  >
                    Remove
                  </Button>
                ) : null}
              </Space>
              {stage.description ? <div>{stage.description}</div> : null}
              <div style={{ color: 'rgba(0,0,0,0.65)' }}>
                {stage.stepIdList.length
                  ? `Steps: ${stage.stepIdList.map((id) => vm.stepName(id)).join(', ')}`
                  : 'No steps in this stage yet.'}
              </div>
            </li>
          ))}
        </ol>
      )}
      {unstaged.length && version.stages.length ? (
        <Typography.Paragraph type="secondary">
          In no stage: {unstaged.map((s) => s.name).join(', ')}.
        </Typography.Paragraph>
      ) : null}
      {vm.editable ? (
        <Card type="inner" title={<span id="add-stage-title">Add stage</span>} style={{ marginTop: 16 }}>
          <Form
            form={form}
            name="add-stage"
            layout="vertical"
            aria-labelledby="add-stage-title"
            onFinish={(values) => void vm.addStage(values)}
          >
            <FormAlert vm={vm} form="stage" />
            <Form.Item
              label="Stage name"
              name="name"
              rules={[{ required: true, whitespace: true, message: 'Give the stage a name' }, { max: 200 }]}
              {...serverError(vm, 'stage', 'name')}
            >
              <Input />
            </Form.Item>
            <Form.Item label="Stage description" name="description" rules={[{ max: 2000 }]}>
              <Input />
            </Form.Item>
            <Button htmlType="submit" loading={vm.busy === 'stage'}>
              Add stage
            </Button>
          </Form>
        </Card>
      ) : null}
      <Escalation vm={vm} />
    </>
  );
});

// ---------- Prerequisites (Process Details) ----------

const Prerequisites = observer(function Prerequisites({ vm }: { vm: VersionDesignViewModel }) {
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => setEditing(null), [vm.saved]);
  return (
    <Card
      type="inner"
      size="small"
      title={<span id="prerequisites-title">Prerequisites</span>}
      style={{ marginBottom: 16 }}
    >
      <Typography.Paragraph type="secondary">
        What must be in place before this workflow runs a complaint.
      </Typography.Paragraph>
      <ReadOnlyReason vm={vm} />
      {vm.prerequisitesStatus === 'loading' ? (
        <Typography.Paragraph type="secondary">Loading prerequisites…</Typography.Paragraph>
      ) : vm.prerequisitesStatus === 'error' ? (
        <Alert
          type="error"
          showIcon
          title="The prerequisites could not be loaded."
          action={
            <Button size="small" onClick={() => void vm.loadVersionSettings()}>
              Retry
            </Button>
          }
        />
      ) : vm.prerequisites.length === 0 ? (
        <Typography.Paragraph type="secondary">No prerequisites yet.</Typography.Paragraph>
      ) : (
        <ol aria-labelledby="prerequisites-title" style={{ paddingInlineStart: 20 }}>
          {vm.prerequisites.map((p) => (
            <li key={p.prerequisiteId} style={{ marginBottom: 8 }}>
              {editing === p.prerequisiteId ? (
                <PrerequisiteForm vm={vm} prerequisite={p} onCancel={() => setEditing(null)} />
              ) : (
                <Space wrap>
                  <Typography.Text strong>{p.label}</Typography.Text>
                  <Tag>{PREREQUISITE_KIND_LABELS[p.kind]}</Tag>
                  {p.description ? <span>{p.description}</span> : null}
                  {p.referenceId ? (
                    <Typography.Text type="secondary">Reference: {p.referenceId}</Typography.Text>
                  ) : null}
                  <Button
                    size="small"
                    disabled={!vm.editable || vm.busy !== null}
                    title={vm.editable ? undefined : READ_ONLY_REASON}
                    aria-label={`Edit prerequisite ${p.label}`}
                    onClick={() => setEditing(p.prerequisiteId)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    danger
                    disabled={!vm.editable || vm.busy !== null}
                    title={vm.editable ? undefined : READ_ONLY_REASON}
                    aria-label={`Remove prerequisite ${p.label}`}
                    onClick={() => void vm.removePrerequisite(p.prerequisiteId)}
                  >
                    Remove
                  </Button>
                </Space>
              )}
            </li>
          ))}
        </ol>
      )}
      {editing === null ? <PrerequisiteForm vm={vm} /> : null}
    </Card>
  );
});

const PrerequisiteForm = observer(function PrerequisiteForm({
  vm,
  prerequisite,
  onCancel,
}: {
  vm: VersionDesignViewModel;
  prerequisite?: Prerequisite;
  onCancel?: () => void;
}) {
  const [form] = Form.useForm<PrerequisiteValues>();
  useEffect(() => form.resetFields(), [vm.saved, form]);
  const id = prerequisite ? `edit-prerequisite-${prerequisite.prerequisiteId}` : 'add-prerequisite';
  return (
    <Form<PrerequisiteValues>
      form={form}
      name={id}
      layout="vertical"
      aria-label={prerequisite ? `Edit prerequisite ${prerequisite.label}` : 'Add prerequisite'}
      initialValues={
        prerequisite
          ? {
              kind: prerequisite.kind,
              label: prerequisite.label,
              description: prerequisite.description,
              referenceId: prerequisite.referenceId ?? '',
            }
          : { kind: 'COMMITTEE_CONSTITUTED' }
      }
      onFinish={(values) =>
        void (prerequisite ? vm.updatePrerequisite(prerequisite.prerequisiteId, values) : vm.addPrerequisite(values))
      }
      disabled={!vm.editable || vm.busy === 'prerequisite'}
      style={{ marginTop: 8 }}
    >
      <FormAlert vm={vm} form="prerequisite" />
      <Space wrap align="start">
        <Form.Item label="Prerequisite kind" name="kind" rules={[{ required: true }]} style={{ minWidth: 220 }}>
          <Select options={PREREQUISITE_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="Prerequisite"
          name="label"
          rules={[{ required: true, whitespace: true, message: 'Say what must be in place' }, { max: 200 }]}
          {...serverError(vm, 'prerequisite', 'prerequisiteList.0.label')}
        >
          <Input />
        </Form.Item>
        <Form.Item label="Prerequisite details" name="description" rules={[{ max: 2000 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          label="Prerequisite reference"
          name="referenceId"
          rules={[{ max: 200 }]}
          extra="A policy, course or document id, if any. A step’s name makes that step mandatory: later steps wait for it and the case cannot close while it is open."
        >
          <Input />
        </Form.Item>
      </Space>
      <Space>
        <Button htmlType="submit" type={prerequisite ? 'primary' : 'default'} loading={vm.busy === 'prerequisite'}>
          {prerequisite ? 'Save prerequisite' : 'Add prerequisite'}
        </Button>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      </Space>
    </Form>
  );
});

// ---------- action mails (step drawer) ----------

const ActionMail = observer(function ActionMail({
  vm,
  actionType,
}: {
  vm: VersionDesignViewModel;
  actionType: ActionType;
}) {
  const [form] = Form.useForm<MailValues>();
  const mail = vm.actionMail(actionType);
  useEffect(() => form.resetFields(), [vm.saved, form]);
  const label = ACTION_TYPE_LABELS[actionType];
  return (
    <Form<MailValues>
      form={form}
      name={`mail-${actionType}`}
      layout="vertical"
      aria-label={`Mail of ${label}`}
      initialValues={{
        mailSubject: mail.mailSubject,
        mailBody: mail.mailBody,
        includeComplaintCopy: mail.includeComplaintCopy,
      }}
      onFinish={(values) => void vm.saveActionMail(actionType, values)}
      disabled={!vm.editable || vm.busy === 'mail'}
      style={{ marginTop: 8, padding: 12, border: '1px solid #f0f0f0', borderRadius: 8 }}
    >
      <Typography.Text strong>
        Mail: {label} {mail.customised ? null : <Tag>Default wording</Tag>}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Every step of this version with this action sends this mail. {PLACEHOLDER_HELP}
      </Typography.Paragraph>
      <Form.Item
        label="Mail subject"
        name="mailSubject"
        rules={[{ required: true, whitespace: true, message: 'Enter a subject' }, { max: 200 }]}
        {...serverError(vm, 'mail', 'mailSubject')}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="Mail message"
        name="mailBody"
        rules={[{ required: true, whitespace: true, message: 'Enter the message' }, { max: 5000 }]}
        {...serverError(vm, 'mail', 'mailBody')}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <RemovedCopies count={mail.removedCcCount} />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {RECIPIENTS_HELP}
      </Typography.Paragraph>
      <Form.Item
        name="includeComplaintCopy"
        valuePropName="checked"
        extra="Only the fields each recipient may see (Complaint Form, who sees each field) are copied."
      >
        <Checkbox>Attach a copy of the complaint</Checkbox>
      </Form.Item>
      <Button htmlType="submit" loading={vm.busy === 'mail'}>
        Save mail
      </Button>
    </Form>
  );
});

/** Who an action mail goes to: the case's people, never an address typed here (docs/case.md "Who receives case content"). */
const RECIPIENTS_HELP =
  'It goes to the party the action names (the respondent, or the workspace’s employers): the committee member completing the step sees the recipients and confirms them before anything is sent, and the case’s access log records them.';

/** The cc addresses a mail lost when free addresses stopped being kept, and why. */
function RemovedCopies({ count }: { count: number }) {
  if (!count) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ margin: '8px 0' }}
      message={`${count === 1 ? 'One copy address was' : `${count} copy addresses were`} removed from this mail`}
      description="A complaint's mail no longer goes to addresses typed into the workflow, which could send every future complaint outside the committee's control. The member completing the step confirms who receives it."
    />
  );
}

// ---------- a field's wording and file (Complaint Form) ----------

const FieldDrawer = observer(function FieldDrawer({ vm }: { vm: VersionDesignViewModel }) {
  const field = vm.editingAttribute;
  return (
    <Drawer
      title={field ? `Field: ${field.label}` : 'Field'}
      open={field !== null && vm.editable}
      onClose={vm.closeAttribute}
      size="large"
      destroyOnHidden
    >
      {field ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          {vm.notice ? (
            <Alert
              type={vm.notice.type}
              showIcon
              role={vm.notice.type === 'error' ? 'alert' : 'status'}
              title={vm.notice.message}
            />
          ) : null}
          <FieldWordingForm vm={vm} field={field} />
          <FieldFile vm={vm} field={field} />
        </Space>
      ) : null}
    </Drawer>
  );
});

const FieldWordingForm = observer(function FieldWordingForm({
  vm,
  field,
}: {
  vm: VersionDesignViewModel;
  field: FormAttribute;
}) {
  const [form] = Form.useForm<FieldEditValues>();
  const standard = standardAttribute(field.systemKey);
  const choices = field.fieldType === 'SELECT' || field.fieldType === 'MULTI_SELECT';
  useEffect(() => form.resetFields(), [vm.saved, form]);
  return (
    <Card type="inner" title={<span id="field-wording-title">Wording</span>}>
      <Form<FieldEditValues>
        form={form}
        name="field-wording"
        layout="vertical"
        aria-labelledby="field-wording-title"
        initialValues={{
          label: field.label,
          helpText: field.helpText,
          required: field.required,
          options: field.options,
        }}
        onFinish={(values) =>
          void vm.updateAttribute(field.attributeId, {
            ...values,
            ...(choices ? {} : { options: undefined }),
            ...(standard?.required ? { required: undefined } : {}),
          })
        }
        disabled={vm.busy === 'field-edit'}
      >
        <FormAlert vm={vm} form="field-edit" />
        <Typography.Paragraph type="secondary">
          Type: {FIELD_TYPE_LABELS[field.fieldType]}
          {standard ? ' (the law asks for this field: its type stays)' : ''}.
        </Typography.Paragraph>
        <Form.Item
          label="Field wording"
          name="label"
          rules={[{ required: true, whitespace: true, message: 'Give the field a label' }, { max: 200 }]}
          {...serverError(vm, 'field-edit', 'label')}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Field help text"
          name="helpText"
          rules={[{ max: 2000 }]}
          {...serverError(vm, 'field-edit', 'helpText')}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        {choices ? (
          <Form.Item
            label="Field choices"
            name="options"
            extra="Type a choice and press Enter."
            {...serverError(vm, 'field-edit', 'options')}
          >
            <Select mode="tags" open={false} suffixIcon={null} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="required"
          valuePropName="checked"
          extra={standard?.required ? 'Required on every complaint form by law.' : undefined}
          {...serverError(vm, 'field-edit', 'required')}
        >
          <Checkbox disabled={standard?.required}>Field is required</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={vm.busy === 'field-edit' && vm.uploadProgress === null}>
          Save field
        </Button>
      </Form>
    </Card>
  );
});

const FieldFile = observer(function FieldFile({ vm, field }: { vm: VersionDesignViewModel; field: FormAttribute }) {
  const inputId = `field-file-${field.attributeId}`;
  return (
    <Card type="inner" title={<span id="field-file-title">File for this field</span>}>
      <Typography.Paragraph type="secondary">
        Guidance or a template people see beside the field: a PDF, Word, Excel or PowerPoint file.
      </Typography.Paragraph>
      <Typography.Paragraph>
        {field.resourceFileId ? (
          <>
            Attached: <Typography.Text strong>{field.resourceFileName ?? 'a file'}</Typography.Text>
          </>
        ) : (
          'No file attached.'
        )}
      </Typography.Paragraph>
      <label htmlFor={inputId} style={{ display: 'block', marginBottom: 4 }}>
        {field.resourceFileId ? 'Replace the file' : 'Attach a file'}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".pdf,.docx,.xlsx,.pptx,application/pdf"
        disabled={vm.busy !== null}
        aria-describedby={vm.fieldError('field-edit', 'file') ? `${inputId}-error` : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void vm.attachFile(field.attributeId, file);
        }}
      />
      {vm.uploadProgress !== null ? (
        <Progress percent={vm.uploadProgress} size="small" aria-label="Upload progress" />
      ) : null}
      {vm.fieldError('field-edit', 'file') ? (
        <Typography.Paragraph type="danger" id={`${inputId}-error`} style={{ marginTop: 8 }}>
          {vm.fieldError('field-edit', 'file')}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
});

// ---------- who sees each field (Complaint Form) ----------

const WhoSees = observer(function WhoSees({ vm }: { vm: VersionDesignViewModel }) {
  const roles = vm.attributeRoles;
  return (
    <Card type="inner" title={<span id="who-sees-title">Who sees each field</span>} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        On a case, each field of the complaint is shown only to the roles ticked. The presiding officer always sees
        every field.
      </Typography.Paragraph>
      <ReadOnlyReason vm={vm} />
      <Radio.Group
        aria-label="Statutory regime"
        options={COMPLIANCE_OPTIONS}
        value={vm.compliance}
        onChange={(e) => void vm.chooseCompliance(e.target.value as Compliance)}
        style={{ marginBottom: 12 }}
      />
      {vm.form === 'roles' && vm.formError ? (
        <Alert type="error" showIcon role="alert" title={vm.formError} style={{ marginBottom: 12 }} />
      ) : null}
      {vm.rolesStatus === 'error' ? (
        <Alert
          type="error"
          showIcon
          title="Who sees each field could not be loaded."
          action={
            <Button size="small" onClick={() => void vm.chooseCompliance(vm.compliance)}>
              Retry
            </Button>
          }
        />
      ) : !roles || vm.rolesStatus === 'loading' ? (
        <Typography.Paragraph type="secondary">Loading…</Typography.Paragraph>
      ) : (
        <ul aria-labelledby="who-sees-title" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {roles.attributes.map((a) => (
            <FieldRoles
              key={`${roles.complianceId}-${a.attributeId}`}
              vm={vm}
              attributeId={a.attributeId}
              label={`${a.componentTitle}: ${a.label}`}
              roles={a.roles}
              customised={a.customised}
            />
          ))}
        </ul>
      )}
    </Card>
  );
});

const FieldRoles = observer(function FieldRoles({
  vm,
  attributeId,
  label,
  roles,
  customised,
}: {
  vm: VersionDesignViewModel;
  attributeId: string;
  label: string;
  roles: CaseRole[];
  customised: boolean;
}) {
  const [chosen, setChosen] = useState<CaseRole[]>(roles);
  useEffect(() => setChosen(roles), [roles]);
  const changed = chosen.length !== roles.length || chosen.some((r) => !roles.includes(r));
  const locked = !vm.editable || vm.busy !== null;
  return (
    <li style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Text strong>{label}</Typography.Text> {customised ? null : <Tag>Default</Tag>}
      <div>
        <Checkbox.Group
          aria-label={`Who sees ${label}`}
          options={ROLE_OPTIONS.map((o) => ({ ...o, disabled: locked || o.value === 'PRESIDING_OFFICER' }))}
          value={chosen}
          disabled={locked}
          onChange={(values) => setChosen(values as CaseRole[])}
        />
        <Button
          size="small"
          disabled={!vm.editable || !changed || vm.busy !== null}
          aria-label={`Save who sees ${label}`}
          onClick={() => void vm.saveRoles(attributeId, chosen)}
        >
          Save
        </Button>
      </div>
    </li>
  );
});

// ---------- escalation (Stages of Redressal) ----------

const Escalation = observer(function Escalation({ vm }: { vm: VersionDesignViewModel }) {
  const [form] = Form.useForm<EscalationValues>();
  const branchId = Form.useWatch('branchId', form) ?? '';
  const escalationType = Form.useWatch('escalationType', form) ?? 'STEP_OVERDUE';
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (vm.escalationStatus === 'idle') void vm.loadEscalations();
  }, [vm]);
  const current = vm.escalationFor(branchId, escalationType);
  useEffect(() => {
    form.setFieldsValue({
      firstThresholdDate: current?.firstThresholdDate ?? 0,
      secondThresholdDate: current?.secondThresholdDate ?? null,
      targetId: current?.targetId,
      enabled: current?.enabled ?? true,
    });
  }, [current, form, vm.escalationStatus]);
  useEffect(() => {
    const timer = setTimeout(() => void vm.searchPeople(search), 300);
    return () => clearTimeout(timer);
  }, [search, vm]);
  return (
    <Card type="inner" title={<span id="escalation-title">Escalation</span>} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        When a case&apos;s step passes its time limit, or a statutory clock is missed, the case is escalated to the
        person named, after the first threshold and again after the second. These settings apply to every workflow of
        the business unit, so they stay editable whatever the version.
      </Typography.Paragraph>
      {vm.escalationStatus === 'error' ? (
        <Alert
          type="error"
          showIcon
          title="The escalation settings could not be loaded."
          action={
            <Button size="small" onClick={() => void vm.loadEscalations()}>
              Retry
            </Button>
          }
        />
      ) : vm.escalationStatus !== 'ready' ? (
        <Typography.Paragraph type="secondary">Loading escalation settings…</Typography.Paragraph>
      ) : (
        <Form<EscalationValues>
          form={form}
          name="escalation"
          layout="vertical"
          aria-labelledby="escalation-title"
          initialValues={{
            branchId: '',
            escalationType: 'STEP_OVERDUE',
            firstThresholdDate: 0,
            secondThresholdDate: null,
            enabled: true,
          }}
          onFinish={(values) => void vm.saveEscalation(values)}
          disabled={vm.busy === 'escalation'}
        >
          <FormAlert vm={vm} form="escalation" />
          <Space wrap align="start">
            <Form.Item label="Business unit" name="branchId" style={{ minWidth: 220 }}>
              <Select
                options={[
                  { value: '', label: 'The whole workspace' },
                  ...vm.businessUnits.map((u) => ({ value: u.id, label: u.label })),
                ]}
              />
            </Form.Item>
            <Form.Item label="Escalate when" name="escalationType" style={{ minWidth: 260 }}>
              <Select options={ESCALATION_OPTIONS} />
            </Form.Item>
          </Space>
          <Typography.Paragraph type="secondary">
            {current ? `Saved ${new Date(current.updatedAt).toLocaleString()}.` : 'Not set yet for this business unit.'}
          </Typography.Paragraph>
          <Space wrap align="start">
            <Form.Item
              label="First threshold (days after due)"
              name="firstThresholdDate"
              rules={[{ required: true, type: 'number', min: 0, max: 365, message: 'From 0 to 365 days' }]}
              {...serverError(vm, 'escalation', 'firstThresholdDate')}
            >
              <InputNumber min={0} max={365} />
            </Form.Item>
            <Form.Item
              label="Second threshold (days after due)"
              name="secondThresholdDate"
              rules={[{ type: 'number', min: 1, max: 365, message: 'From 1 to 365 days' }]}
              extra="Leave empty for one escalation only."
              {...serverError(vm, 'escalation', 'secondThresholdDate')}
            >
              <InputNumber min={1} max={365} />
            </Form.Item>
          </Space>
          <Form.Item
            label="Escalate to"
            name="targetId"
            rules={[{ required: true, message: 'Choose whom to escalate to' }]}
            {...serverError(vm, 'escalation', 'targetId')}
          >
            <Select
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.label ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase()),
                onSearch: setSearch,
              }}
              options={vm.people.map((p) => ({ value: p.id, label: p.label }))}
              placeholder="Search people by name or email"
            />
          </Form.Item>
          <Form.Item label="Escalation enabled" name="enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={vm.busy === 'escalation'}>
            Save escalation
          </Button>
        </Form>
      )}
    </Card>
  );
});

/** A published or archived version's action mails, shown as text (the step drawer opens on drafts only). */
const ReadOnlyMails = observer(function ReadOnlyMails({ vm }: { vm: VersionDesignViewModel }) {
  const used = ActionType.options.filter((a) => vm.version?.steps.some((s) => s.actionTypes.includes(a)));
  if (used.length === 0) return null;
  return (
    <Card type="inner" size="small" title={<span id="mails-title">Action mails</span>} style={{ marginTop: 16 }}>
      <ReadOnlyReason vm={vm} />
      <ul aria-labelledby="mails-title" style={{ paddingInlineStart: 20, margin: 0 }}>
        {used.map((a) => {
          const mail = vm.actionMail(a);
          return (
            <li key={a} style={{ marginBottom: 8 }}>
              <Typography.Text strong>{ACTION_TYPE_LABELS[a]}</Typography.Text>
              {mail.customised ? null : <Tag style={{ marginInlineStart: 8 }}>Default wording</Tag>}
              <div>Subject: {mail.mailSubject}</div>
              <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{mail.mailBody}</div>
              <RemovedCopies count={mail.removedCcCount} />
              {mail.includeComplaintCopy ? <div>With a copy of the complaint</div> : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
});
