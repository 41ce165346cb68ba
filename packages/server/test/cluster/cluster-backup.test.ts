import { afterAll, describe, expect, it } from 'vitest';
import { buildConsoleApp, call, sessionFor } from '../console-helpers.js';
import { startPostgres } from '../postgres-server.js';
import { lastErrorLine, runCli } from '../run-cli.js';

const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`cluster backup tests skipped: ${pg}`);
afterAll(async () => {
  if (typeof pg !== 'string') await pg.stop();
});

describe.skipIf(typeof pg === 'string')('backups in cluster mode', () => {
  it('the console and the command line point to pg_dump instead of copying a file', async () => {
    if (typeof pg === 'string') return;
    const url = await pg.createDatabase('backup_cluster');
    const app = await buildConsoleApp({ RNACOS_DB_URL: url });
    try {
      const res = await call(app.console, 'GET', 'backup/download', { token: await sessionFor(app, 'admin') });
      expect(res.statusCode).toBe(409);
      expect(res.body).toMatch(/PostgreSQL: back it up with pg_dump/);
    } finally {
      await app.dispose();
    }
    const cli = await runCli(['backup', '--out', '/tmp/never-written.db'], { env: { RNACOS_DB_URL: url } });
    expect(cli.code).not.toBe(0);
    expect(lastErrorLine(cli)).toMatch(/RNACOS_DB_URL is set: .*pg_dump/);
  }, 60_000);
});
