import {
  Alert,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { CataloguePolicyOffer } from '../../application/policies/policy-api.port';
import type { PolicySummary } from '../../contracts/learning/catalogue.contract';
import type { AcceptanceRow, WorkspacePolicy } from '../../contracts/learning/policies.contract';
import { LANGUAGE_LABELS } from '../../domain/courses/course';
import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { OwnPoliciesViewModel, type CataloguePoliciesViewModel } from './catalogue-policies.view-model';
import { PolicyEditorDrawers } from './policy-editor.drawers';
import { WorkspacePoliciesViewModel } from './workspace-policies.view-model';

const STATE_TAGS: Record<AcceptanceRow['state'], { color: string; label: string }> = {
  ACCEPTED: { color: 'green', label: 'Accepted' },
  PENDING: { color: 'blue', label: 'To accept' },
  OVERDUE: { color: 'red', label: 'Overdue' },
};

/** The workspace admin's policies: publish one from the catalogue to everyone, then see who accepted and export it. */
export const WorkspacePoliciesScreen = observer(function WorkspacePoliciesScreen() {
  const vm = useViewModel(WorkspacePoliciesViewModel);
  const own = useViewModel<CataloguePoliciesViewModel>(OwnPoliciesViewModel);
  const [publishing, setPublishing] = useState<CataloguePolicyOffer | null>(null);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    void own.load();
  }, [own]);
  // Loaded again whenever the own policies change: one with a PDF becomes ready to publish.
  const ownItems = own.items;
  useEffect(() => {
    void vm.load();
  }, [vm, ownItems]);

  const download = async (policy: WorkspacePolicy) => {
    const file = await vm.exportCsv(policy.id);
    const url = URL.createObjectURL(file.content);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="policies-title">
      <Typography.Title level={1} id="policies-title">
        Policies
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Publish policies for your people to read and accept, and see who has.
      </Typography.Paragraph>
      {vm.status === 'loading' ? <Loading label="Loading the policies" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.status === 'ready' ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Card title="Published">
            {vm.published.length === 0 ? (
              <EmptyState title="Nothing published yet: publish a policy from the catalogue below." />
            ) : (
              <Table<WorkspacePolicy>
                rowKey="id"
                dataSource={vm.published.slice()}
                pagination={false}
                scroll={{ x: true }}
                columns={[
                  { title: 'Policy', dataIndex: 'title', key: 'title' },
                  { title: 'Version', dataIndex: 'currentVersion', key: 'version' },
                  {
                    title: 'For',
                    key: 'scope',
                    render: (_, p) => (p.scope === 'WORKSPACE' ? 'Everyone' : p.branches.map((b) => b.name).join(', ')),
                  },
                  { title: 'Accepted', key: 'accepted', render: (_, p) => `${p.accepted} of ${p.inScope}` },
                  {
                    title: 'Actions',
                    key: 'actions',
                    render: (_, p) => (
                      <Space wrap>
                        <Button onClick={() => void vm.openAcceptances(p)}>See acceptance</Button>
                        <Button onClick={() => void download(p)}>Export CSV</Button>
                      </Space>
                    ),
                  },
                ]}
              />
            )}
          </Card>
          <Card
            title="Your own policies"
            extra={
              <Button type="primary" onClick={() => setCreating(true)}>
                Create policy
              </Button>
            }
          >
            {own.status === 'error' ? <LoadError message={own.error ?? ''} onRetry={() => void own.load()} /> : null}
            {own.status === 'ready' && own.items.length === 0 ? (
              <EmptyState title="No policy of your own yet: create one, give it a PDF, then publish it." />
            ) : null}
            {own.status === 'ready' && own.items.length > 0 ? (
              <Table<PolicySummary>
                rowKey="id"
                dataSource={own.items.slice()}
                pagination={false}
                scroll={{ x: true }}
                columns={[
                  {
                    title: 'Policy',
                    dataIndex: 'title',
                    key: 'title',
                    render: (title: string, row) => (
                      <Button type="link" onClick={() => void own.open(row.id)} aria-label={`Open ${title}`}>
                        {title}
                      </Button>
                    ),
                  },
                  { title: 'Version', dataIndex: 'currentVersion', key: 'version' },
                  {
                    title: 'PDFs',
                    key: 'languages',
                    render: (_, row) =>
                      Object.keys(row.translations).length === 0 ? (
                        <Tag color="orange">No PDF yet</Tag>
                      ) : (
                        <Space wrap>
                          {Object.entries(row.translations).map(([language, state]) => (
                            <Tag key={language} color={state === 'CURRENT' ? 'green' : 'orange'}>
                              {LANGUAGE_LABELS[language as PolicyLanguage]}
                              {state === 'OUTDATED' ? ' (outdated)' : ''}
                            </Tag>
                          ))}
                        </Space>
                      ),
                  },
                  { title: 'Review by', dataIndex: 'reviewDueOn', key: 'review' },
                ]}
              />
            ) : null}
          </Card>
          <Card title="Ready to publish">
            {vm.offers.length === 0 ? (
              <EmptyState title="No policy is ready to publish yet: the catalogue’s and your own appear here once they have a PDF." />
            ) : (
              <Table<CataloguePolicyOffer>
                rowKey="cataloguePolicyId"
                dataSource={vm.offers.slice()}
                pagination={false}
                scroll={{ x: true }}
                columns={[
                  {
                    title: 'Policy',
                    key: 'title',
                    render: (_, o) => (
                      <Space wrap>
                        {o.title}
                        {o.own ? <Tag>Your own</Tag> : <Tag color="blue">SafePlace catalogue</Tag>}
                      </Space>
                    ),
                  },
                  {
                    title: 'Languages',
                    key: 'languages',
                    render: (_, o) => o.languages.map((l) => LANGUAGE_LABELS[l]).join(', '),
                  },
                  {
                    title: 'Actions',
                    key: 'publish',
                    render: (_, o) => (
                      <Button
                        type={o.workspacePolicyId ? 'default' : 'primary'}
                        onClick={() => setPublishing(o)}
                        aria-label={`Publish ${o.title}`}
                      >
                        {o.workspacePolicyId ? 'Change publication' : 'Publish'}
                      </Button>
                    ),
                  },
                ]}
              />
            )}
          </Card>
        </Space>
      ) : null}

      <PolicyEditorDrawers vm={own} creating={creating} onCloseCreating={() => setCreating(false)} askSummary />

      <Drawer
        title={`Publish ${publishing?.title ?? ''}`}
        open={!!publishing}
        onClose={() => setPublishing(null)}
        destroyOnHidden
        size={480}
      >
        <PublishForm
          units={vm.units.map((u) => ({ value: u.branchId, label: u.branchName }))}
          error={vm.publishError}
          saving={vm.publishing}
          onPublish={async (values) => {
            if (!publishing) return;
            const ok = await vm.publish({
              cataloguePolicyId: publishing.cataloguePolicyId,
              scope: values.scope,
              ...(values.scope === 'UNITS' ? { branchIds: values.branchIds ?? [] } : {}),
              daysToAccept: values.daysToAccept,
              yearly: values.yearly,
            });
            if (ok) setPublishing(null);
          }}
        />
      </Drawer>

      <Drawer title={`Who accepted ${vm.selected?.title ?? ''}`} open={!!vm.selected} onClose={vm.close} size="large">
        {vm.selected ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              {vm.selected.accepted} of {vm.selected.inScope} people accepted version {vm.selected.currentVersion}
            </Typography.Text>
            <Table<AcceptanceRow>
              rowKey="userId"
              loading={vm.rowsLoading}
              dataSource={vm.rows.slice()}
              pagination={{ pageSize: 20 }}
              scroll={{ x: true }}
              columns={[
                { title: 'Name', dataIndex: 'name', key: 'name' },
                {
                  title: 'State',
                  key: 'state',
                  render: (_, r) => <Tag color={STATE_TAGS[r.state].color}>{STATE_TAGS[r.state].label}</Tag>,
                },
                { title: 'Version', key: 'version', render: (_, r) => r.version ?? '' },
                {
                  title: 'Language',
                  key: 'language',
                  render: (_, r) => (r.language ? LANGUAGE_LABELS[r.language] : ''),
                },
                {
                  title: 'Accepted on',
                  key: 'at',
                  render: (_, r) =>
                    r.acceptedAt ? (
                      <>
                        {new Date(r.acceptedAt).toLocaleString()}
                        {r.recordedReason ? (
                          <Typography.Text type="secondary">{` · recorded for them: ${r.recordedReason}`}</Typography.Text>
                        ) : null}
                      </>
                    ) : (
                      ''
                    ),
                },
                {
                  title: 'Action',
                  key: 'action',
                  render: (_, r) =>
                    r.state === 'ACCEPTED' ? null : (
                      <Button
                        size="small"
                        aria-label={`Record acceptance for ${r.name}`}
                        onClick={() => vm.openRecord(r)}
                      >
                        Record acceptance
                      </Button>
                    ),
                },
              ]}
            />
          </Space>
        ) : null}
      </Drawer>
      <RecordAcceptanceModal vm={vm} />
    </section>
  );
});

