import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Space,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { SignInMethod } from '../../contracts/main/organisation.contract';
import { TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from '../../domain/messages/message-template';
import { SESSION_POLICY_LIMITS, type SessionPolicyKey } from '../../domain/organisation/workspace-policy';
import { ALLOW_LIST_ENTRY_HINT } from '../../domain/platform/allow-list';
import { AllowListEntries } from '../shared/allow-list-entries';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { WorkspaceSettingsViewModel, type SettingsSection } from './workspace-settings.view-model';
import { InvitationTemplateViewModel } from './invitation-template.view-model';
import { SignupAllowListViewModel } from './signup-allow-list.view-model';
import { ApiKeysTab } from './api-keys.tab';
import { WorkspaceCalendarTab } from './workspace-calendar.tab';
import { WebhooksTab } from './webhooks.tab';

const TABS = ['sign-in', 'sign-up', 'invitations', 'calendar', 'api-keys', 'webhooks'] as const;

/** Workspace settings: sign-in and sessions, who may sign up, the invitation email, the calendar, API keys and webhooks. Workspace admins only. */
export const WorkspaceSettingsScreen = observer(function WorkspaceSettingsScreen() {
  const vm = useViewModel(WorkspaceSettingsViewModel);
  const [tab, setTab] = useState<string>(() => {
    const asked = new URLSearchParams(window.location.search).get('tab');
    return TABS.includes(asked as (typeof TABS)[number]) ? asked! : 'sign-in';
  });
  useEffect(() => {
    void vm.load();
  }, [vm]);

  if (vm.status === 'loading' && vm.version === 0) return <Loading label="Loading settings" />;
  if (vm.status === 'error') return <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} />;
  return (
    <section aria-labelledby="settings-title">
      <Typography.Title level={1} id="settings-title">
        Workspace settings
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          const url = new URL(window.location.href);
          url.searchParams.set('tab', key);
          window.history.replaceState(window.history.state, '', url);
        }}
        items={[
          { key: 'sign-in', label: 'Sign-in & sessions', children: <SignInSettings vm={vm} /> },
          { key: 'sign-up', label: 'Sign-up allow-list', children: <SignUpSettings vm={vm} /> },
          { key: 'invitations', label: 'Invite email', children: <InvitationSettings vm={vm} /> },
          { key: 'calendar', label: 'Calendar', children: <WorkspaceCalendarTab /> },
          { key: 'api-keys', label: 'API keys', children: <ApiKeysTab /> },
          { key: 'webhooks', label: 'Webhooks', children: <WebhooksTab /> },
        ]}
      />
    </section>
  );
});

const SectionNotice = observer(function SectionNotice({
  vm,
  section,
}: {
  vm: WorkspaceSettingsViewModel;
  section: SettingsSection;
}) {
  if (!vm.notice || vm.noticeSection !== section) return null;
  return (
    <Alert
      type={vm.notice.type}
      showIcon
      role={vm.notice.type === 'error' ? 'alert' : 'status'}
      title={vm.notice.message}
      style={{ marginBottom: 16 }}
    />
  );
});

function limitsHint(key: SessionPolicyKey, unit: string): string {
  const { min, max, default: fallback } = SESSION_POLICY_LIMITS[key];
  return `${min} to ${max} ${unit}; ${fallback} by default.`;
}

/** A whole number within a setting's limits, with the server's (or the schema's) complaint under it. */
function PolicyNumber({
  vm,
  name,
  label,
  extra,
}: {
  vm: WorkspaceSettingsViewModel;
  name: SessionPolicyKey;
  label: string;
  extra: string;
}) {
  const { min, max } = SESSION_POLICY_LIMITS[name];
  return (
    <Form.Item
      label={label}
      name={name}
      extra={extra}
      rules={[{ required: true, message: 'Give a number' }]}
      validateStatus={vm.fieldErrors[name] ? 'error' : undefined}
      help={vm.fieldErrors[name]}
    >
      {/* The limits are checked on save (with the server's schema), so a wrong number is explained, not silently clamped. */}
      <InputNumber precision={0} style={{ width: 160 }} placeholder={`${min}–${max}`} />
    </Form.Item>
  );
}

interface SignInValues {
  socialPlatformSet: SignInMethod[];
  minPasswordLength: number;
  privilegedIdleMinutes: number;
  privilegedSessionHours: number;
  sessionLifetimeDays: number;
}

