import { TransferService, type LiveModels } from './core/transfer/transfer-service.js';
import type { TransferStore } from './core/transfer/transfer-store.js';
import type { McpService } from './core/mcp/mcp-service.js';
import type { Settings } from './settings.js';
import type { Clock } from './shared/clock.js';
import { VERSION } from './shared/version.js';

/**
 * The transfer service over the server's store: used by the running server (with its read models refreshed
 * after an import) and by the offline `import`/`export` commands (without).
 */
export function createTransferService(
  store: TransferStore,
  clock: Clock,
  settings: Pick<Settings, 'configMaxContent'>,
  live?: LiveModels,
  mcp?: McpService,
): TransferService {
  return new TransferService({
    store,
    clock,
    maxContentBytes: settings.configMaxContent,
    fromSys: `tsnacos_${VERSION}`,
    live,
    mcp,
  });
}
