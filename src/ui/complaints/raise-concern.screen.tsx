import { Alert, Button, Card, Form, Input, List, Progress, Result, Select, Space, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { REGION } from './confidential-banner';
import { ComplaintField, FormFiles, GENDERS, IncidentCard, FiledForCard, RespondentCard } from './complaint-form-parts';
import { FormerEmployeeCard } from './former-employee-card';
import { useService, useViewModel } from '../shared/container-context';
import { SessionViewModel } from '../shell/session.view-model';
import { LoadError, Loading } from '../shared/page-state';
import { RaiseConcernViewModel, type ConcernValues } from './raise-concern.view-model';
import { tr } from '../i18n/i18n';

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
          {tr('concern.received', { number: vm.filed.caseNumber })}
        </Typography.Title>
        <Result
          status="success"
          subTitle={tr('concern.receivedBody')}
          extra={[
            <Link key="open" to={`/complaints/${vm.filed.complaintId}`}>
              <Button type="primary">{tr('concern.open')}</Button>
            </Link>,
          ]}
        />
        {vm.filed.lateFiling ? (
          <Alert type="warning" showIcon message={tr('concern.lateTitle')} description={tr('concern.lateBody')} />
        ) : null}
      </section>
    );
  }

  return (
    <section aria-labelledby="concern-title" style={{ maxWidth: 720 }}>
      <Typography.Title level={1} id="concern-title">
        {tr('concern.title')}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={tr('concern.whoSees')}
        description={
          <>
            <p style={{ margin: 0 }}>{tr('concern.whoSeesBody')}</p>
            <p style={{ margin: '8px 0 0' }}>
              {tr('concern.anonymousQuestion')}{' '}
              <a href="/report" style={{ textDecoration: 'underline' }}>
                {tr('concern.anonymousLink')}
              </a>
              {tr('concern.anonymousAfter')}
            </p>
            <p style={{ margin: '8px 0 0' }}>
              <strong>{tr('concern.photosTitle')}</strong> {tr('concern.photosBody')}
            </p>
          </>
        }
      />
      {vm.status === 'loading' ? <Loading label={tr('concern.loading')} /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.form ? (
        <Form<ConcernValues>
          form={form}
          layout="vertical"
          onFinish={(values) => void vm.submit(values)}
          requiredMark="optional"
          initialValues={{
            complainantEmail: me?.email ?? '',
            complainantName: me ? `${me.firstName} ${me.lastName}`.trim() : '',
          }}
        >
          {!vm.form.committeeConstituted ? (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={tr('concern.noCommittee')} />
          ) : null}
          <FormFiles components={vm.form.components} download={vm.formFiles.link} error={vm.formFiles.error} />
          <Card title={tr('concern.aboutYou')} style={{ marginBottom: 16 }}>
            {item('complainantName', tr('concern.yourName'), <Input autoComplete="name" />, true)}
            {item(
              'complainantEmail',
              tr('concern.yourEmail'),
              <Input type="email" readOnly={Boolean(me?.email)} />,
              true,
              tr('concern.emailHint'),
            )}
            {item(
              'complainantGender',
              tr('concern.gender'),
              <Select allowClear options={GENDERS} aria-label={tr('concern.yourGender')} />,
            )}
            {item('complainantPhone', tr('concern.phone'), <Input type="tel" autoComplete="tel" />)}
          </Card>
          {vm.form.compliance === 'IN_POSH' ? <FiledForCard errors={vm.fieldErrors} /> : null}
          {vm.form.compliance === 'CA_FEDERAL' ? <FormerEmployeeCard errors={vm.fieldErrors} /> : null}
          <RespondentCard errors={vm.fieldErrors} />
          <IncidentCard errors={vm.fieldErrors} customFields={vm.customFields}>
            <Form.Item label={tr('concern.evidence')} extra={tr('concern.evidenceHint')}>
              <Upload
                multiple
                showUploadList={false}
                beforeUpload={(file) => {
                  void vm.addEvidence(file);
                  return false;
                }}
              >
                <Button>{tr('concern.addEvidence')}</Button>
              </Upload>
              {vm.evidence.length > 0 ? (
                <List
                  {...REGION}
                  aria-label={tr('concern.evidence')}
                  style={{ marginTop: 8 }}
                  dataSource={vm.evidence}
                  renderItem={(e) => (
                    <List.Item
                      actions={[
                        <Button
                          key="remove"
                          type="link"
                          onClick={() => vm.removeEvidence(e.key)}
                          aria-label={tr('concern.removeFile', { name: e.name })}
                        >
                          {tr('concern.remove')}
                        </Button>,
                      ]}
                    >
                      <Space direction="vertical" style={{ width: '100%', minWidth: 0 }}>
                        <Typography.Text ellipsis>{e.name}</Typography.Text>
                        {e.error ? (
                          <Typography.Text type="danger">{e.error}</Typography.Text>
                        ) : e.file ? (
                          <Typography.Text type="success">{tr('concern.attached')}</Typography.Text>
                        ) : (
                          <Progress percent={e.percent} size="small" />
                        )}
                      </Space>
                    </List.Item>
                  )}
                />
              ) : null}
            </Form.Item>
          </IncidentCard>
          {vm.submitError ? (
            <Alert type="error" showIcon style={{ marginBottom: 16 }} message={vm.submitError} />
          ) : null}
          <Button type="primary" htmlType="submit" size="large" loading={vm.submitting} disabled={vm.uploading}>
            {tr(vm.form.committeeConstituted ? 'concern.send' : 'concern.sendLocal')}
          </Button>
        </Form>
      ) : null}
    </section>
  );
});

export default RaiseConcernScreen;
