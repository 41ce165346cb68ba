import { Command } from 'commander';
import {
  T_CONFIG,
  T_MCP_SERVER,
  T_MCP_TOOL_SPEC,
  T_NAMESPACE,
  T_NAMING_INSTANCE,
  T_USER,
} from '../core/transfer/transfer-format.js';
import type { TableCounts } from '../core/transfer/transfer-model.js';
import { systemClock } from '../shared/clock.js';
import { openStores } from '../store-wiring.js';
import { createTransferService } from '../transfer-wiring.js';
import { McpService } from '../core/mcp/mcp-service.js';
import { createProgress } from './progress.js';
import { printSummary } from './summary.js';
import type { StoreSettingsLoader } from './store-settings.js';
import { readTransferFile } from './transfer-file.js';

export interface ImportFlags {
  dataDir?: string;
  envFile?: string;
  config: boolean;
  user: boolean;
}

/** Validates the whole file, then applies it to the stopped server's store in one transaction. */
async function importData(dataFile: string, flags: ImportFlags, loadSettings: StoreSettingsLoader): Promise<void> {
  const startedAt = Date.now();
  const settings = loadSettings({ dataDir: flags.dataDir, envFile: flags.envFile });
  const decoded = await readTransferFile(dataFile, createProgress());
  // with RNACOS_DB_URL, the cluster's database (running nodes hear of an import and reload); node id 0 is no node
  const stores = await openStores({ ...settings, nodeId: 0 }, { exclusive: { mustExist: false } });
  try {
    const report = await createTransferService(
      stores.transfer,
      systemClock,
      settings,
      undefined,
      await McpService.create(stores.mcp, systemClock),
    ).importDecoded(decoded, {
      configs: flags.config,
      users: flags.user,
      cache: false,
    });
    printSummary(`imported ${dataFile} into ${stores.location}`, inTableOrder(report.imported), {
      skipped: report.skipped.length,
      ignored: report.ignored,
      startedAt,
      notes: [
        ...report.skipped.slice(0, 20).map((s) => `skipped ${tableWord(s.table)} ${s.key}: ${s.reason}`),
        ...(report.skipped.length > 20 ? [`... and ${report.skipped.length - 20} more skipped`] : []),
      ],
    });
  } finally {
    await stores.close();
  }
}

/** The words `export` prints for the same things, in its order. */
const TABLE_WORDS: Array<[string, string, string]> = [
  [T_CONFIG, 'configs', 'config'],
  [T_NAMESPACE, 'namespaces', 'namespace'],
  [T_USER, 'users', 'user'],
  [T_NAMING_INSTANCE, 'persistent instances', 'persistent instance'],
  [T_MCP_TOOL_SPEC, 'MCP tool specs', 'MCP tool spec'],
  [T_MCP_SERVER, 'MCP servers', 'MCP server'],
];

function inTableOrder(counts: TableCounts): Array<[string, number]> {
  const known = TABLE_WORDS.filter(([table]) => counts[table] !== undefined).map(([table, words]): [string, number] => [
    words,
    counts[table],
  ]);
  const other = Object.entries(counts).filter(([table]) => !TABLE_WORDS.some(([t]) => t === table));
  return [...known, ...other];
}

function tableWord(table: string): string {
  return TABLE_WORDS.find(([t]) => t === table)?.[2] ?? table;
}

export function importCommand(loadSettings: StoreSettingsLoader): Command {
  return new Command('import')
    .description('import a transfer file into the data directory (the server must be stopped)')
    .argument('<data_file>', 'transfer file (.data) to import')
    .option('--data-dir <dir>', 'data directory [RNACOS_DATA_DIR]')
    .option('-e, --env-file <path>', 'read settings from this env file (default: .env in the working directory)')
    .option('--no-config', 'leave configs and namespaces out')
    .option('--no-user', 'leave users out')
    .action((dataFile: string, flags: ImportFlags) => importData(dataFile, flags, loadSettings));
}
