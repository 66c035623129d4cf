import { Alert, Button, Card, Form, Input, List, Progress, Result, Select, Space, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { REGION } from './confidential-banner';
import { ComplaintField, FormFiles, GENDERS, IncidentCard, RespondentCard } from './complaint-form-parts';
import { useService, useViewModel } from '../shared/container-context';
import { SessionViewModel } from '../shell/session.view-model';
import { LoadError, Loading } from '../shared/page-state';
import { RaiseConcernViewModel, type ConcernValues } from './complaints.view-models';

export const RaiseConcernScreen = observer(function RaiseConcernScreen() {
  const vm = useViewModel(RaiseConcernViewModel);
  const [form] = Form.useForm<ConcernValues>();
  // The complainant is the signed-in person: the receipt goes to the account's own address (docs/case.md "Filing limits").
  const me = useService(SessionViewModel).workspaceUser;

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const item = (name: keyof ConcernValues, label: string, input: React.ReactNode, required = false, extra?: string) => (
    <ComplaintField name={name} label={label} input={input} required={required} extra={extra} errors={vm.fieldErrors} />
  );

  if (vm.filed) {
    return (
      <section aria-labelledby="concern-title" style={{ maxWidth: 720 }}>
        <Typography.Title level={1} id="concern-title">
          Your complaint was received: case {vm.filed.caseNumber}
        </Typography.Title>
        <Result
          status="success"
          subTitle="We have emailed you a receipt. Only the Internal Committee members assigned to your case can read it, and every view is recorded."
          extra={[
            <Link key="open" to={`/complaints/${vm.filed.complaintId}`}>
              <Button type="primary">Open my complaint</Button>
            </Link>,
          ]}
        />
        {vm.filed.lateFiling ? (
          <Alert
            type="warning"
            showIcon
            message="Filed more than 3 months after the incident"
            description="Your complaint is accepted. The committee will decide whether to extend the time limit, and record its reasons."
          />
        ) : null}
      </section>
    );
  }

  return (
    <section aria-labelledby="concern-title" style={{ maxWidth: 720 }}>
      <Typography.Title level={1} id="concern-title">
        Raise a concern
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="Who will see this"
        description={
          <>
            <p style={{ margin: 0 }}>
              Only the Internal Committee members assigned to your complaint can read it. HR, your managers and the workspace admins see
              only counts, never your name or what you write. The person you complain about is given a copy only when the committee sends it, as the
              law requires. Every view is recorded.
            </p>
            <p style={{ margin: '8px 0 0' }}>
              Would you rather not give your name? <a href="/report">Report without signing in</a>: no account, and a receipt key to follow up.
            </p>
            <p style={{ margin: '8px 0 0' }}>
              <strong>Photos can identify you:</strong> a photo or screenshot may carry hidden details (where and when it was taken, the phone it was
              taken on). We keep files exactly as you give them, so remove those details first if they matter to you.
            </p>
          </>
        }
      />
      {vm.status === 'loading' ? <Loading label="Loading the complaint form" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.form ? (
        <Form<ConcernValues>
          form={form}
          layout="vertical"
          onFinish={(values) => void vm.submit(values)}
          requiredMark="optional"
          initialValues={{ complainantEmail: me?.email ?? '', complainantName: me ? `${me.firstName} ${me.lastName}`.trim() : '' }}
        >
          {!vm.form.committeeConstituted ? (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="No Internal Committee has been set up here yet: your complaint will be referred to the Local Committee." />
          ) : null}
          <FormFiles components={vm.form.components} download={vm.formFiles.link} error={vm.formFiles.error} />
          <Card title="About you" style={{ marginBottom: 16 }}>
            {item('complainantName', 'Your name', <Input autoComplete="name" />, true)}
            {item('complainantEmail', 'Your email', <Input type="email" readOnly={Boolean(me?.email)} />, true, 'Your account’s address: we send your receipt and updates here.')}
            {item('complainantGender', 'Gender', <Select allowClear options={GENDERS} aria-label="Your gender" />)}
            {item('complainantPhone', 'Phone', <Input type="tel" autoComplete="tel" />)}
          </Card>
          <RespondentCard errors={vm.fieldErrors} />
          <IncidentCard errors={vm.fieldErrors} customFields={vm.customFields}>
            <Form.Item label="Evidence" extra="Any file: screenshots, saved messages, voice notes, documents. Others cannot open it in the page; the committee downloads it.">
              <Upload
                multiple
                showUploadList={false}
                beforeUpload={(file) => {
                  void vm.addEvidence(file);
                  return false;
                }}
              >
                <Button>Add evidence</Button>
              </Upload>
              {vm.evidence.length > 0 ? (
                <List
                  {...REGION}
                  aria-label="Evidence"
                  style={{ marginTop: 8 }}
                  dataSource={vm.evidence}
                  renderItem={(e) => (
                    <List.Item
                      actions={[
                        <Button key="remove" type="link" onClick={() => vm.removeEvidence(e.key)} aria-label={`Remove ${e.name}`}>
                          Remove
                        </Button>,
                      ]}
                    >
                      <Space direction="vertical" style={{ width: '100%', minWidth: 0 }}>
                        <Typography.Text ellipsis>{e.name}</Typography.Text>
                        {e.error ? <Typography.Text type="danger">{e.error}</Typography.Text> : e.file ? <Typography.Text type="success">Attached</Typography.Text> : <Progress percent={e.percent} size="small" />}
                      </Space>
                    </List.Item>
                  )}
                />
              ) : null}
            </Form.Item>
          </IncidentCard>
          {vm.submitError ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={vm.submitError} /> : null}
          <Button type="primary" htmlType="submit" size="large" loading={vm.submitting} disabled={vm.uploading}>
            Send to the Internal Committee
          </Button>
        </Form>
      ) : null}
    </section>
  );
});

export default RaiseConcernScreen;
