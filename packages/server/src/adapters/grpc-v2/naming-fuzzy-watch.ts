import {
  FuzzyWatchIndex,
  type FuzzyResource,
  type FuzzyWatchLimits,
} from '../../core/fuzzy-watch/fuzzy-watch-index.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import type { GrpcConnections } from './connections.js';
import type { FuzzySyncShape } from './fuzzy-watch-sync.js';

/** nacos' service key `namespace@@group@@service`. */
export const serviceKeyText = (key: ServiceKey) => `${key.namespaceId}@@${key.groupName}@@${key.serviceName}`;

const resourceOf = (key: ServiceKey): FuzzyResource => ({
  namespace: key.namespaceId,
  group: key.groupName,
  name: key.serviceName,
  key: serviceKeyText(key),
});

export const NAMING_SYNC_SHAPE: FuzzySyncShape = {
  requestType: 'NamingFuzzyWatchSyncRequest',
  module: 'naming',
  keyField: 'serviceKey',
  added: 'ADD_SERVICE',
  removed: 'DELETE_SERVICE',
  batchSize: 10,
};

/**
 * Naming fuzzy watches of the gRPC connections (nacos-client 3.x `NamingService.fuzzyWatch`). As in nacos,
 * a service is there while it has instances: its first instance pushes `ADD_SERVICE`, its last one leaving
 * `DELETE_SERVICE` (`NamingFuzzyWatchChangeNotifyRequest`) to the watchers of a pattern that matches it.
 */
export class NamingFuzzyWatch {
  readonly index: FuzzyWatchIndex;

  constructor(
    naming: NamingService,
    private readonly connections: GrpcConnections,
    limits: FuzzyWatchLimits,
  ) {
    this.index = new FuzzyWatchIndex(limits, function* (namespaceId) {
      for (const view of naming.listServices({ namespaceId })) if (view.instanceCount > 0) yield resourceOf(view.key);
    });
    naming.onServiceChanged((key) => {
      if (this.index.patternCount() === 0) return;
      const exists = (naming.getService(key)?.instanceCount ?? 0) > 0;
      const resource = resourceOf(key);
      for (const watcherId of this.index.changed(resource, exists).keys()) {
        const conn = connections.get(watcherId);
        if (!conn) continue;
        void this.connections.push(conn, 'NamingFuzzyWatchChangeNotifyRequest', {
          module: 'naming',
          serviceKey: resource.key,
          changedType: exists ? 'ADD_SERVICE' : 'DELETE_SERVICE',
          syncType: 'FUZZY_WATCH_RESOURCE_CHANGED',
        });
      }
    });
    connections.onClose((conn) => this.index.removeWatcher(conn.id));
  }
}
