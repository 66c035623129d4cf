import {
  Alert,
  Button,
  Card,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Segmented,
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
import type { AcceptanceRow, WorkspacePolicy } from '../../contracts/learning/policies.contract';
import { LANGUAGE_LABELS } from '../../domain/courses/course';
import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { OwnPoliciesViewModel, type CataloguePoliciesViewModel } from './catalogue-policies.view-model';
import { PolicyEditorDrawers } from './policy-editor.drawers';
import { WorkspacePoliciesViewModel } from './workspace-policies.view-model';
import {
  filterPolicyRows,
  workspacePolicyRows,
  type PolicyFilter,
  type PolicyStatus,
  type WorkspacePolicyRow,
} from './workspace-policy-rows';
import { labelled, PHONE_CARDS } from '../shared/phone-cards';
import { tableStates } from '../shared/table-states';

const STATUS_TAGS: Record<PolicyStatus, { color: string; label: string }> = {
  PUBLISHED: { color: 'green', label: 'Published' },
  READY: { color: 'blue', label: 'Ready to publish' },
  NO_PDF: { color: 'orange', label: 'Needs a PDF' },
};

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
  const [filter, setFilter] = useState<PolicyFilter>('ALL');
  const [search, setSearch] = useState('');
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

  const rows = filterPolicyRows(workspacePolicyRows(vm.published, vm.offers, own.items), filter, search);

  return (
    <section aria-labelledby="policies-title">
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={1} id="policies-title">
            Policies
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Publish policies for your people to read and accept, and see who has.
          </Typography.Paragraph>
        </div>
        <Button type="primary" onClick={() => setCreating(true)}>
          Create policy
        </Button>
      </Flex>
      {vm.status === 'loading' ? <Loading label="Loading the policies" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {own.status === 'error' ? <LoadError message={own.error ?? ''} onRetry={() => void own.load()} /> : null}
      {vm.status === 'ready' ? (
        <Card>
          <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              aria-label="Search policies"
              placeholder="Search policies"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ maxWidth: 320 }}
            />
            <Segmented<PolicyFilter>
              aria-label="Show"
              value={filter}
              onChange={setFilter}
              options={[
                { value: 'ALL', label: 'All policies' },
                { value: 'PUBLISHED', label: 'Published' },
                { value: 'NOT_PUBLISHED', label: 'Not published' },
                { value: 'OWN', label: 'Your own policies' },
              ]}
            />
          </Flex>
          <Table<WorkspacePolicyRow>
            rowKey="key"
            aria-label="Policies"
            className={PHONE_CARDS}
            dataSource={rows}
            pagination={false}
            {...tableStates(
              false,
              rows.length,
              search || filter !== 'ALL'
                ? 'No policy matches: clear the search or show all policies.'
                : 'No policy yet: create your own, or publish one from the SafePlace catalogue once it has a PDF.',
            )}
            columns={labelled<WorkspacePolicyRow>([
              {
                title: 'Policy',
                key: 'title',
                render: (_, r) => (
                  <Space wrap size={4}>
                    {r.ownPolicy ? (
                      <Button
                        type="link"
                        style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                        onClick={() => void own.open(r.key)}
                        aria-label={`Open ${r.title}`}
                      >
                        {r.title}
                      </Button>
                    ) : (
                      <Typography.Text>{r.title}</Typography.Text>
                    )}
                    {r.own ? <Tag>Your own</Tag> : <Tag color="blue">SafePlace catalogue</Tag>}
                  </Space>
                ),
              },
              {
                title: 'Status',
                key: 'status',
                render: (_, r) => <Tag color={STATUS_TAGS[r.status].color}>{STATUS_TAGS[r.status].label}</Tag>,
              },
              { title: 'Version', key: 'version', render: (_, r) => r.version },
              {
                title: 'Languages',
                key: 'languages',
                render: (_, r) =>
                  r.languages.length === 0 ? (
                    <Typography.Text type="secondary">No PDF yet</Typography.Text>
                  ) : (
                    r.languages
                      .map((l) => `${LANGUAGE_LABELS[l.language]}${l.outdated ? ' (outdated)' : ''}`)
                      .join(', ')
                  ),
              },
              {
                title: 'For',
                key: 'scope',
                render: (_, r) =>
                  r.published
                    ? r.published.scope === 'WORKSPACE'
                      ? 'Everyone'
                      : r.published.branches.map((b) => b.name).join(', ')
                    : '',
              },
              {
                title: 'Accepted',
                key: 'accepted',
                render: (_, r) =>
                  r.published ? (
                    <Space orientation="vertical" size={0}>
                      <span>{`${r.published.accepted} of ${r.published.inScope}`}</span>
                      {r.published.overdue > 0 ? (
                        <Typography.Text type="danger">{`${r.published.overdue} overdue`}</Typography.Text>
                      ) : null}
                    </Space>
                  ) : (
                    ''
                  ),
              },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, r) => (
                  <Space wrap>
                    {r.offer ? (
                      <Button
                        type={r.published ? 'default' : 'primary'}
                        onClick={() => setPublishing(r.offer)}
                        aria-label={`Publish ${r.title}`}
                      >
                        {r.published ? 'Change publication' : 'Publish'}
                      </Button>
                    ) : null}
                    {r.published ? (
                      <>
                        <Button onClick={() => r.published && void vm.openAcceptances(r.published)}>
                          See acceptance
                        </Button>
                        <Button onClick={() => r.published && void download(r.published)}>Export CSV</Button>
                      </>
                    ) : null}
                    {!r.offer && r.ownPolicy ? (
                      <Button onClick={() => void own.open(r.key)} aria-label={`Add a PDF to ${r.title}`}>
                        Add a PDF
                      </Button>
                    ) : null}
                  </Space>
                ),
              },
            ])}
          />
        </Card>
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
