import { useTranslation } from 'react-i18next';
import { useStore, type Readable } from '../stores/create-store';
import type { VisibleCluster } from './cluster-client';

/** Two lists that would show the same buttons: a redraw that moved nothing re-renders nothing. */
export function sameClusters(a: readonly VisibleCluster[], b: readonly VisibleCluster[]): boolean {
  return a.length === b.length && a.every((c, i) => c.id === b[i]!.id && c.count === b[i]!.count);
}

/**
 * The largest clusters in view as buttons, for the keyboard and screen readers (the canvas
 * has none). A component of its own: when the clusters in view change, this list renders
 * again, not the map's controls beside it.
 */
export function ClusterButtons({ clusters, onExpand }: { clusters: Readable<VisibleCluster[]>; onExpand: (c: VisibleCluster) => void }) {
  const { t } = useTranslation('map');
  const list = useStore(clusters);
  if (list.length === 0) return null;
  return (
    <ul className="sr-only" aria-label={t('view.clusters')}>
      {list.map((c) => (
        <li key={`${c.id}`}>
          <button type="button" onClick={() => onExpand(c)}>
            {t('view.zoomCluster', { count: c.count })}
          </button>
        </li>
      ))}
    </ul>
  );
}
