import type { ConfigKey } from '../../core/config/config-key.js';
import type { ConfigService } from '../../core/config/config-service.js';
import {
  FuzzyWatchIndex,
  type FuzzyResource,
  type FuzzyWatchLimits,
} from '../../core/fuzzy-watch/fuzzy-watch-index.js';
import type { GrpcConnections } from './connections.js';
import type { FuzzySyncShape } from './fuzzy-watch-sync.js';

/** The namespace as config patterns and group keys spell it: nacos 3.x names the default one `public`. */
export const patternNamespace = (namespaceId: string) => namespaceId || 'public';

/** nacos' group key `dataId+group+tenant`, with `+` and `%` escaped. */
export function groupKeyOf(key: ConfigKey): string {
  const esc = (s: string) => s.replaceAll('%', '%25').replaceAll('+', '%2B');
  return `${esc(key.dataId)}+${esc(key.group)}+${esc(patternNamespace(key.namespaceId))}`;
}

const resourceOf = (key: ConfigKey): FuzzyResource => ({
  namespace: patternNamespace(key.namespaceId),
  group: key.group,
  name: key.dataId,
  key: groupKeyOf(key),
});

export const CONFIG_SYNC_SHAPE: FuzzySyncShape = {
  requestType: 'ConfigFuzzyWatchSyncRequest',
  module: 'config',
  keyField: 'groupKey',
  added: 'ADD_CONFIG',
  removed: 'DELETE_CONFIG',
  batchSize: 20,
};

/**
 * Config fuzzy watches of the gRPC connections (nacos-client 3.x `ConfigService.fuzzyWatch`): a config
 * created or deleted (from any door) that a watched pattern matches is pushed to its watchers as a
 * `ConfigFuzzyWatchChangeNotifyRequest`; content changes are not (plain listeners hear those).
 */
export class ConfigFuzzyWatch {
  readonly index: FuzzyWatchIndex;

  constructor(
    configs: ConfigService,
    private readonly connections: GrpcConnections,
    limits: FuzzyWatchLimits,
  ) {
    this.index = new FuzzyWatchIndex(limits, function* (namespace) {
      for (const item of configs.all()) if (patternNamespace(item.namespaceId) === namespace) yield resourceOf(item);
    });
    configs.onChange((change) => {
      if (this.index.patternCount() === 0) return;
      const exists = configs.get(change.key) !== undefined;
      const resource = resourceOf(change.key);
      for (const watcherId of this.index.changed(resource, exists).keys()) {
        const conn = connections.get(watcherId);
        if (!conn) continue;
        // nacos tells an addition as CONFIG_CHANGED: it does not tell a new config from a changed one there
        void this.connections.push(conn, 'ConfigFuzzyWatchChangeNotifyRequest', {
          module: 'config',
          groupKey: resource.key,
          changeType: exists ? 'CONFIG_CHANGED' : 'DELETE_CONFIG',
        });
      }
    });
    connections.onClose((conn) => this.index.removeWatcher(conn.id));
  }
}