/** An acceptance on someone's behalf (a person without a computer): the language they read it in, and why. */
const RecordAcceptanceModal = observer(function RecordAcceptanceModal({ vm }: { vm: WorkspacePoliciesViewModel }) {
  const [form] = Form.useForm<{ language: PolicyLanguage; reason: string }>();
  const row = vm.recordingFor;
  return (
    <Modal
      title={row ? `Record acceptance for ${row.name}` : 'Record acceptance'}
      open={!!row}
      onCancel={vm.cancelRecord}
      okText="Record acceptance"
      confirmLoading={vm.recordBusy}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        For someone who read the policy on paper or had it read to them: version {vm.selected?.currentVersion} is
        recorded as accepted in your name, with your reason, and the audit trail keeps it.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ language: 'ENGLISH' }}
        onFinish={(v) => void vm.record(v.language, v.reason)}
        preserve={false}
      >
        <Form.Item
          label="Language they read it in"
          name="language"
          rules={[{ required: true, message: 'Choose the language' }]}
        >
          <Select options={Object.entries(LANGUAGE_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item
          label="Reason"
          name="reason"
          rules={[{ required: true, min: 3, message: 'Say why you record it for them' }]}
        >
          <Input.TextArea rows={3} placeholder="Works on the shop floor; signed the paper copy" />
        </Form.Item>
      </Form>
      {vm.recordError ? <Alert type="error" showIcon role="alert" title={vm.recordError} /> : null}
    </Modal>
  );
});

