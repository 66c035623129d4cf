import { Alert, App as AntApp, Avatar, Button, ConfigProvider, Dropdown, Modal, Select, Space, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { menuSections, navigationAreaOf } from '../../domain/auth/navigation';
import { AccessDenied } from './access-denied';
import { textOn } from '../../domain/organisation/branding';
import { tr } from '../i18n/i18n';
import { useService, useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { SessionViewModel } from './session.view-model';
import { ShellViewModel } from './shell.view-model';
import { ShellContext } from './shell-context';
import { ProfileForm } from './profile-form';
import { ProfileViewModel } from './profile.view-model';
import { ShellFrame } from './shell-frame';
import { appTheme, DEFAULT_PRIMARY } from '../shared/theme';

/** The signed-in frame of a workspace: navigation by role, business-unit selector, user menu. */
export const AppShell = observer(function AppShell() {
  const session = useService(SessionViewModel);
  const shell = useViewModel(ShellViewModel);
  const profile = useViewModel(ProfileViewModel);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (session.status === 'unknown') void session.load();
  }, [session]);

  const user = session.workspaceUser;
  useEffect(() => {
    if (user)
      void shell.load(user.role, user.branchIds, {
        modules: user.workspace.modules,
        contractExpiresOn: user.workspace.contractExpiresOn,
      });
  }, [shell, user]);

  if (session.status === 'unknown' || session.status === 'loading')
    return <Loading label={tr('player.checkingSession')} />;
  if (session.status === 'error')
    return <LoadError message={session.error ?? ''} onRetry={() => void session.load()} />;
  if (!user) return <ToSignIn />;

  const selected = navigationAreaOf(location.pathname)?.key;
  // An address outside the person's menu gets one page that says so, not the page's buttons beside a refusal.
  const access = shell.accessTo(location.pathname);
  return (
    <ShellContext.Provider value={shell}>
      {/* antd's App gives the signed-in screens message, notification and modal (App.useApp()). */}
      {/* The workspace's colour tints the primary where it keeps its contrast (shared/theme.ts). */}
      <ConfigProvider theme={appTheme(user.workspace.backgroundColor)}>
        <AntApp>
          <ShellFrame
            brand={
              <>
                {user.workspace.companyLogo ? (
                  <img src={user.workspace.companyLogo} alt={`${user.workspace.companyName} logo`} height={28} />
                ) : null}
                <Typography.Text strong style={{ color: 'inherit' }}>
                  {user.workspace.companyName}
                </Typography.Text>
              </>
            }
            brandStyle={brandStyle(user.workspace.backgroundColor)}
            menu={{
              label: 'Main',
              sections: menuSections(shell.navigation),
              selected,
            }}
            headerStyle={{ borderTop: `3px solid ${user.workspace.backgroundColor ?? DEFAULT_PRIMARY}` }}
            header={
              <>
                {shell.unitHeader.kind === 'picker' ? (
                  <Space className="shell-unit">
                    <label htmlFor="business-unit-select" className="visually-hidden">
                      Business unit
                    </label>
                    <Select
                      id="business-unit-select"
                      aria-label="Business unit"
                      className="shell-unit-select"
                      value={shell.selectedUnit ?? undefined}
                      options={shell.unitOptions}
                      onChange={(value) => shell.selectUnit(value)}
                      loading={shell.units.length === 0 && !shell.unitsError}
                    />
                  </Space>
                ) : shell.unitHeader.kind === 'name' ? (
                  // One business unit, no choice: its name, not a picker with one entry.
                  <Typography.Text className="shell-unit">
                    <span className="visually-hidden">{tr('menu.businessUnit')}</span>
                    {shell.unitHeader.name}
                  </Typography.Text>
                ) : (
                  <span />
                )}
                {/* Opened by click (and Enter or Space), not by hover: a menu that closes when the pointer drifts is
                hard to use with a keyboard or a shaky hand, and it closed under a journey's pointer too. */}
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'role', label: tr(`roles.${user.role}`), disabled: true },
                      { key: 'profile', label: tr('menu.profile'), icon: <UserOutlined /> },
                      { key: 'signout', label: tr('menu.signOut'), icon: <LogoutOutlined /> },
                    ],
                    onClick: async ({ key }) => {
                      if (key === 'profile') return navigate('/profile');
                      if (key !== 'signout') return;
                      await session.signOut();
                      window.location.assign('/signin');
                    },
                  }}
                >
                  {/* The button's name starts with the name it shows (WCAG 2.5.3, label in name: a voice user says what
                  they see), then says what it opens. */}
                  <Button
                    type="text"
                    className="shell-account"
                    aria-label={tr('menu.accountMenu', { name: `${user.firstName} ${user.lastName}` })}
                  >
                    <Avatar
                      size="small"
                      src={user.profileImageUrl ?? undefined}
                      icon={user.profileImageUrl ? undefined : <UserOutlined aria-hidden />}
                      alt=""
                    />
                    <span className="shell-account-name">
                      {user.firstName} {user.lastName}
                    </span>
                  </Button>
                </Dropdown>
              </>
            }
          >
            {shell.contractWarning ? (
              <Alert
                type="warning"
                showIcon
                banner
                title="Contract ending soon"
                description={shell.contractWarning}
                style={{ marginBottom: 16 }}
              />
            ) : null}
            {access === 'open' ? (
              <Outlet />
            ) : access === 'waiting' ? (
              <Loading label="Opening the page" />
            ) : (
              <AccessDenied area={navigationAreaOf(location.pathname)?.label ?? 'This page'} />
            )}
          </ShellFrame>
          {/* First sign-in (for example after an invitation): confirm the name before anything else. */}
          <Modal
            open={user.firstLogin}
            title={tr('invite.welcome', { company: user.workspace.companyName })}
            closable={false}
            mask={{ closable: false }}
            keyboard={false}
            footer={null}
          >
            <Typography.Paragraph>{tr('menu.welcomeLead')}</Typography.Paragraph>
            <ProfileForm
              vm={profile}
              initial={{ firstName: user.firstName, lastName: user.lastName }}
              submitLabel={tr('menu.continue')}
              firstLogin
            />
          </Modal>
        </AntApp>
      </ConfigProvider>
    </ShellContext.Provider>
  );
});

export default AppShell;

/** The workspace colour tints the brand corner, with text that stays readable on it. */
function brandStyle(colour: string | null) {
  if (!colour) return undefined;
  return { borderColor: colour, background: colour, color: textOn(colour) };
}

/** The sign-in page is the light entry: a full page load, asking to come back here afterwards. */
function ToSignIn() {
  useEffect(() => {
    window.location.replace(`/signin?redirect=${encodeURIComponent(window.location.href)}`);
  }, []);
  return <Loading label={tr('menu.toSignIn')} />;
}
