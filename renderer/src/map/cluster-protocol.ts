/** Messages between the object layer and its clustering worker. */
export type ClusterRequest =
  /**
   * Positions of every object with a fix; `slots` are the store's slots, kept so singletons
   * draw from live data; `states` each one's state as its index in RING_STATES (cluster-ring.ts).
   */
  | { type: 'load'; seq: number; lng: Float64Array; lat: Float64Array; slots: Int32Array; states: Uint8Array }
  | { type: 'query'; seq: number; bbox: [number, number, number, number]; zoom: number }
  | { type: 'expand'; seq: number; clusterId: number };

export type ClusterReply =
  | { type: 'loaded'; seq: number; ms: number }
  /**
   * CLUSTER_STRIDE numbers per item: lng, lat, count, the cluster id (count > 1) or the store
   * slot (count 1), and a cluster's ring of states (packRing, 0 for one object).
   * `indexSeq` says which load the answer comes from.
   */
  | { type: 'clusters'; seq: number; indexSeq: number; zoom: number; items: Float64Array }
  | { type: 'expanded'; seq: number; zoom: number };

/** Clusters are built up to this zoom; above it every object is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 13;

/** Numbers per item of a 'clusters' reply. */
export const CLUSTER_STRIDE = 5;
