import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { DEFAULT_PRIMARY, textOn } from '../../domain/organisation/branding';
import { useService, useViewModel } from '../shared/container-context';
import { SessionViewModel } from '../shell/session.view-model';
import { SiteStatusViewModel } from '../shell/site-status.view-model';
import { tr } from '../i18n/i18n';
import { Button, Notice, PlayerScreen } from './player.screen';

/** The course's id in /training/{courseId} (the only path player.html is served for). */
export function courseIdOf(path: string): string {
  return /^\/training\/([^/]+)\/?$/.exec(path)?.[1] ?? '';
}

/**
 * The player's page (the light player entry, player-main.tsx): a course opens full screen with a slim header of its
 * own (the workspace's name and an "Exit" link back to My training) instead of the app's shell, as many LMS players
 * do; the maintenance, expired-contract and refused-network pages replace it as they replace every page.
 */
export const PlayerApp = observer(function PlayerApp() {
  const status = useViewModel(SiteStatusViewModel);
  const session = useService(SessionViewModel);
  useEffect(() => status.watch(), [status]);
  useEffect(() => {
    if (session.status === 'unknown') void session.load();
  }, [session]);
  useEffect(() => {
    // A lost session signs in again and comes back here, as the app's shell does.
    if (session.status === 'signed-out' || (session.status === 'signed-in' && !session.workspaceUser)) {
      window.location.replace(`/signin?redirect=${encodeURIComponent(window.location.href)}`);
    }
  }, [session.status, session.workspaceUser]);

  const notice = status.refusedNetwork
    ? {
        title: 'Not available from this network',
        body: "This workspace accepts connections only from its organisation's own networks. Connect from the office network or the company VPN and try again.",
      }
    : status.contractExpired
      ? {
          title: "This workspace's subscription has ended",
          body: 'Its contract with SafePlace has expired, so it is closed for now. Nothing has been deleted: once your organisation renews, everything is here again.',
        }
      : status.maintenance
        ? {
            title: 'Scheduled maintenance',
            body: 'This workspace is being updated and will be back shortly. Your work is saved; this page checks again every 20 seconds.',
          }
        : null;
  const user = session.workspaceUser;
  const colour = user?.workspace.backgroundColor ?? null;
  return (
    <>
      <header className="pl-top" style={{ borderTopColor: colour ?? DEFAULT_PRIMARY }}>
        <span className="pl-brand" style={colour ? { background: colour, color: textOn(colour) } : undefined}>
          {user?.workspace.companyLogo ? (
            <img src={user.workspace.companyLogo} alt={`${user.workspace.companyName} logo`} height={28} />
          ) : null}
          <strong>{user?.workspace.companyName ?? 'SafePlace'}</strong>
        </span>
        <a className="pl-exit" href="/training">
          <span aria-hidden="true">←</span>
          {tr('player.exit')}
          <span className="visually-hidden">{tr('player.exitTo')}</span>
        </a>
      </header>
      <main className="pl-main">
        {notice ? (
          <div className="player">
            <h1 className="pl-title">{notice.title}</h1>
            <Notice kind="warning" role="status" title={notice.body} />
          </div>
        ) : session.status === 'error' ? (
          <div className="player">
            <h1 className="pl-title">{tr('player.openError')}</h1>
            <Notice
              kind="error"
              role="alert"
              title={tr('player.sessionError')}
              action={<Button onClick={() => void session.load()}>{tr('common.tryAgain')}</Button>}
            >
              {session.error ?? ''}
            </Notice>
          </div>
        ) : user ? (
          <PlayerScreen courseId={courseIdOf(window.location.pathname)} />
        ) : (
          // As the app's shell: the session first, so a signed-out learner signs in and comes back to this course.
          <div className="player" role="status" aria-live="polite" aria-label={tr('player.checkingSession')}>
            <div className="pl-skeleton" style={{ width: '60%', height: 28 }} />
            <div className="pl-skeleton" style={{ height: 160 }} />
          </div>
        )}
      </main>
    </>
  );
});