const SignInSettings = observer(function SignInSettings({ vm }: { vm: WorkspaceSettingsViewModel }) {
  return (
    <Card style={{ maxWidth: 720 }}>
      <SectionNotice vm={vm} section="sign-in" />
      <Typography.Paragraph type="secondary">
        The platform's rules are the loosest allowed: a workspace may ask for longer passwords and shorter sessions,
        never the reverse.
      </Typography.Paragraph>
      <Form<SignInValues>
        key={vm.version}
        layout="vertical"
        name="sign-in-settings"
        initialValues={{ socialPlatformSet: vm.socialPlatformSet, ...vm.policy }}
        onFinish={(values) =>
          void vm.save(
            {
              socialPlatformSet: values.socialPlatformSet,
              minPasswordLength: values.minPasswordLength,
              privilegedIdleMinutes: values.privilegedIdleMinutes,
              privilegedSessionHours: values.privilegedSessionHours,
              sessionLifetimeDays: values.sessionLifetimeDays,
            },
            'sign-in',
          )
        }
        disabled={vm.saving === 'sign-in'}
      >
        <Form.Item
          label="Other sign-in methods"
          name="socialPlatformSet"
          validateStatus={vm.fieldErrors.socialPlatformSet ? 'error' : undefined}
          help={vm.fieldErrors.socialPlatformSet}
          extra={
            <>
              Email and password always work. These add a button to the sign-in page.
              {vm.signInMethodChoices
                .filter((c) => c.note)
                .map((c) => (
                  <div key={c.value}>{c.note}</div>
                ))}
            </>
          }
        >
          <Checkbox.Group
            options={vm.signInMethodChoices.map((c) => ({ value: c.value, label: c.label, disabled: c.disabled }))}
          />
        </Form.Item>
        <PolicyNumber
          vm={vm}
          name="minPasswordLength"
          label="Shortest password (characters)"
          extra={`${limitsHint('minPasswordLength', 'characters')} Applies to every new password: set at first sign-in, changed or reset.`}
        />
        <PolicyNumber
          vm={vm}
          name="privilegedIdleMinutes"
          label="Admins are signed out after this many idle minutes"
          extra={`${limitsHint('privilegedIdleMinutes', 'minutes')} For workspace, business-unit admins and employers.`}
        />
        <PolicyNumber
          vm={vm}
          name="privilegedSessionHours"
          label="Admin sessions end after (hours)"
          extra={`${limitsHint('privilegedSessionHours', 'hours')} However active the admin is.`}
        />
        <PolicyNumber
          vm={vm}
          name="sessionLifetimeDays"
          label="Everyone's sessions end after (days)"
          extra={`${limitsHint('sessionLifetimeDays', 'days')} Then people sign in again.`}
        />
        <Button type="primary" htmlType="submit" loading={vm.saving === 'sign-in'}>
          Save sign-in settings
        </Button>
      </Form>
    </Card>
  );
});

