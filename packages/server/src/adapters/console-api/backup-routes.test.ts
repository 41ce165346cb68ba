import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildConsoleApp, call, sessionFor, type ConsoleApp } from '../../../test/console-helpers.js';
import { ROLE_DEVELOPER } from '../../core/auth/user-model.js';
import { checkBackupFile } from '../../storage/sqlite/restore.js';

const apps: ConsoleApp[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-console-backup-'));
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.dispose()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function consoleApp() {
  const app = await buildConsoleApp();
  apps.push(app);
  return app;
}

describe('console backup download', () => {
  it('gives an admin the running store as a tsnacos database file', async () => {
    const app = await consoleApp();
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'kept.yaml', content: 'k: 1' });
    const res = await call(app.console, 'GET', 'backup/download', { token: await sessionFor(app, 'admin') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tsnacos_backup_\d{13}\.db"$/);
    const file = path.join(dir, 'download.db');
    writeFileSync(file, res.rawPayload);
    expect(checkBackupFile(file).configs).toBe(1);
  });

  it('refuses a developer and a caller without a session', async () => {
    const app = await consoleApp();
    await app.core.auth.users.add({ username: 'dev', password: 'dev-password', roles: [ROLE_DEVELOPER] });
    const dev = await call(app.console, 'GET', 'backup/download', { token: await sessionFor(app, 'dev') });
    expect(dev.headers['no-permission']).toBe('1');
    expect(dev.headers['content-disposition']).toBeUndefined();
    const anonymous = await call(app.console, 'GET', 'backup/download');
    expect(anonymous.headers['no-login']).toBe('1');
  });
});
