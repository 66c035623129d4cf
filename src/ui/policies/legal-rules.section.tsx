import { Alert, Card, Col, List, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { LegalRule, RuleStatus } from '../../contracts/case/law.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { LegalRulesViewModel, RETURN_NAMES, RULE_STATUS } from './legal-rules.view-model';

const readable = (iso: string) =>
  new Date(`${iso}T00:00:00`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The compliance page's part for the law (docs/law.md): every rule of the declared countries with its status, what
 * SafePlace computed (counts only) and the penalty beside a rule not met (IN-15); then the returns due this year.
 */
export const LegalRulesSection = observer(function LegalRulesSection() {
  const vm = useViewModel(LegalRulesViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  if (vm.overview.status === 'loading' && vm.rules.length === 0) return <Loading label="Loading the legal rules" />;
  if (vm.overview.status === 'error')
    return <LoadError message={vm.overview.error ?? ''} onRetry={() => void vm.load()} />;
  const counts = vm.counts;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <section aria-labelledby="returns-title">
        <Typography.Title level={2} id="returns-title" style={{ fontSize: 20 }}>
          Statutory returns
        </Typography.Title>
        <List
          bordered
          dataSource={vm.due.map((d) => ({ ...d }))}
          locale={{
            emptyText: <Typography.Text>No return applies to the jurisdictions you declared.</Typography.Text>,
          }}
          renderItem={(d) => (
            <List.Item>
              <Space wrap>
                <Typography.Text strong>{RETURN_NAMES[d.kind]}</Typography.Text>
                <span>for {d.period}</span>
                <Tag color={d.done ? 'green' : 'red'}>{d.done ? 'Done' : 'Not done'}</Tag>
                <span>due by {readable(d.deadline)}</span>
              </Space>
            </List.Item>
          )}
        />
        <Space wrap style={{ marginTop: 8 }}>
          <Link to="/compliance/returns">Make the returns</Link>
          <Link to="/compliance/duties">Record workshops and the notice (IN-12)</Link>
          <Link to="/compliance/prevention">Record Canada’s prevention programme (CA-03, CA-12)</Link>
        </Space>
      </section>
      <section aria-labelledby="rules-title">
        <Typography.Title level={2} id="rules-title" style={{ fontSize: 20 }}>
          Legal rules
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Each rule the law sets for the countries you declared, judged from counts: never a name or a case.
        </Typography.Paragraph>
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {(['NOT_MET', 'AT_RISK', 'MET', 'NOT_APPLICABLE'] as RuleStatus[]).map((s) => (
            <Col key={s} xs={12} md={6}>
              <Card size="small">
                <Statistic title={RULE_STATUS[s].text} value={counts[s]} />
              </Card>
            </Col>
          ))}
        </Row>
        {counts.NOT_MET > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`${counts.NOT_MET} rules not met: see the penalty beside each`}
          />
        ) : null}
        <Table<LegalRule>
          rowKey="ruleId"
          size="small"
          pagination={false}
          dataSource={vm.rows}
          aria-label="Legal rules"
          columns={[
            {
              title: 'Rule',
              key: 'rule',
              render: (_, r) => (
                <div>
                  <Link to={r.actionPath} aria-label={`${r.ruleId}: ${r.title} (where to act)`}>
                    {r.ruleId}
                  </Link>
                  <div>{r.title}</div>
                </div>
              ),
            },
            {
              title: 'Status',
              key: 'status',
              render: (_, r) => <Tag color={RULE_STATUS[r.status].color}>{RULE_STATUS[r.status].text}</Tag>,
            },
            {
              title: 'What SafePlace computed',
              key: 'computed',
              render: (_, r) => (
                <div>
                  <div>{r.computed.text}</div>
                  {r.penalty ? <Typography.Text type="danger">Penalty: {r.penalty}</Typography.Text> : null}
                </div>
              ),
            },
          ]}
        />
      </section>
    </Space>
  );
});
