import { Alert, Card, Col, Empty, List, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ComplaintStageCounts } from '../../contracts/case/complaints.contract';
import { ALL_BUSINESS_UNITS } from '../../domain/organisation/business-unit-selection';
import { useViewModel } from '../shared/container-context';
import { LoadError, Placeholder } from '../shared/page-state';
import { useShell } from '../shell/shell-context';
import { ComplianceDashboardViewModel, type DashboardBar } from './compliance-dashboard.view-model';

/** The charting library comes with this import only: pages without a chart never load it. */
const ProgressChart = lazy(() => import('./progress-chart'));

interface Words {
  total: string;
  done: string;
  late: string;
  rest: string;
}

/** The chart's figures in words: what a screen reader reads of the chart (the Table view holds the same, with links). */
function summaryOf(title: string, bars: DashboardBar[], words: Words): string {
  const parts = bars.map(
    (b) =>
      `${b.label}: ${b.done} of ${b.total} ${words.done.toLowerCase()} (${b.percent}%), ${b.late} ${words.late.toLowerCase()}`,
  );
  return `${title}. ${parts.join('; ')}.`;
}

const linked = (text: string, href: string | null) => (href ? <Link to={href}>{text}</Link> : text);

/** One question, one chart, and its table (a toggle; each figure of the table opens the report filtered to it). */
function ChartPart({
  title,
  bars,
  words,
  empty,
}: {
  title: string;
  bars: DashboardBar[];
  words: Words;
  empty: string;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={
        bars.length > 0 && (
          <Segmented
            size="small"
            aria-label={`Show ${title.toLowerCase()} as`}
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            options={[
              { label: 'Chart', value: 'chart' },
              { label: 'Table', value: 'table' },
            ]}
          />
        )
      }
      style={{ height: '100%' }}
    >
      {bars.length === 0 ? (
        <Empty
          description={<Typography.Text type="secondary">{empty}</Typography.Text>}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
        />
      ) : view === 'chart' ? (
        <div role="img" aria-label={summaryOf(title, bars, words)}>
          <Suspense fallback={<Placeholder paragraph={{ rows: 3 }} />}>
            <ProgressChart
              data={bars.map((b) => ({
                label: b.label,
                done: b.done,
                late: b.late,
                rest: Math.max(0, b.total - b.done - b.late),
              }))}
              labels={words}
            />
          </Suspense>
        </div>
      ) : (
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          scroll={{ x: true }}
          dataSource={bars}
          columns={[
            { title: 'Name', dataIndex: 'label', render: (_: unknown, b: DashboardBar) => linked(b.label, b.href) },
            { title: words.total, dataIndex: 'total', align: 'right' },
            {
              title: words.done,
              dataIndex: 'done',
              align: 'right',
              render: (_: unknown, b: DashboardBar) => linked(`${b.done} (${b.percent}%)`, b.doneHref),
            },
            {
              title: words.late,
              dataIndex: 'late',
              align: 'right',
              render: (_: unknown, b: DashboardBar) => linked(String(b.late), b.lateHref),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** A count of cases as shown: a hidden one (under 3, or one that would give such a count away) in words. */
const shownCount = (n: number | null) => (n === null ? 'Hidden' : String(n));

/**
 * Open complaints by stage, with the cases whose clocks are due soon or missed: counts only, workspace-wide; small
 * counts come hidden from the server (docs/case.md "Counts by stage"). Each stage links to Complaint figures.
 */
function StagesCard({ stages }: { stages: ComplaintStageCounts }) {
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          Open complaints by stage
        </Typography.Title>
      }
      style={{ height: '100%' }}
    >
      {stages.stages.length === 0 ? (
        <Typography.Text type="secondary">No complaint is open.</Typography.Text>
      ) : (
        <>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            scroll={{ x: true }}
            dataSource={stages.stages.map((st) => ({ ...st }))}
            columns={[
              {
                title: 'Stage',
                dataIndex: 'name',
                render: (name: string) => <Link to="/complaints/figures">{name}</Link>,
              },
              { title: 'Open', dataIndex: 'open', align: 'right', render: shownCount },
              { title: 'Due soon', dataIndex: 'dueSoon', align: 'right', render: shownCount },
              { title: 'Missed', dataIndex: 'missed', align: 'right', render: shownCount },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {`Counts under ${stages.smallestShown} are hidden, and so is one more where the total would give them away: a small count could point at a person.`}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}

const COURSE_WORDS: Words = { total: 'Assigned', done: 'Completed', late: 'Overdue', rest: 'Not yet completed' };
const POLICY_WORDS: Words = { total: 'People', done: 'Accepted', late: 'Overdue', rest: 'To accept' };

/**
 * The admin's home: where the workspace (a business-unit admin: their unit) stands, at a glance (docs/reports.md
 * "The dashboard"). Figures first, then a chart per question, then what needs attention; every figure links to the
 * report or page filtered to it.
 */
export const ComplianceDashboardCard = observer(function ComplianceDashboardCard() {
  const vm = useViewModel(ComplianceDashboardViewModel);
  const shell = useShell();
  const sees = (key: string) => shell.navigation.some((item) => item.key === key);
  const seesComplaints = sees('complaint-figures');
  const seesRules = sees('compliance') && sees('committees');
  // The header's business unit narrows the training and policy figures; the complaints' counts stay workspace-wide.
  const branchId = shell.selectedUnit && shell.selectedUnit !== ALL_BUSINESS_UNITS ? shell.selectedUnit : null;
  const reload = () => void vm.load({ complaints: seesComplaints, rules: seesRules, branchId });
  useEffect(() => {
    void vm.load({ complaints: seesComplaints, rules: seesRules, branchId });
  }, [vm, seesComplaints, seesRules, branchId]);
  const f = vm.figures;
  return (
    <section aria-labelledby="compliance-dashboard-title" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="compliance-dashboard-title" style={{ fontSize: 22 }}>
        Where you stand
      </Typography.Title>
      {vm.status === 'loading' && !f && (
        <div role="status" aria-label="Loading the figures">
          <Placeholder paragraph={{ rows: 6 }} />
        </div>
      )}
      {vm.status === 'error' && <LoadError message={vm.error ?? ''} onRetry={reload} />}
      {f && (
        <>
          {f.scopedTo && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={`Only the people of ${f.scopedTo}: your business unit.`}
            />
          )}
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={12} md={8} lg={4}>
              <Link
                to={vm.completedHref}
                aria-label={`Training completed: ${vm.completionPercent}%, ${f.training.completed} of ${f.training.assigned} assignments`}
              >
                <Card size="small" hoverable>
                  <Statistic title="Training completed" value={vm.completionPercent} suffix="%" />
                  <Typography.Text type="secondary">
                    {f.training.completed} of {f.training.assigned} assignments
                  </Typography.Text>
                </Card>
              </Link>
            </Col>
            <Col xs={12} md={8} lg={4}>
              <Link
                to={vm.overdueHref}
                aria-label={`Overdue learners: ${f.training.overdueLearners}, ${f.training.overdue} courses overdue`}
              >
                <Card size="small" hoverable>
                  <Statistic title="Overdue learners" value={f.training.overdueLearners} />
                  <Typography.Text type="secondary">{f.training.overdue} courses overdue</Typography.Text>
                </Card>
              </Link>
            </Col>
            <Col xs={12} md={8} lg={4}>
              <Link to={vm.acceptedHref} aria-label={`Policy acceptance: ${vm.acceptancePercent}%`}>
                <Card size="small" hoverable>
                  <Statistic title="Policy acceptance" value={vm.acceptancePercent} suffix="%" />
                  <Typography.Text type="secondary">across {f.byPolicy.length} policies</Typography.Text>
                </Card>
              </Link>
            </Col>
            <Col xs={12} md={8} lg={4}>
              <Link
                to={vm.expiringHref}
                aria-label={`Certificates expiring: ${f.certificates.total} in the next 60 days`}
              >
                <Card size="small" hoverable>
                  <Statistic title="Certificates expiring" value={f.certificates.total} />
                  <Typography.Text type="secondary">in the next 60 days</Typography.Text>
                </Card>
              </Link>
            </Col>
            {vm.rules && (
              <Col xs={12} md={8} lg={4}>
                <Link to="/compliance" aria-label={`Compliance rules not met: ${vm.rulesNotMet.length}`}>
                  <Card size="small" hoverable>
                    <Statistic title="Rules not met" value={vm.rulesNotMet.length} />
                    <Typography.Text type="secondary">of {vm.rules.length} rules of the law</Typography.Text>
                  </Card>
                </Link>
              </Col>
            )}
            {vm.complaints && (
              <Col xs={12} md={8} lg={4}>
                <Link to="/complaints/figures" aria-label={`Open complaints: ${vm.complaints.open}`}>
                  <Card size="small" hoverable>
                    <Statistic title="Open complaints" value={vm.complaints.open} />
                    <Typography.Text type="secondary">
                      {vm.complaints.casesWithMissedClock ?? 0} with a missed clock
                    </Typography.Text>
                  </Card>
                </Link>
              </Col>
            )}
          </Row>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {!f.scopedTo && !vm.branchId && (
              <Col xs={24} lg={12}>
                <ChartPart
                  title="Training by business unit"
                  bars={vm.units}
                  words={COURSE_WORDS}
                  empty="No course is assigned yet: assign one from Courses."
                />
              </Col>
            )}
            <Col xs={24} lg={12}>
              <ChartPart
                title="Training by course"
                bars={vm.courses}
                words={COURSE_WORDS}
                empty="No course is assigned yet: assign one from Courses."
              />
            </Col>
            <Col xs={24} lg={12}>
              <ChartPart
                title="Policy acceptance by policy"
                bars={vm.policies}
                words={POLICY_WORDS}
                empty="No policy is published yet: publish one from Policies."
              />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12} lg={8}>
              <Card
                size="small"
                title={
                  <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
                    Certificates expiring soon
                  </Typography.Title>
                }
              >
                <List
                  size="small"
                  dataSource={vm.expiring}
                  rowKey="key"
                  locale={{
                    emptyText: (
                      <Typography.Text type="secondary">
                        {'No certificate expires in the next 60 days.'}
                      </Typography.Text>
                    ),
                  }}
                  renderItem={(c) => (
                    <List.Item>
                      <Link to={c.href}>{c.label}</Link> · {c.count} {c.count === 1 ? 'certificate' : 'certificates'}
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            {vm.rules && (
              <Col xs={24} md={12} lg={8}>
                <Card
                  size="small"
                  title={
                    <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
                      Rules not met
                    </Typography.Title>
                  }
                >
                  <List
                    size="small"
                    dataSource={vm.rulesNotMet}
                    rowKey="ruleId"
                    locale={{
                      emptyText: <Typography.Text type="secondary">{'Every rule of the law is met.'}</Typography.Text>,
                    }}
                    renderItem={(r) => (
                      <List.Item>
                        <Link to={r.actionPath}>
                          {r.ruleId}: {r.title}
                        </Link>
                        {r.status === 'AT_RISK' ? ' (at risk)' : ''}
                      </List.Item>
                    )}
                  />
                </Card>
              </Col>
            )}
            {vm.stages && (
              <Col xs={24} md={12} lg={8}>
                <StagesCard stages={vm.stages} />
              </Col>
            )}
            {vm.complaints && (
              <Col xs={24} md={12} lg={8}>
                <Card
                  size="small"
                  title={
                    <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
                      Clocks at risk
                    </Typography.Title>
                  }
                >
                  <List
                    size="small"
                    dataSource={vm.clocksAtRisk}
                    rowKey="id"
                    locale={{
                      emptyText: (
                        <Typography.Text type="secondary">
                          {'No clock of an open case is due soon or missed.'}
                        </Typography.Text>
                      ),
                    }}
                    renderItem={(c) => (
                      <List.Item>
                        <Link to="/complaints/figures">{c.label}</Link> · {c.missed} missed, {c.dueSoon} due soon
                      </List.Item>
                    )}
                  />
                </Card>
              </Col>
            )}
          </Row>
        </>
      )}
    </section>
  );
});

export default ComplianceDashboardCard;
