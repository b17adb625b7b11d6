import { Suspense, lazy, memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../../common/methods/session';
import { SignOutButton } from './SignOutButton';
import { LiveConnectivityBadge } from './LiveConnectivityBadge';
import { navigate, useRoute } from '../ui/route';
import { LiveScreen } from './LiveScreen';
import { PasswordPrompt } from './PasswordPrompt';
import { DeadLetters } from '../events/DeadLetters';
import { Notices } from '../ui/Notices';
import { useConnectivity } from '../stores/connectivity';
import { ThemeToggle } from '../theme/ThemeToggle';
import { PanelLaunchers } from '../windows/PanelLaunchers';
import { PanelRoute } from '../windows/PanelRoute';
import { JobIndicator } from '../admin/jobs/JobIndicator';
import { useScreenShortcuts } from '../shortcuts/use-screen-shortcuts';
import { useNavigatePushes } from '../shortcuts/navigate-push';
import { ConnectionSwitcher } from '../connections/ConnectionSwitcher';
import { ScreenIcon } from './ScreenIcon';

interface Props {
  session: Extract<SessionState, { status: 'signed_in' | 'needs_password' }>;
  onSession: (s: SessionState) => void;
}

/**
 * The screens take no props, and the bar above them re-renders on every poll (the
 * connectivity badge's ages): memo keeps that from re-rendering a whole screen every few
 * seconds, which rebuilt the History screen's charts under a pan or a replay.
 */
const Live = memo(LiveScreen);
/**
 * The other screens load when first opened: a restarted control room wants the live map, and
 * evaluating every screen's code (the geozone editor, the charts, the forms) held the page's
 * start a fifth of a second more.
 */
const History = memo(lazy(() => import('../history/HistoryScreen').then((m) => ({ default: m.HistoryScreen }))));
const Admin = memo(lazy(() => import('../admin/AdminScreen').then((m) => ({ default: m.AdminScreen }))));
const Reports = memo(lazy(() => import('../reports/ReportsScreen').then((m) => ({ default: m.ReportsScreen }))));
const Files = memo(lazy(() => import('../files/FilesScreen').then((m) => ({ default: m.FilesScreen }))));
const Settings = memo(lazy(() => import('../settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen }))));

/** Screens a user can switch between; each route renders one. Panels render alone, without the bar. */
const SCREENS: { route: string; label: string; render: () => React.ReactNode }[] = [
  { route: '/live', label: 'Live', render: () => <Live /> },
  { route: '/history', label: 'History', render: () => <History /> },
  { route: '/reports', label: 'Reports', render: () => <Reports /> },
  { route: '/files', label: 'Files', render: () => <Files /> },
  { route: '/admin', label: 'Admin', render: () => <Admin /> },
  { route: '/settings', label: 'Settings', render: () => <Settings /> },
];

export function Shell({ session, onSession }: Props) {
  const { t } = useTranslation('screens');
  const tabName = (s: { route: string; label: string }) => t(`tabs.${s.route.slice(1)}`, { defaultValue: s.label });
  // Fed from the moment the session is known (App.tsx, decision 0050), not from this mount.
  const conn = useConnectivity();
  const route = useRoute();
  useScreenShortcuts(route);
  useNavigatePushes(route);
  if (route.startsWith('/panel/')) return <PanelRoute route={route} connectivity={conn} />;
  const profile = session.profile;
  const screen = SCREENS.find((s) => route.startsWith(s.route)) ?? SCREENS[0]!;
  return (
    <div className="app">
      <header className="topbar">
        <h1>{t('app:title')}</h1>
        <nav aria-label={t('tabs.label')} className="tabs">
          {SCREENS.map((s) => (
            // Folded on narrow bars to the icon, the name kept for readers and as the tooltip (top-bar-fold.css).
            <button key={s.route} type="button" aria-current={s === screen ? 'page' : undefined} title={tabName(s)} onClick={() => navigate(s.route)}>
              <ScreenIcon route={s.route} />
              <span className="tab-label">{tabName(s)}</span>
            </button>
          ))}
        </nav>
        <ConnectionSwitcher session={session} onSession={onSession} />
        <LiveConnectivityBadge state={conn} server={profile.baseUrl} />
        <JobIndicator />
        <PanelLaunchers />
        <ThemeToggle />
        <SignOutButton onSession={onSession} />
      </header>
      {session.status === 'needs_password' && <PasswordPrompt profile={profile} onSession={onSession} />}
      <Notices />
      <DeadLetters />
      {/* One boundary per screen: the screen left is unmounted at once, not kept hidden while the next one loads. */}
      <Suspense key={screen.route} fallback={<p className="loading" role="status">{t('loadingScreen')}</p>}>
        {screen.render()}
      </Suspense>
    </div>
  );
}
