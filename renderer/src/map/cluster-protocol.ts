/** Messages between the object layer and its clustering worker. */
export type ClusterRequest =
  /** Positions of every object with a fix; `slots` are the store's slots, kept so singletons draw from live data. */
  | { type: 'load'; seq: number; lng: Float64Array; lat: Float64Array; slots: Int32Array }
  | { type: 'query'; seq: number; bbox: [number, number, number, number]; zoom: number }
  | { type: 'expand'; seq: number; clusterId: number };

export type ClusterReply =
  | { type: 'loaded'; seq: number; ms: number }
  /**
   * 4 numbers per item: lng, lat, count, and the cluster id (count > 1) or the store slot
   * (count 1). `indexSeq` says which load the answer comes from.
   */
  | { type: 'clusters'; seq: number; indexSeq: number; zoom: number; items: Float64Array }
  | { type: 'expanded'; seq: number; zoom: number };

/** Clusters are built up to this zoom; above it every object is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 13;
