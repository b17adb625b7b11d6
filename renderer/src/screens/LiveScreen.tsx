import { ObjectList } from '../list/ObjectList';
import { MapView } from '../map/MapView';
import { selection, useSelected } from '../stores/selection';

/** The control-room screen: object list and live map side by side. */
export function LiveScreen() {
  const selected = useSelected();
  return (
    <main className="workspace" aria-label="Live monitoring">
      <ObjectList selected={selected} onSelect={selection.set} />
      <MapView selected={selected} onSelect={selection.set} />
    </main>
  );
}
