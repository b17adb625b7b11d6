import type { EventScope } from '../../../common/methods/events';

/** Feed or everything, with the difference spelled out: muted groups are the whole point. */
export function ScopeSwitch({ scope, onScope, feed, all }: { scope: EventScope; onScope: (s: EventScope) => void; feed: number; all: number }) {
  return (
    <fieldset className="scope-switch">
      <legend className="visually-hidden">Which events</legend>
      <label>
        <input type="radio" name="event-scope" checked={scope === 'feed'} onChange={() => onScope('feed')} />
        My feed ({feed})
      </label>
      <label>
        <input type="radio" name="event-scope" checked={scope === 'all'} onChange={() => onScope('all')} />
        All events ({all})
      </label>
      <p className="hint" id="scope-hint">
        {scope === 'feed'
          ? 'Your feed leaves out groups you have muted. Alerts sound only for the feed.'
          : `Every unacknowledged event, including ${Math.max(0, all - feed)} from muted groups.`}
      </p>
    </fieldset>
  );
}
