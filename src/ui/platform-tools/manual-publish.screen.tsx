import { Alert, Button, Card, Form, Input, Popconfirm, Radio, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { MANUAL_MAX_PDF_BYTES } from '../../domain/platform/user-manual';
import { ManualView } from '../manual/manual-view';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { ALL_WORKSPACES, ManualPublishViewModel } from './manual-publish.view-model';
import { WorkspacePicker } from './workspace-picker';

/** Publish or replace the user manual of every workspace or of one; the current one is shown. */
export const ManualPublishScreen = observer(function ManualPublishScreen() {
  const vm = useViewModel(ManualPublishViewModel);
  useEffect(() => {
    void vm.start();
  }, [vm]);

  return (
    <section aria-labelledby="manual-publish-title">
      <Typography.Title level={1} id="manual-publish-title">
        User manual
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Members read the manual at /manual in their workspace. A workspace's own manual replaces the one for all
        workspaces there.
      </Typography.Paragraph>
      <WorkspacePicker
        id="manual-scope"
        label="Published for"
        choices={vm.workspaces}
        value={vm.scope}
        onChange={(scope) => void vm.choose(scope)}
        extraOptions={[{ value: ALL_WORKSPACES, label: 'All workspaces' }]}
      />
      <Card title={`Published for ${vm.scopeLabel}`} style={{ marginTop: 16 }}>
        {vm.currentStatus === 'loading' ? <Loading label="Loading the manual" /> : null}
        {vm.currentStatus === 'error' ? (
          <LoadError message={vm.currentError ?? ''} onRetry={() => void vm.loadCurrent()} />
        ) : null}
        {vm.currentStatus === 'ready' && !vm.current ? (
          <EmptyState
            title={
              vm.scope === ALL_WORKSPACES
                ? 'No manual for all workspaces yet'
                : 'No manual of its own: this workspace reads the one for all workspaces, if any'
            }
          />
        ) : null}
        {vm.currentStatus === 'ready' && vm.current ? (
          <>
            <Typography.Paragraph type="secondary">
              {vm.current.format === 'MARKDOWN' ? 'Markdown' : 'PDF'}, published{' '}
              {new Date(vm.current.publishedAt).toLocaleString('en-GB')}
            </Typography.Paragraph>
            <ManualView manual={vm.current} />
          </>
        ) : null}
      </Card>
      <Card title={vm.current ? 'Replace the manual' : 'Publish a manual'} style={{ marginTop: 16 }}>
        <PublishForm vm={vm} key={`${vm.scope}-${vm.published}`} />
      </Card>
    </section>
  );
});

const PublishForm = observer(function PublishForm({ vm }: { vm: ManualPublishViewModel }) {
  const [format, setFormat] = useState<'MARKDOWN' | 'PDF'>('MARKDOWN');
  const [file, setFile] = useState<File | null>(null);
  const [form] = Form.useForm<{ markdown: string }>();
  const submit = () => {
    if (format === 'PDF') void vm.publish({ format: 'PDF', file: file ? { name: file.name, content: file } : null });
    else void form.validateFields().then((v) => vm.publish({ format: 'MARKDOWN', markdown: v.markdown }));
  };
  const publishButton = (
    <Button type="primary" loading={vm.publishing} onClick={vm.current ? undefined : submit}>
      Publish manual
    </Button>
  );
  return (
    <Form form={form} layout="vertical" name="publish-manual" disabled={vm.publishing}>
      {vm.notice ? (
        <Alert type="success" showIcon role="status" title={vm.notice} style={{ marginBottom: 16 }} />
      ) : null}
      {vm.publishError ? (
        <Alert type="error" showIcon role="alert" title={vm.publishError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item label="Format">
        <Radio.Group value={format} onChange={(e) => setFormat(e.target.value)} aria-label="Format">
          <Radio value="MARKDOWN">Markdown text</Radio>
          <Radio value="PDF">PDF file</Radio>
        </Radio.Group>
      </Form.Item>
      {format === 'MARKDOWN' ? (
        <Form.Item
          label="Manual text (Markdown)"
          name="markdown"
          rules={[{ required: true, whitespace: true, message: 'Write the manual' }]}
          validateStatus={vm.fields.markdown ? 'error' : undefined}
          help={vm.fields.markdown}
          extra="Headings (#), lists, links and emphasis. HTML is not shown."
        >
          <Input.TextArea rows={12} />
        </Form.Item>
      ) : (
        <Form.Item
          label="Manual PDF"
          htmlFor="manual-pdf"
          validateStatus={vm.fields.file ? 'error' : undefined}
          help={vm.fields.file}
          extra={`At most ${MANUAL_MAX_PDF_BYTES / 1024 / 1024} MB`}
        >
          <input
            id="manual-pdf"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Form.Item>
      )}
      {vm.current ? (
        <Popconfirm
          title="Replace the published manual?"
          description={`The manual now published for ${vm.scopeLabel} will be replaced; members see the new one at once.`}
          okText="Replace"
          cancelText="Keep it"
          onConfirm={submit}
        >
          {publishButton}
        </Popconfirm>
      ) : (
        publishButton
      )}
    </Form>
  );
});

export default ManualPublishScreen;