interface PublishValues {
  scope: 'WORKSPACE' | 'UNITS';
  branchIds?: string[];
  daysToAccept: number;
  yearly: boolean;
}

/** Who must accept (everyone or chosen business units), in how many days, and whether every year. */
function PublishForm({
  units,
  error,
  saving,
  onPublish,
}: {
  units: { value: string; label: string }[];
  error: string | null;
  saving: boolean;
  onPublish: (values: PublishValues) => Promise<void>;
}) {
  const [form] = Form.useForm<PublishValues>();
  const scope = Form.useWatch('scope', form) ?? 'WORKSPACE';
  return (
    <Form<PublishValues>
      form={form}
      layout="vertical"
      initialValues={{ scope: 'WORKSPACE', daysToAccept: 14, yearly: false }}
      onFinish={onPublish}
    >
      <Form.Item label="Who must accept it" name="scope">
        <Radio.Group
          options={[
            { value: 'WORKSPACE', label: 'Everyone in the workspace' },
            { value: 'UNITS', label: 'Chosen business units', disabled: units.length === 0 },
          ]}
        />
      </Form.Item>
      {scope === 'UNITS' ? (
        <Form.Item
          label="Business units"
          name="branchIds"
          rules={[{ required: true, message: 'Choose at least one business unit' }]}
        >
          <Select mode="multiple" options={units} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      ) : (
        <Typography.Paragraph>
          Everyone in the workspace will find it under "Policies to accept" on their home page.
        </Typography.Paragraph>
      )}
      <Form.Item
        label="Days to accept"
        name="daysToAccept"
        rules={[{ required: true, message: 'Give the number of days' }]}
      >
        <InputNumber min={1} max={365} />
      </Form.Item>
      <Form.Item label="Ask again every year" name="yearly" valuePropName="checked">
        <Switch />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={saving}>
        {scope === 'UNITS' ? 'Publish to the chosen units' : 'Publish to everyone'}
      </Button>
    </Form>
  );
}

export default WorkspacePoliciesScreen;
