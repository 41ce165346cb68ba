import type { TransferOperations, TransferService, LiveModels } from './core/transfer/transfer-service.js';
import type { TransferStore } from './core/transfer/transfer-store.js';
import type { McpService } from './core/mcp/mcp-service.js';
import type { Settings } from './settings.js';
import type { Clock } from './shared/clock.js';

/**
 * The running server's transfer service, loaded on the first export or import: the transfer format's
 * protobuf schema and codecs are only needed then, and cost the process memory from start-up otherwise.
 */
export function transferOnDemand(
  store: TransferStore,
  clock: Clock,
  settings: Pick<Settings, 'configMaxContent'>,
  live: LiveModels,
  mcp: McpService,
): TransferOperations {
  let loading: Promise<TransferService> | undefined;
  const service = () =>
    (loading ??= import('./transfer-wiring.js').then((m) =>
      m.createTransferService(store, clock, settings, live, mcp),
    ));
  return {
    exportContent: async () => (await service()).exportContent(),
    exportFile: async (options) => (await service()).exportFile(options),
    importDecoded: async (decoded, options) => (await service()).importDecoded(decoded, options),
  };
}