const SignUpSettings = observer(function SignUpSettings({ vm }: { vm: WorkspaceSettingsViewModel }) {
  const allowList = useViewModel(SignupAllowListViewModel);
  useEffect(() => {
    void allowList.load(1);
  }, [allowList]);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Card title="Bulk sign-up">
        <SectionNotice vm={vm} section="sign-up" />
        <Form<{ bulkSignUpEnabled: boolean }>
          key={vm.version}
          layout="vertical"
          name="sign-up-settings"
          initialValues={{ bulkSignUpEnabled: vm.bulkSignUpEnabled }}
          onFinish={(values) => void vm.save({ bulkSignUpEnabled: values.bulkSignUpEnabled }, 'sign-up')}
          disabled={vm.saving === 'sign-up'}
        >
          <Form.Item
            label="Bulk sign-up"
            name="bulkSignUpEnabled"
            valuePropName="checked"
            extra="When on, people on the list below can sign themselves up to this workspace instead of waiting for an invitation."
          >
            <Switch aria-label="Bulk sign-up" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={vm.saving === 'sign-up'}>
            Save sign-up setting
          </Button>
        </Form>
      </Card>
      <Card title="Who may sign up">
        {allowList.notice ? (
          <Alert
            type={allowList.notice.type}
            showIcon
            role={allowList.notice.type === 'error' ? 'alert' : 'status'}
            title={allowList.notice.message}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form<{ email: string }>
          key={allowList.added}
          layout="inline"
          name="signup-allow-list-add"
          onFinish={(v) => void allowList.add(v.email)}
          disabled={allowList.adding}
        >
          <Form.Item
            label="Email or @domain"
            name="email"
            rules={[{ required: true, whitespace: true, message: 'Type an address or a domain' }]}
            validateStatus={allowList.addError ? 'error' : undefined}
            help={allowList.addError ?? ALLOW_LIST_ENTRY_HINT}
            style={{ minWidth: 360 }}
          >
            <Input placeholder="ana@example.com or @example.com" maxLength={254} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={allowList.adding}>
            Add to list
          </Button>
        </Form>
        <div style={{ marginTop: 24 }}>
          <AllowListEntries vm={allowList} label="Sign-up allow-list" />
        </div>
      </Card>
    </Space>
  );
});

const InvitationSettings = observer(function InvitationSettings({ vm }: { vm: WorkspaceSettingsViewModel }) {
  const template = useViewModel(InvitationTemplateViewModel);
  const [form] = Form.useForm<{ subject: string; body: string }>();
  useEffect(() => {
    void template.load();
  }, [template]);
  // The form instance keeps what was typed; after a load, save or reset it shows what is stored.
  const stored = template.template;
  useEffect(() => {
    if (stored) form.setFieldsValue({ subject: stored.subject, body: stored.body });
  }, [form, stored, template.version]);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Card title="Invitation lifetime">
        <SectionNotice vm={vm} section="invitations" />
        <Form<{ inviteValidDays: number }>
          key={vm.version}
          layout="vertical"
          name="invitation-settings"
          initialValues={{ inviteValidDays: vm.policy.inviteValidDays }}
          onFinish={(values) => void vm.save({ inviteValidDays: values.inviteValidDays }, 'invitations')}
          disabled={vm.saving === 'invitations'}
        >
          <PolicyNumber
            vm={vm}
            name="inviteValidDays"
            label="Invitation links work for (days)"
            extra={`${limitsHint('inviteValidDays', 'days')} Applies to invitations sent from now on.`}
          />
          <Button type="primary" htmlType="submit" loading={vm.saving === 'invitations'}>
            Save invitation lifetime
          </Button>
        </Form>
      </Card>
      <Card title="Invitation email">
        {template.status === 'loading' && !template.template ? <Loading label="Loading the invitation email" /> : null}
        {template.status === 'error' ? (
          <LoadError message={template.error ?? ''} onRetry={() => void template.load()} />
        ) : null}
        {template.template ? (
          <>
            {template.notice ? (
              <Alert
                type={template.notice.type}
                showIcon
                role={template.notice.type === 'error' ? 'alert' : 'status'}
                title={template.notice.message}
                style={{ marginBottom: 16 }}
              />
            ) : null}
            <Typography.Paragraph type="secondary">
              {template.template.custom ? 'This workspace sends its own wording.' : 'This is the default wording.'}{' '}
              Plain text: a blank line starts a new paragraph. Placeholders:{' '}
              {template.template.placeholders.map((p, i) => (
                <span key={p.name}>
                  {i > 0 ? ', ' : ''}
                  <Typography.Text code>{`{{${p.name}}}`}</Typography.Text> {p.meaning}
                  {p.required ? ' (required)' : ''}
                </span>
              ))}
              .
            </Typography.Paragraph>
            <Form<{ subject: string; body: string }>
              form={form}
              layout="vertical"
              name="invitation-template"
              initialValues={{ subject: template.template.subject, body: template.template.body }}
              onFinish={(values) => void template.save(values)}
              disabled={template.saving || template.resetting}
            >
              <Form.Item
                label="Subject"
                name="subject"
                rules={[{ required: true, whitespace: true, message: 'Give a subject' }]}
                validateStatus={template.fieldErrors.subject ? 'error' : undefined}
                help={template.fieldErrors.subject}
              >
                <Input maxLength={TEMPLATE_SUBJECT_MAX} />
              </Form.Item>
              <Form.Item
                label="Message"
                name="body"
                rules={[{ required: true, whitespace: true, message: 'Write the message' }]}
                validateStatus={template.fieldErrors.body ? 'error' : undefined}
                help={template.fieldErrors.body}
              >
                <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} maxLength={TEMPLATE_BODY_MAX} showCount />
              </Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={template.saving}>
                  Save invitation email
                </Button>
                <Button loading={template.previewing} onClick={() => void template.showPreview(form.getFieldsValue())}>
                  Preview
                </Button>
                <Popconfirm
                  title="Go back to the default wording?"
                  description="New invitations will use the platform's wording. Your text is discarded."
                  okText="Use the default"
                  cancelText="Keep mine"
                  onConfirm={() => template.reset()}
                  disabled={!template.template.custom}
                >
                  <Button disabled={!template.template.custom} loading={template.resetting}>
                    Reset to default
                  </Button>
                </Popconfirm>
              </Space>
            </Form>
            {template.preview ? (
              <Card
                type="inner"
                title="Preview (with you as the invited person)"
                style={{ marginTop: 16 }}
                extra={
                  <Button size="small" onClick={template.closePreview}>
                    Close preview
                  </Button>
                }
              >
                <section aria-label="Invitation preview">
                  <Typography.Paragraph>
                    <Typography.Text strong>Subject: </Typography.Text>
                    {template.preview.subject}
                  </Typography.Paragraph>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                    {template.preview.text}
                  </Typography.Paragraph>
                </section>
              </Card>
            ) : null}
          </>
        ) : null}
      </Card>
    </Space>
  );
});

export default WorkspaceSettingsScreen;
