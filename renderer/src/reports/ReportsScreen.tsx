/**
 * The Reports screen (#/reports): run one of the service's reports, the fleet dashboard
 * from daily statistics, and the report templates built in the web interface.
 */
import { useState } from 'react';
import { DashboardView } from './DashboardView';
import { RunReport } from './RunReport';
import { TemplatesView } from './TemplatesView';
import './reports.css';

const VIEWS = [
  { id: 'run', label: 'Reports', render: () => <RunReport /> },
  { id: 'dashboard', label: 'Fleet dashboard', render: () => <DashboardView /> },
  { id: 'templates', label: 'Templates', render: () => <TemplatesView /> },
] as const;

export function ReportsScreen() {
  const [view, setView] = useState<string>('run');
  const current = VIEWS.find((v) => v.id === view) ?? VIEWS[0];
  return (
    <main className="reports" aria-label="Reports">
      <nav aria-label="Report views" className="rp-tabs">
        {VIEWS.map((v) => (
          <button key={v.id} type="button" aria-current={v.id === current.id ? 'page' : undefined} onClick={() => setView(v.id)}>
            {v.label}
          </button>
        ))}
      </nav>
      <div className="rp-page">{current.render()}</div>
    </main>
  );
}
