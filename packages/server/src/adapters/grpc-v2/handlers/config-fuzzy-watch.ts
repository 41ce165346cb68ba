import { canonicalTenant } from '../../../core/config/config-key.js';
import { CONFIG_SYNC_SHAPE, type ConfigFuzzyWatch } from '../config-fuzzy-watch.js';
import type { GrpcConnections } from '../connections.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { CANCEL_WATCH, fuzzyAccess, patternOf, watch, WATCH, watchType } from './fuzzy-watch-request.js';

/**
 * `ConfigFuzzyWatchRequest` -> `ConfigFuzzyWatchResponse` (nacos-client 3.x): WATCH joins a pattern
 * (`namespace>>group>>dataId`) and syncs what it matches; CANCEL_WATCH leaves it. Any other type is
 * answered as a success that does nothing, as nacos does.
 */
export function configFuzzyWatchHandler(watches: ConfigFuzzyWatch, connections: GrpcConnections): GrpcHandler {
  return {
    responseType: 'ConfigFuzzyWatchResponse',
    access: fuzzyAccess(canonicalTenant),
    handle(body, ctx) {
      const type = watchType(body);
      if (type === WATCH) return watch(watches.index, connections, CONFIG_SYNC_SHAPE, body, ctx);
      if (type === CANCEL_WATCH) watches.index.unwatch(patternOf(body), ctx.connection!.id);
      return {};
    },
  };
}
