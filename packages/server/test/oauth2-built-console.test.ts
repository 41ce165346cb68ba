import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, waitForExit, type ServerProcess } from './server-process.js';

/**
 * The built server (`npm run build` first) as a user runs it: the console sets its cookies (captcha, the
 * OAuth2 state) and an OAuth2 start leaves for the provider. The console's code and openid-client are
 * chunks loaded on demand, so only the build shows whether they load.
 */
describe('OAuth2 login in the built server', () => {
  let server: ServerProcess;
  let console: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-oauth2-built-'));
    const port = await freePort();
    console = `http://127.0.0.1:${port}`;
    server = await startServerProcess(
      {
        RNACOS_DATA_DIR: dataDir,
        RNACOS_HTTP_CONSOLE_PORT: String(port),
        RNACOS_CONSOLE_HOST: '127.0.0.1',
        RNACOS_OAUTH2_ENABLE: 'true',
        RNACOS_OAUTH2_CLIENT_ID: 'console',
        RNACOS_OAUTH2_CLIENT_SECRET: 'built-secret',
        RNACOS_OAUTH2_SERVER_URL: 'https://github.example/login',
        RNACOS_OAUTH2_REDIRECT_URI: `${console}/rnacos/api/console/v2/login/oauth2/callback`,
      },
      { built: true },
    );
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    if (server) await waitForExit(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets the captcha cookie and starts an OAuth2 login with its state cookie', async () => {
    const captcha = await fetch(`${console}/rnacos/api/console/v2/login/captcha`);
    expect(captcha.status).toBe(200);
    expect(captcha.headers.get('set-cookie')).toMatch(/^captcha_token=/);

    const start = await fetch(`${console}/rnacos/api/console/v2/login/oauth2/authorize`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toMatch(
      /^https:\/\/github\.example\/login\/oauth\/authorize\?.*code_challenge=/,
    );
    expect(start.headers.get('set-cookie')).toMatch(/^oauth2_state_\d+=[^;]+;.*HttpOnly/);
    expect(server.output()).not.toContain('built-secret');
  });
});
