import { canonicalNamespace } from '../../../core/naming/naming-validation.js';
import { invalid } from '../../../shared/errors.js';
import type { GrpcConnections } from '../connections.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { NAMING_SYNC_SHAPE, type NamingFuzzyWatch } from '../naming-fuzzy-watch.js';
import { CANCEL_WATCH, fuzzyAccess, patternOf, watch, WATCH, watchType } from './fuzzy-watch-request.js';

/**
 * `NamingFuzzyWatchRequest` -> `NamingFuzzyWatchResponse` (nacos-client 3.x): WATCH joins a pattern
 * (`namespace>>group>>service`) and syncs the services it matches; CANCEL_WATCH leaves it; another type
 * is refused (an `ErrorResponse` 400, as nacos throws it).
 */
export function namingFuzzyWatchHandler(watches: NamingFuzzyWatch, connections: GrpcConnections): GrpcHandler {
  return {
    responseType: 'NamingFuzzyWatchResponse',
    access: fuzzyAccess(canonicalNamespace),
    handle(body, ctx) {
      const type = watchType(body);
      if (type === WATCH) return watch(watches.index, connections, NAMING_SYNC_SHAPE, body, ctx);
      if (type === CANCEL_WATCH) {
        watches.index.unwatch(patternOf(body), ctx.connection!.id);
        return {};
      }
      throw invalid(`Unsupported request type ${type}`);
    },
  };
}
