/**
 * The Admin screen (#/admin…): the objects table with actions on a selection, the import
 * from a file, and the jobs (history, and one job's progress and results). Also opens in
 * a window of its own, on the same session.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, useRoute } from '../ui/route';
import { ImportWizard } from './import/ImportWizard';
import { JobsHistory } from './jobs/JobsHistory';
import { JobView } from './jobs/JobView';
import { GeozonesView } from './geozones/GeozonesView';
import { ObjectsView } from './ObjectsView';
import { CatalogueScreen } from './catalogue/CatalogueScreen';
import { HistoryImportView } from './history-import/HistoryImportView';
import { useAdminShortcuts } from '../shortcuts/use-admin-shortcuts';
import './admin.css';

/** Each tab's words are a key of the `admin` namespace, read when the tabs are drawn. */
const TABS = [
  { route: '/admin', label: 'tabs.objects' },
  { route: '/admin/import', label: 'tabs.import' },
  { route: '/admin/history-import', label: 'tabs.historyImport' },
  { route: '/admin/jobs', label: 'tabs.jobs' },
  { route: '/admin/catalogue', label: 'tabs.catalogue' },
  { route: '/admin/geozones', label: 'tabs.geozones' },
] as const;

export function adminWindowUrl(): string {
  return `${location.pathname}${location.search}#/admin`;
}

export function AdminScreen() {
  const { t } = useTranslation('admin');
  const route = useRoute();
  const shortcutsHelp = useAdminShortcuts();
  const job = /^\/admin\/jobs\/(\d+)/.exec(route);
  const tab = job || route.startsWith('/admin/jobs') ? '/admin/jobs' : (TABS.find((x) => x.route !== '/admin' && route.startsWith(x.route))?.route ?? '/admin');
  useEffect(() => {
    document.title = t('screen.documentTitle');
    return () => {
      document.title = t('app:title');
    };
  }, [t]);
  return (
    <main className="admin" aria-label={t('screen.label')}>
      <nav className="admin-tabs" aria-label={t('screen.sections')}>
        {TABS.map((item) => (
          <button key={item.route} type="button" aria-current={item.route === tab ? 'page' : undefined} onClick={() => navigate(item.route)}>
            {t(item.label)}
          </button>
        ))}
        <span className="spacer" />
        <button type="button" title={t('screen.windowHint')} onClick={() => window.open(adminWindowUrl(), 'fleet-admin', 'popup,width=1400,height=900')}>
          {t('screen.window')}
        </button>
      </nav>
      {tab === '/admin' && <ObjectsView />}
      {tab === '/admin/import' && (
        <div className="admin-page">
          <ImportWizard />
        </div>
      )}
      {tab === '/admin/catalogue' && <CatalogueScreen route={route} />}
      {tab === '/admin/geozones' && <GeozonesView />}
      {tab === '/admin/history-import' && <div className="admin-page"><HistoryImportView /></div>}
      {tab === '/admin/jobs' && <div className="admin-page">{job ? <JobView jobId={Number(job[1])} /> : <JobsHistory />}</div>}
      {shortcutsHelp}
    </main>
  );
}
