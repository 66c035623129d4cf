import { Alert, Button, DatePicker, Drawer, Form, Input, Progress, Radio, Space, Tag, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import { LANGUAGE_LABELS } from '../../domain/courses/course';
import type { CataloguePoliciesViewModel } from './catalogue-policies.view-model';
import { showDate, dateInputFormats } from '../i18n/i18n';

const LANGUAGES: PolicyLanguage[] = ['ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI'];

interface CreateValues {
  title: string;
  description?: string;
  ownerName: string;
  reviewDueOn: { format(pattern: string): string };
  summary?: string;
}

/**
 * A policy's editor: the "New policy" drawer, the policy's drawer (its PDF per language with progress, its versions)
 * and the "New version" drawer. Shared by the platform's catalogue and a workspace's own policies (same view-model,
 * other calls).
 */
export const PolicyEditorDrawers = observer(function PolicyEditorDrawers({
  vm,
  creating,
  onCloseCreating,
  askSummary = false,
}: {
  vm: CataloguePoliciesViewModel;
  creating: boolean;
  onCloseCreating: () => void;
  /** Ask what the first version says (a workspace's own policy). */
  askSummary?: boolean;
}) {
  const [versioning, setVersioning] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const selected = vm.selected;
  const setCreating = (open: boolean) => {
    if (!open) onCloseCreating();
  };
  return (
    <>
      <Drawer title="New policy" open={creating} onClose={() => setCreating(false)} destroyOnHidden size="large">
        <Form<CreateValues>
          layout="vertical"
          onFinish={async (values) => {
            const ok = await vm.create({
              title: values.title,
              description: values.description,
              ownerName: values.ownerName,
              reviewDueOn: values.reviewDueOn.format('YYYY-MM-DD'),
              ...(values.summary ? { summary: values.summary } : {}),
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
          <Form.Item
            label="Owner"
            name="ownerName"
            rules={[{ required: true, message: 'Name the person who owns it' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="Review by"
            name="reviewDueOn"
            rules={[{ required: true, message: 'Choose the review date' }]}
          >
            <DatePicker format={dateInputFormats()} style={{ width: '100%' }} />
          </Form.Item>
          {askSummary ? (
            <Form.Item label="Summary of the first version" name="summary">
              <Input.TextArea rows={2} />
            </Form.Item>
          ) : null}
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
              Version {selected.currentVersion} · owner {selected.ownerName} · review by{' '}
              {showDate(selected.reviewDueOn)}
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
                      {state ? (
                        <Tag color={state === 'CURRENT' ? 'green' : 'orange'}>
                          {state === 'CURRENT' ? 'Given' : 'Outdated'}
                        </Tag>
                      ) : (
                        <Tag>None</Tag>
                      )}
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
                          status={
                            upload.status === 'failed' ? 'exception' : upload.status === 'done' ? 'success' : 'active'
                          }
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
                <Space wrap>
                  <Button onClick={() => setReviewing(true)}>Reviewed, no change</Button>
                  <Button onClick={() => setVersioning(true)}>New version</Button>
                </Space>
              </Space>
              <ul>
                {selected.versions.map((v) => (
                  <li key={v.version}>
                    Version {v.version} ({v.change === 'MATERIAL' ? 'material: everyone accepts again' : 'minor'}):{' '}
                    {v.summary}
                  </li>
                ))}
              </ul>
              {selected.reviews.length ? (
                <>
                  <Typography.Title level={3} style={{ fontSize: 16 }}>
                    Reviews
                  </Typography.Title>
                  <ul aria-label="Reviews">
                    {selected.reviews.map((r) => (
                      <li key={r.reviewedAt}>
                        {r.reviewedAt.slice(0, 10)}:{' '}
                        {r.outcome === 'NO_CHANGE'
                          ? `reviewed, no change to version ${r.version}`
                          : `version ${r.version}`}
                        {r.note ? ` (${r.note})` : ''}; next review by {showDate(r.nextReviewOn)}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </section>
          </Space>
        ) : null}
      </Drawer>

      <Drawer title="Reviewed, no change" open={reviewing} onClose={() => setReviewing(false)} destroyOnHidden>
        <Form<{ note?: string; nextReviewOn: { format(pattern: string): string } }>
          layout="vertical"
          onFinish={async (values) => {
            const ok = await vm.reviewNoChange({
              note: values.note || undefined,
              nextReviewOn: values.nextReviewOn.format('YYYY-MM-DD'),
            });
            if (ok) setReviewing(false);
          }}
        >
          <Typography.Paragraph type="secondary">
            The policy was read again and still holds: the review is recorded, the version stays and nobody is asked to
            accept again.
          </Typography.Paragraph>
          <Form.Item label="Note (optional)" name="note">
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item
            label="Next review by"
            name="nextReviewOn"
            rules={[{ required: true, message: 'Choose the next review date' }]}
          >
            <DatePicker format={dateInputFormats()} style={{ width: '100%' }} />
          </Form.Item>
          {vm.saveError ? <Alert type="error" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Record the review
          </Button>
        </Form>
      </Drawer>

      <Drawer title="New version" open={versioning} onClose={() => setVersioning(false)} destroyOnHidden>
        <Form<{ change: 'MATERIAL' | 'MINOR'; summary: string; nextReviewOn: { format(pattern: string): string } }>
          layout="vertical"
          initialValues={{ change: 'MATERIAL' }}
          onFinish={async (values) => {
            const ok = await vm.newVersion({
              change: values.change,
              summary: values.summary,
              nextReviewOn: values.nextReviewOn.format('YYYY-MM-DD'),
            });
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
          <Form.Item
            label="Next review by"
            name="nextReviewOn"
            rules={[{ required: true, message: 'Choose the next review date' }]}
          >
            <DatePicker format={dateInputFormats()} style={{ width: '100%' }} />
          </Form.Item>
          {vm.saveError ? <Alert type="error" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Add version
          </Button>
        </Form>
      </Drawer>
    </>
  );
});
