import { App as AntApp, Button, Layout, Menu, Result, Space, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useService } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { SessionViewModel } from '../shell/session.view-model';
import { PLATFORM_MENU } from './platform-menu';

/** The platform console's frame on the main site: side menu, who is signed in, sign-out. Platform admin only. */
export const PlatformShell = observer(function PlatformShell() {
  const session = useService(SessionViewModel);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status === 'unknown') void session.load();
  }, [session]);

  if (session.status === 'unknown' || session.status === 'loading') return <Loading label="Checking your session" />;
  if (session.status === 'error') return <LoadError message={session.error ?? ''} onRetry={() => void session.load()} />;
  const user = session.user;
  if (!user) {
    return (
      <main className="auth-page">
        <Result
          status="403"
          title={<PageHeading>Sign in to the platform console</PageHeading>}
          subTitle="This area is for the SafePlace platform administrator. Sign in with the platform administrator's account to continue."
          extra={
            <Button type="primary" href={`/signin?redirect=${encodeURIComponent(window.location.href)}`}>
              Sign in
            </Button>
          }
        />
      </main>
    );
  }
  if (user.kind !== 'platform-admin') {
    return (
      <main className="auth-page">
        <Result
          status="403"
          title={<PageHeading>Not allowed</PageHeading>}
          subTitle={`The platform console is for the SafePlace platform administrator only. You are signed in as ${user.email}.`}
          extra={<Button href="/workspace/signin">Go to your workspaces</Button>}
        />
      </main>
    );
  }

  const selected = PLATFORM_MENU.find((item) => location.pathname.startsWith(item.path))?.key;
  return (
    <AntApp>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="light" width={232}>
          <div className="shell-brand">
            <Typography.Text strong>SafePlace platform</Typography.Text>
          </div>
          <nav aria-label="Platform">
            <Menu
              mode="inline"
              selectedKeys={selected ? [selected] : []}
              items={PLATFORM_MENU.map((item) => ({ key: item.key, label: item.label }))}
              onClick={({ key }) => navigate(PLATFORM_MENU.find((item) => item.key === key)!.path)}
            />
          </nav>
        </Layout.Sider>
        <Layout>
          <Layout.Header className="shell-header">
            <Typography.Text type="secondary">Platform administration</Typography.Text>
            <Space>
              <Typography.Text>{user.email}</Typography.Text>
              <Button
                icon={<LogoutOutlined />}
                onClick={async () => {
                  await session.signOut();
                  window.location.assign('/signin');
                }}
              >
                Sign out
              </Button>
            </Space>
          </Layout.Header>
          <Layout.Content className="shell-content">
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
});

export default PlatformShell;

/** antd's Result title is not a heading: give the page its one. */
function PageHeading({ children }: { children: string }) {
  return (
    <span role="heading" aria-level={1}>
      {children}
    </span>
  );
}
