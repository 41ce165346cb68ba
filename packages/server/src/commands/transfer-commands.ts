import type { Command } from 'commander';
import { dataToSqliteCommand } from './data-to-sqlite-command.js';
import { exportCommand } from './export-command.js';
import { importCommand } from './import-command.js';
import { mysqlToDataCommand } from './mysql-to-data-command.js';
import { openApiToDataCommand } from './openapi-to-data-command.js';
import { sqliteToDataCommand } from './sqlite-to-data-command.js';
import type { StoreSettingsLoader } from './store-settings.js';

/** The data transfer and migration tools; each runs and exits without starting the server. */
export function transferCommands(loadSettings: StoreSettingsLoader): Command[] {
  return [
    importCommand(loadSettings),
    exportCommand(loadSettings),
    dataToSqliteCommand(),
    sqliteToDataCommand(),
    mysqlToDataCommand(),
    openApiToDataCommand(),
  ];
}
