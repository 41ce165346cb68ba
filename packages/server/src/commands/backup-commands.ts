import { Command } from 'commander';
import type { Settings } from '../settings.js';
import type { StoreSettingsLoader } from './store-settings.js';

interface StoreFlags {
  dataDir?: string;
  envFile?: string;
}

const CLUSTER_HINT =
  'a cluster keeps its data in PostgreSQL: back it up with pg_dump (docs/operations.md "Backup and restore")';

function sqliteSettings(flags: StoreFlags, loadSettings: StoreSettingsLoader): Settings {
  const settings = loadSettings({ dataDir: flags.dataDir, envFile: flags.envFile });
  if (settings.dbUrl) throw new Error(`RNACOS_DB_URL is set: ${CLUSTER_HINT}`);
  return settings;
}

/** Copies the store of a running (or stopped) single node to a file, consistently. */
async function backup(flags: StoreFlags & { out: string }, loadSettings: StoreSettingsLoader): Promise<void> {
  const settings = sqliteSettings(flags, loadSettings);
  const startedAt = Date.now();
  const { backupDataDir } = await import('../storage/sqlite/hot-backup.js');
  const bytes = await backupDataDir(settings.dataDir, flags.out);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  process.stdout.write(`backed up ${settings.dataDir} to ${flags.out} (${bytes} bytes) in ${seconds}s\n`);
}

/** Puts a backup in place of a stopped server's store, keeping the old one aside. */
async function restore(flags: StoreFlags & { from: string }, loadSettings: StoreSettingsLoader): Promise<void> {
  const settings = sqliteSettings(flags, loadSettings);
  const { restoreDataDir } = await import('../storage/sqlite/restore.js');
  const result = restoreDataDir(flags.from, settings.dataDir);
  process.stdout.write(
    `restored ${flags.from} into ${settings.dataDir}: ${result.configs} configs, schema ${result.schemaVersion}\n`,
  );
  if (result.keptAside) process.stdout.write(`  the previous store is kept as ${result.keptAside}\n`);
}

const withStoreFlags = (command: Command) =>
  command
    .option('--data-dir <dir>', 'data directory [RNACOS_DATA_DIR]')
    .option('-e, --env-file <path>', 'read settings from this env file (default: .env in the working directory)');

/** `tsnacos backup` and `tsnacos restore` (single node, SQLite store). */
export function backupCommands(loadSettings: StoreSettingsLoader): Command[] {
  return [
    withStoreFlags(
      new Command('backup')
        .description('copy the store to a file while the server runs (a consistent snapshot; writes go on)')
        .requiredOption('-o, --out <file>', 'backup file to write (replaced atomically)'),
    ).action((flags: StoreFlags & { out: string }) => backup(flags, loadSettings)),
    withStoreFlags(
      new Command('restore')
        .description("replace a stopped server's store with a backup file (the old store is kept aside)")
        .requiredOption('-f, --from <file>', 'backup file written by `tsnacos backup` or the console'),
    ).action((flags: StoreFlags & { from: string }) => restore(flags, loadSettings)),
  ];
}
