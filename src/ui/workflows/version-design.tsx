import { Alert, Button, Card, Checkbox, Descriptions, Drawer, Form, Input, InputNumber, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import type { FormComponent } from '../../contracts/case/builder-schemas';
import type { WorkflowStep } from '../../contracts/case/workflows.contract';
import {
  describeTimeLimit,
  FIELD_TYPE_LABELS,
  FieldType,
  MeetingFieldType,
  STATUTORY_TIME_LIMITS,
  STEP_OWNER_LABELS,
  StepOwnerRole,
  type StatutoryClockId,
} from '../../domain/workflows/builder-rules';
import { ACTION_TYPE_LABELS, actionNeedsParty, ActionType, Party, PARTY_LABELS, STEP_KIND_LABELS } from '../../domain/workflows/workflow-rules';
import { EmptyState } from '../shared/page-state';
import { VersionDesignViewModel, type AttributeValues, type DesignForm, type StepSettingValues } from './version-design.view-model';

const OWNER_OPTIONS = StepOwnerRole.options.map((value) => ({ value, label: STEP_OWNER_LABELS[value] }));
const LIMIT_OPTIONS = [
  { value: 'NONE', label: 'No time limit' },
  { value: 'DAYS', label: 'A number of days' },
  ...(Object.keys(STATUTORY_TIME_LIMITS) as StatutoryClockId[]).map((id) => ({ value: id, label: STATUTORY_TIME_LIMITS[id].label })),
];
const FIELD_TYPE_OPTIONS = FieldType.options.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }));
const MEETING_TYPE_OPTIONS = MeetingFieldType.options.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }));
const ACTION_OPTIONS = ActionType.options.map((value) => ({ value, label: ACTION_TYPE_LABELS[value] }));
const PARTY_OPTIONS = Party.options.map((value) => ({ value, label: PARTY_LABELS[value] }));

function FormAlert({ vm, form }: { vm: VersionDesignViewModel; form: DesignForm }) {
  return vm.form === form && vm.formError ? <Alert type="error" showIcon role="alert" title={vm.formError} style={{ marginBottom: 12 }} /> : null;
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
  const version = vm.version;
  if (!version) return null;
  const steps = version.steps;
  const stageName = (id: string | null) => version.stages.find((s) => s.stageId === id)?.name;
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Process Details
      </Typography.Title>
      {steps.length === 0 ? (
        <EmptyState title="No steps yet. Add a meeting or an action below." />
      ) : (
        <ol aria-label="Steps" className="workflow-steps" style={{ paddingInlineStart: 20 }}>
          {steps.map((step, i) => (
            <li key={step.stepId} style={{ marginBottom: 16 }}>
              <Space wrap>
                <Typography.Text strong>{step.name}</Typography.Text>
                <Tag color={step.kind === 'MEETING' ? 'blue' : 'purple'}>{STEP_KIND_LABELS[step.kind]}</Tag>
                {vm.editable ? (
                  <>
                    <Button size="small" disabled={i === 0 || vm.busy !== null} aria-label={`Move ${step.name} up`} onClick={() => void vm.moveStep(step.stepId, -1)}>
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
                    <Descriptions.Item label="Actions">{step.actionTypes.map((a) => ACTION_TYPE_LABELS[a]).join(', ')}</Descriptions.Item>
                    {step.party ? <Descriptions.Item label="Party">{PARTY_LABELS[step.party]}</Descriptions.Item> : null}
                  </>
                )}
                <Descriptions.Item label="Owner">{step.ownerRole ? STEP_OWNER_LABELS[step.ownerRole] : 'Not set'}</Descriptions.Item>
                <Descriptions.Item label="Time limit">{describeTimeLimit(step.timeLimit)}</Descriptions.Item>
                {step.stageId ? <Descriptions.Item label="Stage">{stageName(step.stageId)}</Descriptions.Item> : null}
              </Descriptions>
            </li>
          ))}
        </ol>
      )}
      {addStep}
      <StepDrawer vm={vm} />
    </>
  );
});

