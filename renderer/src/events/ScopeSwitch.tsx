import type { EventScope } from '../../../common/methods/events';

/**
 * Feed or everything, with the difference spelled out. The service's feed leaves out what it
 * leaves out (groups muted on the service); the console mutes no groups, so it claims none.
 */
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
          ? "Your feed is what the service's feed returns. Alerts sound only for the feed."
          : `Every unacknowledged event, including ${Math.max(0, all - feed)} outside your feed.`}
      </p>
    </fieldset>
  );
}
