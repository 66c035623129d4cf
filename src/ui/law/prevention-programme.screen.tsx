import { Alert, Breadcrumb, Button, Card, Checkbox, Descriptions, Form, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { PolicyElement } from '../../domain/compliance/prevention-programme';
import { POLICY_ELEMENTS, POLICY_ELEMENT_WORDS } from '../../domain/compliance/prevention-programme';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { PreventionProgrammeViewModel } from './prevention-programme.view-model';
import { CommitteeDisagreements } from './committee-disagreements';
import { DateInput } from '../shared/date-input';
import { showDate } from '../i18n/i18n';

interface Values {
  elements: PolicyElement[];
  policyReviewedOn: string;
  assessmentReviewedOn: string;
}

/**
 * Canada's prevention programme (docs/law.md; CA-03, CA-12): the elements the prevention policy contains, confirmed
 * one by one, and the days of the last joint reviews of the policy and of the workplace assessment.
 */
export const PreventionProgrammeScreen = observer(function PreventionProgrammeScreen() {
  const vm = useViewModel(PreventionProgrammeViewModel);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const p = vm.programme.value;
  const err = (field: string) =>
    vm.fieldErrors[field] ? { validateStatus: 'error' as const, help: vm.fieldErrors[field] } : {};
  return (
    <section aria-labelledby="prevention-title" style={{ maxWidth: 880 }}>
      <Breadcrumb items={[{ title: <Link to="/compliance">Compliance</Link> }, { title: 'Prevention programme' }]} />
      <Typography.Title level={1} id="prevention-title">
        Prevention programme
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        What Canada’s Regulations ask of the prevention policy, and its joint reviews every 3 years.
      </Typography.Paragraph>
      {vm.programme.status === 'loading' && !p ? <Loading label="Loading the prevention programme" /> : null}
      {vm.programme.status === 'error' ? (
        <LoadError message={vm.programme.error ?? ''} onRetry={() => void vm.load()} />
      ) : null}
      {p ? (
        <>
          {vm.message ? (
            <Alert type="success" showIcon role="status" message={vm.message} style={{ marginBottom: 12 }} />
          ) : null}
          {vm.actionError ? (
            <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 12 }} />
          ) : null}
          <Card size="small" title="Joint reviews due" style={{ marginBottom: 16 }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="Policy">
                {p.policyReviewDue ? showDate(p.policyReviewDue) : 'No joint review recorded'}
              </Descriptions.Item>
              <Descriptions.Item label="Workplace assessment">
                {p.assessmentReviewDue ? showDate(p.assessmentReviewDue) : 'No joint assessment recorded'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Form<Values>
            form={form}
            layout="vertical"
            aria-label="Prevention programme"
            initialValues={{
              elements: [...p.elements],
              policyReviewedOn: p.policyReviewedOn ?? '',
              assessmentReviewedOn: p.assessmentReviewedOn ?? '',
            }}
            onFinish={(v) =>
              void vm.save({
                elements: v.elements ?? [],
                policyReviewedOn: v.policyReviewedOn || null,
                assessmentReviewedOn: v.assessmentReviewedOn || null,
              })
            }
          >
            <Form.Item
              name="elements"
              label="The policy contains"
              extra="Tick each element once you have checked it is in the published policy (SOR/2020-130 s.10(2))."
              {...err('elements')}
            >
              <Checkbox.Group aria-label="The policy contains">
                <Space direction="vertical">
                  {POLICY_ELEMENTS.map((e) => (
                    <Checkbox key={e} value={e}>
                      {POLICY_ELEMENT_WORDS[e]}
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            </Form.Item>
            <Space wrap>
              <Form.Item
                name="policyReviewedOn"
                label="Policy last reviewed jointly on"
                htmlFor="policy-reviewed-on"
                {...err('policyReviewedOn')}
              >
                <DateInput id="policy-reviewed-on" />
              </Form.Item>
              <Form.Item
                name="assessmentReviewedOn"
                label="Workplace assessment last done or reviewed jointly on"
                htmlFor="assessment-reviewed-on"
                {...err('assessmentReviewedOn')}
              >
                <DateInput id="assessment-reviewed-on" />
              </Form.Item>
            </Space>
            <Typography.Paragraph type="secondary">
              Update the assessment too after a notice whose responding party is a third party.
            </Typography.Paragraph>
            <Button type="primary" htmlType="submit" loading={vm.saving}>
              Save
            </Button>
          </Form>
          <CommitteeDisagreements />
        </>
      ) : null}
    </section>
  );
});

export default PreventionProgrammeScreen;
