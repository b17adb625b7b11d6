/**
 * The Reports screen (#/reports): run one of the service's reports, the fleet dashboard
 * from daily statistics, and the report templates built in the web interface.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardView } from './DashboardView';
import { RunReport } from './RunReport';
import { TemplatesView } from './TemplatesView';
import './reports.css';

/** Each view's name is `reports:screen.<id>`. */
const VIEWS = [
  { id: 'run', render: () => <RunReport /> },
  { id: 'dashboard', render: () => <DashboardView /> },
  { id: 'templates', render: () => <TemplatesView /> },
] as const;

export function ReportsScreen() {
  const { t } = useTranslation('reports');
  const [view, setView] = useState<string>('run');
  const current = VIEWS.find((v) => v.id === view) ?? VIEWS[0];
  return (
    <main className="reports" aria-label={t('screen.label')}>
      <nav aria-label={t('screen.views')} className="rp-tabs">
        {VIEWS.map((v) => (
          <button key={v.id} type="button" aria-current={v.id === current.id ? 'page' : undefined} onClick={() => setView(v.id)}>
            {t(`screen.${v.id}`)}
          </button>
        ))}
      </nav>
      <div className="rp-page">{current.render()}</div>
    </main>
  );
}
