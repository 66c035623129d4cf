import { Card, Col, Row, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useMemo } from 'react';
import type { Container } from 'inversify';
import { Link } from 'react-router';
import { loadArea } from '../app/areas';
import { tr } from '../i18n/i18n';
import { useContainer, useService } from '../shared/container-context';
import { Loading } from '../shared/page-state';
import { PartBoundary } from '../shared/part-boundary';
import { SessionViewModel } from '../shell/session.view-model';
import { useShell } from '../shell/shell-context';

/**
 * A card's code with its area's bindings: both downloads start at once (the card's chunk does not wait for the area's),
 * one round trip fewer before the home shows its cards.
 */
async function withArea<T>(container: Container, area: Parameters<typeof loadArea>[1], card: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([card, loadArea(container, area)]);
  return loaded;
}

/** "Policies to accept" is the policies area's: its code and bindings load with the home page's card. */
function lazyPoliciesToAccept(container: Container) {
  return lazy(() => withArea(container, 'policies', import('../policies/policies-to-accept.card')));
}

/** The people summary is the people area's: its code and bindings load only for the admins who see it. */
function lazyPeopleStats(container: Container) {
  return lazy(() => withArea(container, 'people', import('../people/people-stats.card')));
}

/** The complaint setup's warnings are the complaints area's: loaded only for those who set complaints up. */
function lazyComplaintReadiness(container: Container) {
  return lazy(() => withArea(container, 'complaints', import('../complaints/complaint-readiness.card')));
}

/** The compliance dashboard reads through the reports area (its figures are the reports'): loaded for those who see reports. */
function lazyComplianceDashboard(container: Container) {
  return lazy(() => withArea(container, 'reports', import('./compliance-dashboard.card')));
}

/** The learner's cards are the training area's: its code and bindings load with the dashboard, for every role. */
function lazyTrainingCards(container: Container) {
  return lazy(async () => ({
    default: (await withArea(container, 'training', import('../training/training-cards'))).TrainingCards,
  }));
}

export const DashboardScreen = observer(function DashboardScreen() {
  const session = useService(SessionViewModel);
  const shell = useShell();
  const container = useContainer();
  const PeopleStats = useMemo(() => lazyPeopleStats(container), [container]);
  const TrainingCards = useMemo(() => lazyTrainingCards(container), [container]);
  const PoliciesToAccept = useMemo(() => lazyPoliciesToAccept(container), [container]);
  const ComplaintReadiness = useMemo(() => lazyComplaintReadiness(container), [container]);
  const ComplianceDashboard = useMemo(() => lazyComplianceDashboard(container), [container]);
  const user = session.workspaceUser;
  if (!user) return null;
  const seesPeople = shell.navigation.some((item) => item.key === 'people');
  const setsUpComplaints = shell.navigation.some((item) => item.key === 'committees');
  // An admin's home is the compliance dashboard; the menu's index is for those who have no dashboard.
  const seesDashboard = shell.navigation.some((item) => item.key === 'reports');
  const links = seesDashboard ? [] : shell.navigation.filter((item) => item.key !== 'dashboard');
  const learns = shell.navigation.some((item) => item.key === 'my-training');
  // Home is "My training" for an employee (UI.md); an admin sees it only when a course is assigned to them.
  const employee = user.role === 'EMPLOYEE';
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        {tr('home.welcome', { name: user.firstName })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {tr('home.roleAt', { role: tr(`roles.${user.role}`), company: user.workspace.companyName })}
      </Typography.Paragraph>
      {setsUpComplaints && (
        <PartBoundary what="The complaint setup">
          <Suspense fallback={null}>
            <ComplaintReadiness />
          </Suspense>
        </PartBoundary>
      )}
      {seesDashboard && (
        <PartBoundary what="Where you stand">
          <Suspense fallback={<Loading label="Counting where you stand" />}>
            <ComplianceDashboard />
          </Suspense>
        </PartBoundary>
      )}
      {learns && (
        <PartBoundary what="Your training">
          <Suspense fallback={employee ? <Loading label={tr('home.loadingTraining')} /> : null}>
            <TrainingCards headingLevel={3} title={tr('training.title')} quietWhenEmpty={!employee} />
          </Suspense>
        </PartBoundary>
      )}
      {/* With the courses and policies module off the card's call answers 403 and the card shows nothing. */}
      <PartBoundary what="Your policies to accept">
        <Suspense fallback={<Loading label={tr('home.loadingPolicies')} />}>
          <PoliciesToAccept />
        </Suspense>
      </PartBoundary>
      {seesPeople && (
        <PartBoundary what="The summary of your people">
          <Suspense fallback={<Loading label="Counting your people" />}>
            <PeopleStats />
          </Suspense>
        </PartBoundary>
      )}
      <Row gutter={[16, 16]}>
        {links.map((item) => (
          <Col xs={24} md={8} key={item.key}>
            <Link to={item.path}>
              <Card hoverable title={item.label}>
                <Typography.Text type="secondary">{item.description}</Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
});

export default DashboardScreen;
