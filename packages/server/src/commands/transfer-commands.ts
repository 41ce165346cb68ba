import type { Command } from 'commander';
import { dataToSqliteCommand } from './data-to-sqlite-command.js';
import { mysqlToDataCommand } from './mysql-to-data-command.js';
import { openApiToDataCommand } from './openapi-to-data-command.js';
import { sqliteToDataCommand } from './sqlite-to-data-command.js';

/** The data transfer and migration tools; each runs and exits without starting the server. */
export function transferCommands(): Command[] {
  return [dataToSqliteCommand(), sqliteToDataCommand(), mysqlToDataCommand(), openApiToDataCommand()];
}
