import { Alert, Breadcrumb, Button, Card, Form, Input, Radio, Result, Select, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { ComplaintField, FormFiles, GENDERS, IncidentCard, RespondentCard } from './complaint-form-parts';
import { OnBehalfViewModel, type OnBehalfValues } from './on-behalf.view-model';

/** "Record a complaint for someone": a committee member's form (CA-01 oral notice, IN-03 help to write). */
export const OnBehalfScreen = observer(function OnBehalfScreen() {
  const vm = useViewModel(OnBehalfViewModel);
  const [form] = Form.useForm<OnBehalfValues>();
  useEffect(() => {
    void vm.load();
  }, [vm]);

  if (vm.recorded) {
    return (
      <section aria-labelledby="behalf-title" style={{ maxWidth: 720 }}>
        <Typography.Title level={1} id="behalf-title">
          Recorded: case {vm.recorded.caseNumber}
        </Typography.Title>
        <Result
          status="success"
          subTitle={`We have emailed ${vm.recorded.complainant} to confirm it. Until they confirm, nothing happens on the case: no time limits run and no step can be completed.`}
          extra={[
            <Link key="open" to={`/complaints/${vm.recorded.complaintId}`}>
              <Button type="primary">Open the case</Button>
            </Link>,
          ]}
        />
      </section>
    );
  }

  return (
    <section aria-labelledby="behalf-title" style={{ maxWidth: 720 }}>
      <Breadcrumb items={[{ title: <Link to="/complaints">Complaints</Link> }, { title: 'Record for someone' }]} />
      <Typography.Title level={1} id="behalf-title">
        Record a complaint for someone
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        For Internal Committee members: write down a complaint someone told you about (an oral notice) or that you
        helped them put in writing. They are emailed to read and confirm it; the case goes ahead only once they do.
      </Typography.Paragraph>
      {vm.status === 'loading' ? <Loading label="Loading the complaint form" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.form ? (
        <Form<OnBehalfValues>
          form={form}
          layout="vertical"
          onFinish={(values) => void vm.submit(values)}
          requiredMark="optional"
          initialValues={{ channel: 'ORAL_NOTICE' }}
        >
          <FormFiles components={vm.form.components} download={vm.formFiles.link} error={vm.formFiles.error} />
          <Card title="The complainant" style={{ marginBottom: 16 }}>
            <Form.Item
              name="complainantUserId"
              label="Complainant"
              extra="Type a name or an email of someone in your workspace."
              rules={[{ required: true, message: 'Choose the complainant' }]}
              validateStatus={vm.fieldErrors.complainantUserId ? 'error' : undefined}
              help={vm.fieldErrors.complainantUserId}
            >
              <Select
                showSearch={{ filterOption: false, onSearch: (text) => void vm.searchPeople(text) }}
                aria-label="Complainant"
                placeholder="Search people"
                notFoundContent="Type to search"
                options={vm.people.map((p) => ({ value: p.userId, label: `${p.name} (${p.email})` }))}
              />
            </Form.Item>
            <Form.Item name="channel" label="How you received it" rules={[{ required: true }]}>
              <Radio.Group
                options={[
                  { value: 'ORAL_NOTICE', label: 'They told me (oral notice)' },
                  { value: 'HELP_TO_WRITE', label: 'I helped them write it' },
                ]}
              />
            </Form.Item>
            <ComplaintField
              name="complainantGender"
              label="Complainant’s gender"
              input={<Select allowClear options={GENDERS} aria-label="Complainant’s gender" />}
              errors={vm.fieldErrors}
            />
            <ComplaintField
              name="complainantPhone"
              label="Complainant’s phone"
              input={<Input type="tel" />}
              errors={vm.fieldErrors}
            />
          </Card>
          <RespondentCard errors={vm.fieldErrors} />
          <IncidentCard errors={vm.fieldErrors} customFields={vm.customFields} whose="their" />
          {vm.submitError ? (
            <Alert type="error" showIcon style={{ marginBottom: 16 }} message={vm.submitError} />
          ) : null}
          <Button type="primary" htmlType="submit" size="large" loading={vm.submitting}>
            Record and ask them to confirm
          </Button>
        </Form>
      ) : null}
    </section>
  );
});

export default OnBehalfScreen;
