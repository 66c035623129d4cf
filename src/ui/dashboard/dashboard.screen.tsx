import { Card, Col, Row, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { ROLE_LABELS } from '../../domain/auth/roles';
import { useService } from '../shared/container-context';
import { SessionViewModel } from '../shell/session.view-model';
import { useShell } from '../shell/shell-context';

export const DashboardScreen = observer(function DashboardScreen() {
  const session = useService(SessionViewModel);
  const shell = useShell();
  const user = session.workspaceUser;
  if (!user) return null;
  const links = shell.navigation.filter((item) => item.key !== 'dashboard');
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Welcome, {user.firstName}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {ROLE_LABELS[user.role]} at {user.workspace.companyName}
      </Typography.Paragraph>
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
