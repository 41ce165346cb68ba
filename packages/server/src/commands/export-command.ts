import { Command } from 'commander';
import { systemClock } from '../shared/clock.js';
import { openStores } from '../store-wiring.js';
import { createTransferService } from '../transfer-wiring.js';
import { McpService } from '../core/mcp/mcp-service.js';
import { writeFileAtomically } from './atomic-file.js';
import { printSummary } from './summary.js';
import type { StoreSettingsLoader } from './store-settings.js';

export interface ExportFlags {
  dataDir?: string;
  envFile?: string;
}

/** Writes everything in the stopped server's store to a transfer file. */
async function exportData(dataFile: string, flags: ExportFlags, loadSettings: StoreSettingsLoader): Promise<void> {
  const startedAt = Date.now();
  const settings = loadSettings({ dataDir: flags.dataDir, envFile: flags.envFile });
  // with RNACOS_DB_URL, the cluster's database (running nodes hear of an import and reload); node id 0 is no node
  const stores = await openStores({ ...settings, nodeId: 0 }, { exclusive: { mustExist: true } });
  try {
    const service = createTransferService(
      stores.transfer,
      systemClock,
      settings,
      undefined,
      await McpService.create(stores.mcp, systemClock),
    );
    const content = await service.exportContent();
    const bytes = await writeFileAtomically(dataFile, service.encode(content));
    printSummary(
      `exported ${stores.location} to ${dataFile} (${bytes} bytes)`,
      [
        ['configs', content.configs.length],
        ['history items', content.configs.reduce((n, c) => n + c.histories.length, 0)],
        ['namespaces', content.namespaces.length],
        ['users', content.users.length],
        ['persistent instances', content.instances.length],
      ],
      { startedAt },
    );
  } finally {
    await stores.close();
  }
}

export function exportCommand(loadSettings: StoreSettingsLoader): Command {
  return new Command('export')
    .description('export the data directory to a transfer file (the server must be stopped)')
    .argument('<data_file>', 'transfer file (.data) to write (replaced atomically)')
    .option('--data-dir <dir>', 'data directory [RNACOS_DATA_DIR]')
    .option('-e, --env-file <path>', 'read settings from this env file (default: .env in the working directory)')
    .action((dataFile: string, flags: ExportFlags) => exportData(dataFile, flags, loadSettings));
}
