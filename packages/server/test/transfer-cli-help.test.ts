import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const COMMANDS: Record<string, RegExp[]> = {
  import: [
    /Usage: tsnacos import \[options\] <data_file>/,
    /--data-dir <dir>/,
    /--no-config/,
    /--no-user/,
    /--env-file/,
  ],
  export: [/Usage: tsnacos export \[options\] <data_file>/, /--data-dir <dir>/],
  'data-to-sqlite': [/Usage: tsnacos data-to-sqlite \[options\] <data_file> <sqlite_db>/],
  'sqlite-to-data': [/Usage: tsnacos sqlite-to-data \[options\] <sqlite_db> <data_file>/],
  'mysql-to-data': [/Usage: tsnacos mysql-to-data \[options\] <mysql_uri> <data_file>/, /mysql:\/\/user:password@/],
  'openapi-to-data': [
    /Usage: tsnacos openapi-to-data \[options\] <host> <data_file>/,
    /-u, --username/,
    /-p, --password/,
  ],
};

describe('transfer commands --help', () => {
  it('lists every transfer command at the top level', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const command of Object.keys(COMMANDS)) expect(help.stdout).toContain(command);
  });

  it.each(Object.entries(COMMANDS))('documents %s and its flags', async (command, patterns) => {
    const help = await runCli([command, '--help']);
    expect(help.code).toBe(0);
    for (const pattern of patterns) expect(help.stdout).toMatch(pattern);
  });
});
