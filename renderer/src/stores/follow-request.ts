/**
 * A request to follow the selected object on the live map, from outside the map (a double
 * click on a list row): the map owns its follow state (map/MapView.tsx) and listens here.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export const followRequest = {
  request(): void {
    for (const l of listeners) l();
  },
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
