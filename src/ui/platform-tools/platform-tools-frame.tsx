import { App as AntApp, Button, Layout, Menu, Result, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useService } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { SessionViewModel } from '../shell/session.view-model';
import { PLATFORM_TOOLS_MENU } from './platform-tools.routes';

/**
 * A minimal frame for the platform tools until the platform console's shell is merged (it replaces this):
 * the platform admin only, a side menu of the tools, sign-out.
 */
export const PlatformToolsFrame = observer(function PlatformToolsFrame() {
  const session = useService(SessionViewModel);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status === 'unknown') void session.load();
  }, [session]);

  if (session.status === 'unknown' || session.status === 'loading') return <Loading label="Checking your session" />;
  if (session.status === 'error') return <LoadError message={session.error ?? ''} onRetry={() => void session.load()} />;
  if (!session.user) return <ToSignIn />;
  if (session.user.kind !== 'platform-admin') {
    return <Result status="403" title="For the platform administrator only" subTitle="Sign in with the platform administrator's account to use these tools." />;
  }

  const selected = PLATFORM_TOOLS_MENU.find((item) => location.pathname.startsWith(item.path))?.key;
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
              items={PLATFORM_TOOLS_MENU.map((item) => ({ key: item.key, label: item.label }))}
              onClick={({ key }) => navigate(PLATFORM_TOOLS_MENU.find((n) => n.key === key)!.path)}
            />
          </nav>
        </Layout.Sider>
        <Layout>
          <Layout.Header className="shell-header">
            <Typography.Text type="secondary">Platform administration</Typography.Text>
            <Space>
              <Typography.Text>{session.user.email}</Typography.Text>
              <Button
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

export default PlatformToolsFrame;

function ToSignIn() {
  useEffect(() => {
    window.location.replace(`/signin?redirect=${encodeURIComponent(window.location.href)}`);
  }, []);
  return <Loading label="Taking you to sign-in" />;
}
