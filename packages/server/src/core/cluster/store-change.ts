import type { StoredSession } from '../auth/session-store.js';
import type { ConfigKey } from '../config/config-key.js';
import type { ServiceKey } from '../naming/naming-model.js';

/** A persistent instance within its service. */
export interface InstanceRef {
  ip: string;
  port: number;
  clusterName: string;
}

/**
 * A change a node made to a shared store, as the other nodes hear of it. It names what changed; the
 * listeners read the new state from the store (except sessions, which travel whole: they are tiny).
 */
export type StoreChange =
  | { kind: 'config'; key: ConfigKey }
  | { kind: 'namespaces' }
  | { kind: 'users' }
  | { kind: 'sessions'; added: StoredSession[]; removed: string[] }
  /** An explicit service's settings, or (`instance` set) one of its persistent instances. */
  | { kind: 'service'; key: ServiceKey; instance?: InstanceRef }
  /** The ephemeral instances node `nodeId` owns in one service changed. */
  | { kind: 'ephemeral'; key: ServiceKey; nodeId: number }
  /** HTTP beats other nodes received for instances node `nodeId` owns (liveness only, nothing stored). */
  | { kind: 'beats'; nodeId: number; instances: Array<InstanceRef & { key: ServiceKey }> }
  /** Node `nodeId` left the cluster (its lease ran out, or it started again): its instances are gone. */
  | { kind: 'node-gone'; nodeId: number }
  /** A tool spec of the MCP service (`namespace:group:toolName` parts). */
  | { kind: 'mcp-spec'; namespace: string; group: string; toolName: string }
  | { kind: 'mcp-server'; id: number }
  /** A server of the AI registry (by its id). */
  | { kind: 'ai-mcp'; id: string }
  /** An agent of the AI registry (by its id). */
  | { kind: 'ai-a2a'; id: string }
  /** A bulk write (transfer import): everything may have changed. */
  | { kind: 'all' };

/** A store change and the node that made it. */
export interface StoreEvent {
  origin: number;
  /** The origin's number for the write that made it (see WriteDoubts), when its own memory mirrors it. */
  write?: number;
  change: StoreChange;
}

/**
 * The stream of changes other nodes make to the shared store. `onResync` fires after the stream was
 * broken and is whole again: changes made meanwhile were missed, so every model reloads.
 */
export interface ChangeFeed {
  onChange(listener: (change: StoreChange) => void): void;
  onResync(listener: () => void): void;
  close(): Promise<void>;
}
