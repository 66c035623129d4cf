import { App as AntApp, Button, Result, Space, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useService } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { SessionViewModel } from '../shell/session.view-model';
import { PLATFORM_MENU, PLATFORM_MENU_SECTIONS } from './platform-menu';
import { ShellFrame } from '../shell/shell-frame';
import { ProductMark } from '../shared/product-mark';

/** The platform console's frame on the main site: side menu, who is signed in, sign-out. Platform admin only. */
export const PlatformShell = observer(function PlatformShell() {
  const session = useService(SessionViewModel);
  const location = useLocation();
  useEffect(() => {
    if (session.status === 'unknown') void session.load();
  }, [session]);

  if (session.status === 'unknown' || session.status === 'loading') return <Loading label="Checking your session" />;
  if (session.status === 'error')
    return <LoadError message={session.error ?? ''} onRetry={() => void session.load()} />;
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
      <ShellFrame
        brand={
          <>
            <ProductMark />
            <Typography.Text strong>SafePlace platform</Typography.Text>
          </>
        }
        menu={{
          label: 'Platform',
          sections: PLATFORM_MENU_SECTIONS,
          selected,
        }}
        header={
          <>
            <Typography.Text type="secondary" className="shell-header-title">
              Platform administration
            </Typography.Text>
            <Space wrap className="shell-account">
              <Typography.Text className="shell-account-name">{user.email}</Typography.Text>
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
          </>
        }
      >
        <Outlet />
      </ShellFrame>
    </AntApp>
  );
});

export default PlatformShell;

/** antd's Result title is not a heading: give the page its one. */
function PageHeading({ children }: { children: string }) {
  return <h1 className="result-title">{children}</h1>;
}
