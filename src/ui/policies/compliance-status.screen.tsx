import { Alert, Button, Card, Col, Form, Progress, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Obligation, ObligationState } from '../../contracts/learning/compliance.contract';
import { LegalRulesSection } from './legal-rules.section';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { KIND_LABELS } from './compliance-kinds';
import { ComplianceStatusViewModel, STATE_LABELS } from './compliance-status.view-model';
import { showDate } from '../i18n/i18n';

function Evidence({ obligation }: { obligation: Obligation }) {
  if (obligation.training && obligation.training.courses.length > 0) {
    return (
      <div>
        <Typography.Text>Courses: {obligation.training.courses.join(', ')}</Typography.Text>
        <div>
          <Typography.Text type="secondary">Assigned</Typography.Text>
          <Progress
            percent={obligation.training.assignedPercent}
            size="small"
            aria-label={`${obligation.title}: assigned`}
          />
        </div>
        <div>
          <Typography.Text type="secondary">Completed</Typography.Text>
          <Progress
            percent={obligation.training.completedPercent}
            size="small"
            aria-label={`${obligation.title}: completed`}
          />
        </div>
        <Typography.Text type="secondary">{obligation.evidence}</Typography.Text>
      </div>
    );
  }
  return <Typography.Text>{obligation.evidence}</Typography.Text>;
}

/** The workspace's compliance: the jurisdictions it operates in, and for each what the law asks, the evidence, and what is missing. */
export const ComplianceStatusScreen = observer(function ComplianceStatusScreen() {
  const vm = useViewModel(ComplianceStatusViewModel);
  const [choosing, setChoosing] = useState(false);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const report = vm.report;
  const figures = vm.figures;
  return (
    <section aria-labelledby="compliance-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} id="compliance-title" style={{ margin: 0 }}>
          Compliance
        </Typography.Title>
        <Button type="primary" onClick={() => setChoosing((open) => !open)} aria-expanded={choosing}>
          Choose jurisdictions
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        What the law asks of your workplace in each jurisdiction you operate in, the evidence SafePlace holds, and what
        is still missing.
      </Typography.Paragraph>
      {vm.compliance.status === 'loading' && !report ? <Loading label="Loading your compliance" /> : null}
      {vm.compliance.status === 'error' ? (
        <LoadError message={vm.compliance.error ?? ''} onRetry={() => void vm.load()} />
      ) : null}
      {choosing && vm.compliance.status !== 'error' ? (
        <Card style={{ marginBottom: 16 }}>
          <Form<{ jurisdictionIds: string[] }>
            layout="vertical"
            initialValues={{ jurisdictionIds: vm.declared.map((j) => j.id) }}
            onFinish={async (values) => {
              if (await vm.declare(values.jurisdictionIds ?? [])) setChoosing(false);
            }}
          >
            <Form.Item
              label="Jurisdictions you operate in"
              name="jurisdictionIds"
              extra="A country, or the states and provinces where you have people"
            >
              <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={vm.options} />
            </Form.Item>
            {vm.saveError ? <Alert type="error" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={vm.saving}>
                Save jurisdictions
              </Button>
              <Button onClick={() => setChoosing(false)}>Cancel</Button>
            </Space>
          </Form>
        </Card>
      ) : null}
      {report && vm.compliance.status !== 'error' ? (
        report.jurisdictions.length === 0 ? (
          <EmptyState title="You have not said where you operate yet: choose your jurisdictions to see what the law asks of you.">
            <Button type="primary" onClick={() => setChoosing(true)}>
              Choose jurisdictions
            </Button>
          </EmptyState>
        ) : (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Row gutter={[16, 16]}>
              {(['MET', 'PARTIAL', 'MISSING', 'NOT_TRACKED'] as ObligationState[]).map((state) => (
                <Col key={state} xs={12} md={6}>
                  <Card size="small">
                    <Statistic title={STATE_LABELS[state].text} value={figures[state]} />
                  </Card>
                </Col>
              ))}
            </Row>
            {vm.showsCadence ? (
              <Alert
                type="info"
                showIcon
                title="Canada: training within 3 months of hire, then every 3 years (CA-11)"
                description={<Link to="/compliance/training-cadence">See when each person’s training falls due</Link>}
              />
            ) : null}
            {report.jurisdictions.map(({ jurisdiction, obligations }) => (
              <section key={jurisdiction.id} aria-labelledby={`jurisdiction-${jurisdiction.id}`}>
                <Typography.Title level={2} id={`jurisdiction-${jurisdiction.id}`} style={{ fontSize: 20 }}>
                  {jurisdiction.name} ({jurisdiction.code})
                </Typography.Title>
                {obligations.length === 0 ? (
                  <Typography.Text type="secondary">
                    The catalogue lists no obligation for {jurisdiction.name} yet.
                  </Typography.Text>
                ) : (
                  // One card per obligation (not a table): it reads on a 390 px phone without a scrolling region.
                  <ul
                    aria-label={`Obligations of ${jurisdiction.name}`}
                    style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }}
                  >
                    {obligations.map((o) => (
                      <li key={o.complianceId} aria-label={o.title}>
                        <Card size="small">
                          <Space wrap style={{ marginBottom: 8 }}>
                            <Typography.Text strong>{o.title}</Typography.Text>
                            <Tag>{KIND_LABELS[o.kind]}</Tag>
                            <Tag color={STATE_LABELS[o.state].color}>{STATE_LABELS[o.state].text}</Tag>
                          </Space>
                          <div>
                            <Evidence obligation={o} />
                          </div>
                          <dl
                            style={{
                              margin: '8px 0 0',
                              display: 'grid',
                              gridTemplateColumns: 'auto 1fr',
                              columnGap: 12,
                              rowGap: 4,
                            }}
                          >
                            <dt>What is missing</dt>
                            <dd style={{ margin: 0 }}>{o.missing ?? 'Nothing'}</dd>
                            <dt>Falls due</dt>
                            <dd style={{ margin: 0 }}>{o.dueOn ? showDate(o.dueOn) : 'No date'}</dd>
                          </dl>
                        </Card>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
            <LegalRulesSection />
          </Space>
        )
      ) : null}
    </section>
  );
});

export default ComplianceStatusScreen;
