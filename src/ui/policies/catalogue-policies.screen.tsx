import { Alert, Button, DatePicker, Drawer, Form, Input, Progress, Radio, Space, Table, Tag, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { LANGUAGE_LABELS } from '../../domain/courses/course';
import type { PolicyLanguage, PolicySummary } from '../../contracts/learning/catalogue.contract';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { CataloguePoliciesViewModel } from './catalogue-policies.view-model';

const LANGUAGES: PolicyLanguage[] = ['ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI'];

interface CreateValues {
  title: string;
  description?: string;
  ownerName: string;
  reviewDueOn: { format(pattern: string): string };
}

/** The platform's policies: create one, give each version a PDF per language (with progress), add versions. */
export const CataloguePoliciesScreen = observer(function CataloguePoliciesScreen() {
  const vm = useViewModel(CataloguePoliciesViewModel);
  const [creating, setCreating] = useState(false);
  const [versioning, setVersioning] = useState(false);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const selected = vm.selected;
  const columns = [
    { title: 'Policy', dataIndex: 'title', key: 'title', render: (title: string, row: PolicySummary) => <Button type="link" onClick={() => void vm.open(row.id)}>{title}</Button> },
    { title: 'Version', dataIndex: 'currentVersion', key: 'version' },
    {
      title: 'Languages',
      key: 'languages',
      render: (_: unknown, row: PolicySummary) => (
        <Space wrap>
          {Object.entries(row.translations).map(([language, state]) => (
            <Tag key={language} color={state === 'CURRENT' ? 'green' : 'orange'}>
              {LANGUAGE_LABELS[language as PolicyLanguage]}{state === 'OUTDATED' ? ' (outdated)' : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: 'Review by', dataIndex: 'reviewDueOn', key: 'review' },
    { title: 'Workspaces', dataIndex: 'workspaceCount', key: 'workspaces' },
  ];
  return (
    <section aria-labelledby="catalogue-policies-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} id="catalogue-policies-title" style={{ margin: 0 }}>
          Policies
        </Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)}>
          New policy
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">The policies every workspace may publish to its people, with a PDF per language for each version.</Typography.Paragraph>
      {vm.status === 'loading' ? <Loading label="Loading the policies" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.status === 'ready' && vm.items.length === 0 ? <EmptyState title="No policies yet: create the first one." /> : null}
      {vm.status === 'ready' && vm.items.length > 0 ? (
        <Table rowKey="id" dataSource={vm.items.slice()} columns={columns} pagination={false} scroll={{ x: true }} />
      ) : null}

      <Drawer title="New policy" open={creating} onClose={() => setCreating(false)} destroyOnHidden size="large">
        <Form<CreateValues>
          layout="vertical"
          onFinish={async (values) => {
            const ok = await vm.create({
              title: values.title,
              description: values.description,
              ownerName: values.ownerName,
              reviewDueOn: values.reviewDueOn.format('YYYY-MM-DD'),
            });
            if (ok) setCreating(false);
          }}
        >
          <Form.Item label="Title" name="title" rules={[{ required: true, message: 'Give a title' }]}>
            <Input />
          </Form.Item>
          <Form.Item label="What it covers" name="description">
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label="Owner" name="ownerName" rules={[{ required: true, message: 'Name the person who owns it' }]}>
            <Input />
          </Form.Item>
          <Form.Item label="Review by" name="reviewDueOn" rules={[{ required: true, message: 'Choose the review date' }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          {vm.saveError ? <Alert type="error" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Create policy
          </Button>
        </Form>
      </Drawer>

      <Drawer title={selected?.title ?? ''} open={!!selected} onClose={vm.close} size="large">
        {selected ? (
          <Space orientation="vertical" style={{ width: '100%' }} size="large">
            <Typography.Text>
              Version {selected.currentVersion} · owner {selected.ownerName} · review by {selected.reviewDueOn}
            </Typography.Text>
            <section aria-labelledby="policy-pdfs">
              <Typography.Title level={2} id="policy-pdfs" style={{ fontSize: 18 }}>
                PDFs of version {selected.currentVersion}
              </Typography.Title>
              {LANGUAGES.map((language) => {
                const state = selected.translations[language];
                const upload = vm.uploads[language];
                return (
                  <div key={language} style={{ marginBottom: 12 }}>
                    <Space wrap>
                      <Typography.Text strong>{LANGUAGE_LABELS[language]}</Typography.Text>
                      {state ? <Tag color={state === 'CURRENT' ? 'green' : 'orange'}>{state === 'CURRENT' ? 'Given' : 'Outdated'}</Tag> : <Tag>None</Tag>}
                      <Upload
                        accept="application/pdf,.pdf"
                        showUploadList={false}
                        beforeUpload={(file) => {
                          void vm.upload(language, file);
                          return false;
                        }}
                      >
                        <Button aria-label={`Upload the ${LANGUAGE_LABELS[language]} PDF`}>Upload PDF</Button>
                      </Upload>
                    </Space>
                    {upload ? (
                      <div>
                        <Progress
                          percent={upload.total ? Math.round((upload.sent / upload.total) * 100) : 0}
                          status={upload.status === 'failed' ? 'exception' : upload.status === 'done' ? 'success' : 'active'}
                          aria-label={`${LANGUAGE_LABELS[language]} upload`}
                        />
                        {upload.message ? <Alert type="error" title={upload.message} /> : null}
                      </div>
                    ) : null}
                  </div>
                );
              })}
            </section>
            <section aria-labelledby="policy-versions">
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Typography.Title level={2} id="policy-versions" style={{ fontSize: 18, margin: 0 }}>
                  Versions
                </Typography.Title>
                <Button onClick={() => setVersioning(true)}>New version</Button>
              </Space>
              <ul>
                {selected.versions.map((v) => (
                  <li key={v.version}>
                    Version {v.version} ({v.change === 'MATERIAL' ? 'material: everyone accepts again' : 'minor'}): {v.summary}
                  </li>
                ))}
              </ul>
            </section>
          </Space>
        ) : null}
      </Drawer>

      <Drawer title="New version" open={versioning} onClose={() => setVersioning(false)} destroyOnHidden>
        <Form<{ change: 'MATERIAL' | 'MINOR'; summary: string; nextReviewOn: { format(pattern: string): string } }>
          layout="vertical"
          initialValues={{ change: 'MATERIAL' }}
          onFinish={async (values) => {
            const ok = await vm.newVersion({ change: values.change, summary: values.summary, nextReviewOn: values.nextReviewOn.format('YYYY-MM-DD') });
            if (ok) setVersioning(false);
          }}
        >
          <Form.Item label="What changed" name="summary" rules={[{ required: true, message: 'Say what changed' }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label="Kind of change" name="change">
            <Radio.Group
              options={[
                { value: 'MATERIAL', label: 'Material: everyone accepts again' },
                { value: 'MINOR', label: 'Minor: nobody is asked again' },
              ]}
            />
          </Form.Item>
          <Form.Item label="Next review by" name="nextReviewOn" rules={[{ required: true, message: 'Choose the next review date' }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          {vm.saveError ? <Alert type="error" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Add version
          </Button>
        </Form>
      </Drawer>
    </section>
  );
});

export default CataloguePoliciesScreen;