const StepDrawer = observer(function StepDrawer({ vm }: { vm: VersionDesignViewModel }) {
  const step = vm.editingStep;
  return (
    <Drawer title={step ? `Step: ${step.name}` : 'Step'} open={step !== null && vm.editable} onClose={vm.closeStep} size="large" destroyOnHidden>
      {step ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          {vm.notice ? <Alert type={vm.notice.type} showIcon role={vm.notice.type === 'error' ? 'alert' : 'status'} title={vm.notice.message} /> : null}
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

const StepSettingsForm = observer(function StepSettingsForm({ vm, step }: { vm: VersionDesignViewModel; step: WorkflowStep }) {
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
        <Form.Item label="Time limit" name="limit" extra="A statutory clock is counted on each case from the event the law names.">
          <Select options={LIMIT_OPTIONS} />
        </Form.Item>
        {limit === 'DAYS' ? (
          <Space wrap>
            <Form.Item label="Days" name="days" rules={[{ required: true, type: 'number', min: 1, max: 365, message: 'From 1 to 365 days' }]} {...serverError(vm, 'settings', 'timeLimit.days')}>
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
              <Button size="small" danger disabled={vm.busy !== null} aria-label={`Remove action ${ACTION_TYPE_LABELS[a]}`} onClick={() => void vm.removeAction(step.stepId, a)}>
                Remove
              </Button>
            </Space>
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
          <Form.Item label="Action to add" name="actionType" rules={[{ required: true, message: 'Choose an action' }]} {...serverError(vm, 'action', 'actionType')}>
            <Select options={missing} placeholder="Choose an action" />
          </Form.Item>
          {chosen && actionNeedsParty([chosen]) ? (
            <Form.Item label="Whom to notify" name="party" rules={[{ required: true, message: 'Choose whom to notify' }]} {...serverError(vm, 'action', 'party')}>
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

const MeetingFields = observer(function MeetingFields({ vm, step }: { vm: VersionDesignViewModel; step: WorkflowStep }) {
  const [form] = Form.useForm<{ label: string; fieldType: MeetingFieldType; required: boolean }>();
  useEffect(() => form.resetFields(), [vm.saved, form]);
  return (
    <Card type="inner" title={<span id="meeting-fields-title">Meeting form</span>}>
      <Typography.Paragraph type="secondary">Every meeting records: {step.meetingFieldList.map((f) => f.label).join(', ')}.</Typography.Paragraph>
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
                <Button size="small" danger disabled={vm.busy !== null} aria-label={`Remove meeting field ${f.label}`} onClick={() => void vm.removeMeetingField(step.stepId, f.meetingFieldId)}>
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
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Complaint Form
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        What a person fills in to raise a complaint. The fields the law asks for are always there; you can reword them and add your own.
      </Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {components.map((c) => (
          <ComponentCard key={c.componentId} vm={vm} component={c} />
        ))}
      </Space>
      {vm.editable ? <AddAttributeForm vm={vm} components={components} /> : null}
      {vm.editable ? <AddComponentForm vm={vm} /> : null}
    </>
  );
});

const ComponentCard = observer(function ComponentCard({ vm, component }: { vm: VersionDesignViewModel; component: FormComponent }) {
  const titleId = `part-${component.componentId}`;
  return (
    <Card
      size="small"
      title={<span id={titleId}>{component.title}</span>}
      extra={
        vm.editable && !component.systemKey ? (
          <Popconfirm title={`Remove "${component.title}" and its fields?`} okText="Remove" cancelText="Keep" onConfirm={() => vm.removeComponent(component.componentId)}>
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
                {vm.editable ? (
                  <>
                    <Button size="small" disabled={i === 0 || vm.busy !== null} aria-label={`Move field ${a.label} up`} onClick={() => void vm.moveAttribute(a.attributeId, -1)}>
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
                    {!a.systemKey ? (
                      <Button size="small" danger disabled={vm.busy !== null} aria-label={`Remove field ${a.label}`} onClick={() => void vm.removeAttribute(a.attributeId)}>
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

const AddAttributeForm = observer(function AddAttributeForm({ vm, components }: { vm: VersionDesignViewModel; components: FormComponent[] }) {
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
        initialValues={{ componentId: components.find((c) => c.systemKey === 'INCIDENT')?.componentId, fieldType: 'TEXT', required: false, options: [] }}
        onFinish={(values) => void vm.addAttribute(values)}
        disabled={vm.busy === 'attribute'}
      >
        <FormAlert vm={vm} form="attribute" />
        <Form.Item label="Part of the form" name="componentId" rules={[{ required: true, message: 'Choose a part' }]} {...serverError(vm, 'attribute', 'componentId')}>
          <Select options={components.map((c) => ({ value: c.componentId, label: c.title }))} />
        </Form.Item>
        <Form.Item label="Field label" name="label" rules={[{ required: true, whitespace: true, message: 'Give the field a label' }, { max: 200 }]} {...serverError(vm, 'attribute', 'label')}>
          <Input />
        </Form.Item>
        <Form.Item label="Field type" name="fieldType" {...serverError(vm, 'attribute', 'fieldType')}>
          <Select options={FIELD_TYPE_OPTIONS} />
        </Form.Item>
        {fieldType === 'SELECT' || fieldType === 'MULTI_SELECT' ? (
          <Form.Item label="Choices" name="options" extra="Type a choice and press Enter." {...serverError(vm, 'attribute', 'options')}>
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
      <Form form={form} name="add-part" layout="inline" aria-labelledby="add-part-title" onFinish={(values) => void vm.addComponent(values)}>
        <Form.Item label="Part title" name="title" rules={[{ required: true, whitespace: true, message: 'Give the part a title' }]} {...serverError(vm, 'component', 'title')}>
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
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Stages of Redressal
      </Typography.Title>
      <Typography.Paragraph type="secondary">Group the steps into the stages a case moves through. Put a step in a stage from its Edit button under Process Details.</Typography.Paragraph>
      {version.stages.length === 0 ? (
        <EmptyState title="No stages yet." />
      ) : (
        <ol aria-label="Stages" style={{ paddingInlineStart: 20 }}>
          {version.stages.map((stage) => (
            <li key={stage.stageId} style={{ marginBottom: 12 }}>
              <Space wrap>
                <Typography.Text strong>{stage.name}</Typography.Text>
                {vm.editable ? (
                  <Button size="small" danger disabled={vm.busy !== null} aria-label={`Remove stage ${stage.name}`} onClick={() => void vm.removeStage(stage.stageId)}>
                    Remove
                  </Button>
                ) : null}
              </Space>
              {stage.description ? <div>{stage.description}</div> : null}
              <div style={{ color: 'rgba(0,0,0,0.65)' }}>
                {stage.stepIdList.length ? `Steps: ${stage.stepIdList.map((id) => vm.stepName(id)).join(', ')}` : 'No steps in this stage yet.'}
              </div>
            </li>
          ))}
        </ol>
      )}
      {unstaged.length && version.stages.length ? (
        <Typography.Paragraph type="secondary">In no stage: {unstaged.map((s) => s.name).join(', ')}.</Typography.Paragraph>
      ) : null}
      {vm.editable ? (
        <Card type="inner" title={<span id="add-stage-title">Add stage</span>} style={{ marginTop: 16 }}>
          <Form form={form} name="add-stage" layout="vertical" aria-labelledby="add-stage-title" onFinish={(values) => void vm.addStage(values)}>
            <FormAlert vm={vm} form="stage" />
            <Form.Item label="Stage name" name="name" rules={[{ required: true, whitespace: true, message: 'Give the stage a name' }, { max: 200 }]} {...serverError(vm, 'stage', 'name')}>
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
    </>
  );
});
