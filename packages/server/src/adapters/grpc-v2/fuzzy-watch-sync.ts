import type { GrpcConnection, GrpcConnections } from './connections.js';

/** How one kind of fuzzy watch (config or naming) spells its sync pushes. */
export interface FuzzySyncShape {
  requestType: 'ConfigFuzzyWatchSyncRequest' | 'NamingFuzzyWatchSyncRequest';
  module: 'config' | 'naming';
  keyField: 'groupKey' | 'serviceKey';
  added: string;
  removed: string;
  batchSize: number;
}

export const INIT_NOTIFY = 'FUZZY_WATCH_INIT_NOTIFY';
export const FINISH_INIT_NOTIFY = 'FINISH_FUZZY_WATCH_INIT_NOTIFY';
export const DIFF_SYNC_NOTIFY = 'FUZZY_WATCH_DIFF_SYNC_NOTIFY';

export interface FuzzySync {
  conn: GrpcConnection;
  pattern: string;
  matched: ReadonlySet<string>;
  /** The keys the client says it already has (`receivedGroupKeys`). */
  received: readonly string[];
  initializing: boolean;
  /** The pattern matches more than it may follow: the client is told of no removals (the set is partial). */
  overLimit: boolean;
}

/**
 * Tells a fuzzy watcher how the keys it has differ from what its pattern matches: batches of additions and
 * removals, one after the other once the previous was answered, then (on the first watch) the end of the
 * initial sync, which the 3.x clients wait for.
 */
export async function pushFuzzySync(connections: GrpcConnections, shape: FuzzySyncShape, sync: FuzzySync) {
  const received = new Set(sync.received);
  const contexts: { key: string; type: string }[] = [];
  for (const key of sync.matched) if (!received.has(key)) contexts.push({ key, type: shape.added });
  if (!sync.overLimit) {
    for (const key of received) if (!sync.matched.has(key)) contexts.push({ key, type: shape.removed });
  }
  const syncType = sync.initializing ? INIT_NOTIFY : DIFF_SYNC_NOTIFY;
  const totalBatch = Math.ceil(contexts.length / shape.batchSize);
  for (let batch = 0; batch < totalBatch; batch++) {
    const slice = contexts.slice(batch * shape.batchSize, (batch + 1) * shape.batchSize);
    const ack = await connections.push(sync.conn, shape.requestType, {
      module: shape.module,
      groupKeyPattern: sync.pattern,
      syncType,
      totalBatch,
      currentBatch: batch + 1,
      contexts: slice.map((c) => ({ [shape.keyField]: c.key, changedType: c.type })),
    });
    if (!ack || sync.conn.closed) return;
  }
  if (!sync.initializing) return;
  await connections.push(sync.conn, shape.requestType, {
    module: shape.module,
    groupKeyPattern: sync.pattern,
    syncType: FINISH_INIT_NOTIFY,
    totalBatch: 0,
    currentBatch: 0,
  });
}
