/**
 * The Admin screen (#/admin…): the objects table with actions on a selection, the import
 * from a file, and the jobs (history, and one job's progress and results). Also opens in
 * a window of its own, on the same session.
 */
import { useEffect } from 'react';
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

const TABS = [
  { route: '/admin', label: 'Objects' },
  { route: '/admin/import', label: 'Import from a file' },
  { route: '/admin/history-import', label: 'Import history' },
  { route: '/admin/jobs', label: 'Jobs' },
  { route: '/admin/catalogue', label: 'Catalogue' },
  { route: '/admin/geozones', label: 'Geozones' },
];

export function adminWindowUrl(): string {
  return `${location.pathname}${location.search}#/admin`;
}

export function AdminScreen() {
  const route = useRoute();
  const shortcutsHelp = useAdminShortcuts();
  const job = /^\/admin\/jobs\/(\d+)/.exec(route);
  const tab = job || route.startsWith('/admin/jobs') ? '/admin/jobs' : (TABS.find((t) => t.route !== '/admin' && route.startsWith(t.route))?.route ?? '/admin');
  useEffect(() => {
    document.title = 'Admin · Fleet Console';
    return () => {
      document.title = 'Fleet Console';
    };
  }, []);
  return (
    <main className="admin" aria-label="Admin">
      <nav className="admin-tabs" aria-label="Admin sections">
        {TABS.map((t) => (
          <button key={t.route} type="button" aria-current={t.route === tab ? 'page' : undefined} onClick={() => navigate(t.route)}>
            {t.label}
          </button>
        ))}
        <span className="spacer" />
        <button type="button" title="Open the Admin screen in its own window" onClick={() => window.open(adminWindowUrl(), 'fleet-admin', 'popup,width=1400,height=900')}>
          Admin window
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
