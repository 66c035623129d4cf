import { Alert, Button, Card, Drawer, Form, InputNumber, Space, Switch, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { CataloguePolicyOffer } from '../../application/policies/policy-api.port';
import type { AcceptanceRow, WorkspacePolicy } from '../../contracts/learning/policies.contract';
import { LANGUAGE_LABELS } from '../../domain/courses/course';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { WorkspacePoliciesViewModel } from './workspace-policies.view-model';

const STATE_TAGS: Record<AcceptanceRow['state'], { color: string; label: string }> = {
  ACCEPTED: { color: 'green', label: 'Accepted' },
  PENDING: { color: 'blue', label: 'To accept' },
  OVERDUE: { color: 'red', label: 'Overdue' },
};

/** The workspace admin's policies: publish one from the catalogue to everyone, then see who accepted and export it. */
export const WorkspacePoliciesScreen = observer(function WorkspacePoliciesScreen() {
  const vm = useViewModel(WorkspacePoliciesViewModel);
  const [publishing, setPublishing] = useState<CataloguePolicyOffer | null>(null);
  useEffect(() => {
    void vm.load();
  }, [vm]);

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
      <Typography.Paragraph type="secondary">Publish policies for your people to read and accept, and see who has.</Typography.Paragraph>
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
                  { title: 'For', key: 'scope', render: (_, p) => (p.scope === 'WORKSPACE' ? 'Everyone' : p.branches.map((b) => b.name).join(', ')) },
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
          <Card title="From the catalogue">
            {vm.offers.length === 0 ? (
              <EmptyState title="The catalogue has no policy ready to publish yet." />
            ) : (
              <Table<CataloguePolicyOffer>
                rowKey="cataloguePolicyId"
                dataSource={vm.offers.slice()}
                pagination={false}
                scroll={{ x: true }}
                columns={[
                  { title: 'Policy', dataIndex: 'title', key: 'title' },
                  { title: 'Languages', key: 'languages', render: (_, o) => o.languages.map((l) => LANGUAGE_LABELS[l]).join(', ') },
                  {
                    title: 'Actions',
                    key: 'publish',
                    render: (_, o) => (
                      <Button type={o.workspacePolicyId ? 'default' : 'primary'} onClick={() => setPublishing(o)} aria-label={`Publish ${o.title}`}>
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

      <Drawer title={`Publish ${publishing?.title ?? ''}`} open={!!publishing} onClose={() => setPublishing(null)} destroyOnHidden size={480}>
        <Form<{ daysToAccept: number; yearly: boolean }>
          layout="vertical"
          initialValues={{ daysToAccept: 14, yearly: false }}
          onFinish={async (values) => {
            if (!publishing) return;
            const ok = await vm.publish({ cataloguePolicyId: publishing.cataloguePolicyId, scope: 'WORKSPACE', daysToAccept: values.daysToAccept, yearly: values.yearly });
            if (ok) setPublishing(null);
          }}
        >
          <Typography.Paragraph>Everyone in the workspace will find it under "Policies to accept" on their home page.</Typography.Paragraph>
          <Form.Item label="Days to accept" name="daysToAccept" rules={[{ required: true, message: 'Give the number of days' }]}>
            <InputNumber min={1} max={365} />
          </Form.Item>
          <Form.Item label="Ask again every year" name="yearly" valuePropName="checked">
            <Switch />
          </Form.Item>
          {vm.publishError ? <Alert type="error" showIcon title={vm.publishError} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.publishing}>
            Publish to everyone
          </Button>
        </Form>
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
                { title: 'State', key: 'state', render: (_, r) => <Tag color={STATE_TAGS[r.state].color}>{STATE_TAGS[r.state].label}</Tag> },
                { title: 'Version', key: 'version', render: (_, r) => r.version ?? '' },
                { title: 'Language', key: 'language', render: (_, r) => (r.language ? LANGUAGE_LABELS[r.language] : '') },
                { title: 'Accepted on', key: 'at', render: (_, r) => (r.acceptedAt ? new Date(r.acceptedAt).toLocaleString() : '') },
              ]}
            />
          </Space>
        ) : null}
      </Drawer>
    </section>
  );
});

export default WorkspacePoliciesScreen;
