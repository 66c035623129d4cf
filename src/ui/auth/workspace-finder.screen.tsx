import { Button, Card, List, Result, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { SiteInfo } from '../../application/shared/site';
import { useService } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { SessionViewModel } from '../shell/session.view-model';
import { ListItemText } from '../shared/list-item-text';

/** The main site's landing after sign-in: the user picks a workspace and is sent to its host. */
export const WorkspaceFinderScreen = observer(function WorkspaceFinderScreen() {
  const session = useService(SessionViewModel);
  const site = useService<SiteInfo>(SiteInfo);
  useEffect(() => {
    if (session.status === 'unknown') void session.load();
  }, [session]);

  if (session.status === 'unknown' || session.status === 'loading') return <Loading />;
  if (session.status === 'error')
    return <LoadError message={session.error ?? ''} onRetry={() => void session.load()} />;
  const port = window.location.port ? `:${window.location.port}` : '';
  const user = session.user;

  return (
    <div className="auth-page">
      <Card className="auth-card" style={{ maxWidth: 560 }}>
        <Typography.Title level={1}>Your workspaces</Typography.Title>
        {!user ? (
          <Result
            status="info"
            title="Sign in to find your workspace"
            extra={
              <Button type="primary" href="/signin">
                Sign in
              </Button>
            }
          />
        ) : user.kind === 'platform-admin' ? (
          <>
            <Typography.Paragraph>
              You are signed in as the platform administrator ({user.email}). Workspaces, feature flags and the
              maintenance switch are managed from the platform console.
            </Typography.Paragraph>
            <Button type="primary" href="/platform/workspaces">
              Open the platform console
            </Button>
          </>
        ) : user.kind === 'account' && user.workspaces.length > 0 ? (
          <List
            dataSource={user.workspaces}
            renderItem={(w) => (
              <List.Item
                actions={[
                  <a key="go" href={`${site.protocol}//${w.workspaceUrl}${port}/signin`}>
                    Continue to {w.companyName}
                  </a>,
                ]}
              >
                <ListItemText title={w.companyName} description={`${w.workspaceUrl}${port}`} />
              </List.Item>
            )}
          />
        ) : (
          <Result
            status="warning"
            title="No workspace found"
            subTitle="Your account does not belong to any active workspace. Ask your administrator for an invite."
          />
        )}
        {user ? (
          <Button style={{ marginTop: 16 }} onClick={() => void session.signOut()}>
            Sign out
          </Button>
        ) : null}
      </Card>
    </div>
  );
});

export default WorkspaceFinderScreen;
