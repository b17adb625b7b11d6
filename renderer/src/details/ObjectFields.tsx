import type { FleetObject } from '../../../common/resources';

/** Labels for the fields the spec names; anything else the server sends is shown under its own name. */
const LABELS: Record<string, string> = {
  Id: 'Id', Name: 'Name', StateNumber: 'Plate', IMEI: 'IMEI', DeviceType: 'Device', Phone: 'Phone', Phone1: 'Phone 2',
  CompanyName: 'Company', CompanyId: 'Company id', ClusterId: 'Cluster', GroupIds: 'Groups', Status: 'Status',
  Timeout: 'Offline after (s)', MaxSpeed: 'Speed limit (km/h)', TimeZone: 'Time zone', CreateDate: 'Created',
  IconId: 'Icon', TrackColor: 'Track colour', Comment: 'Comment', Flags: 'Flags', PayedTill: 'Paid until',
};
const HIDDEN = new Set(['Sensors']);

function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Every field of the object, in a collapsed section: reference data an operator looks up now and then. */
export function ObjectFields({ object }: { object: FleetObject }) {
  const keys = Object.keys(object).filter((k) => !HIDDEN.has(k));
  return (
    <details className="detail-section fields">
      <summary>
        <h3>All fields</h3>
      </summary>
      <dl className="facts">
        {keys.map((k) => (
          <div key={k} className="fact">
            <dt>{LABELS[k] ?? k}</dt>
            <dd>{valueText((object as Record<string, unknown>)[k])}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
