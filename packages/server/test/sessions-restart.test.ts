import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { DATABASE_FILE } from '../src/storage/sqlite/database.js';
import { call, knownCaptcha, loginAs } from './console-helpers.js';
import { buildTestApp, form, tempDataDir, type TestApp } from './helpers.js';

/** Logins live in the store: SDK and console tokens keep working after a restart, ended ones stay ended. */
describe('logins across a restart', () => {
  let dataDir: string;
  let clock: ManualClock;
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}) {
    dataDir ??= tempDataDir();
    app = await buildTestApp({
      env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true', ...env },
      dataDir,
      clock,
      captchaSource: knownCaptcha,
    });
    return app;
  }
  async function restart(env: Record<string, string> = {}) {
    await app!.close();
    return start(env);
  }
  const fresh = () => {
    dataDir = tempDataDir();
    clock = new ManualClock();
  };
  const sdkLogin = async (a: TestApp) =>
    (
      await a.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/auth/login',
        ...form({ username: 'admin', password: 'admin' }),
      })
    ).json().accessToken as string;
  const readConfig = (a: TestApp, token: string) =>
    a.sdkHttp.inject({ method: 'GET', url: `/nacos/v1/cs/configs?dataId=a&group=G&accessToken=${token}` });
  const consoleCall = (a: TestApp, token: string) => call(a.consoleHttp!, 'GET', 'v2/namespaces/list', { token });

  it('keeps SDK and console logins, and only the SHA-256 of a token is on disk', async () => {
    fresh();
    let a = await start();
    await a.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'a', content: 'x' });
    const sdkToken = await sdkLogin(a);
    const consoleToken = await loginAs(a.consoleHttp!, 'admin', 'admin');
    a = await restart();
    expect((await readConfig(a, sdkToken)).body).toBe('x');
    expect((await consoleCall(a, consoleToken)).json()).toMatchObject({ success: true });
    const files = readdirSync(dataDir).filter((f) => f.startsWith(DATABASE_FILE));
    const onDisk = files.map((f) => readFileSync(path.join(dataDir, f)).toString('latin1')).join('');
    expect(files).toContain(DATABASE_FILE);
    expect(onDisk.includes(sdkToken) || onDisk.includes(consoleToken)).toBe(false);
  });

  it('does not bring back a logout or the sessions a password change ended', async () => {
    fresh();
    let a = await start();
    const loggedOut = await loginAs(a.consoleHttp!, 'admin', 'admin');
    await call(a.consoleHttp!, 'POST', 'v2/login/logout', { token: loggedOut });
    const sdkToken = await sdkLogin(a);
    await a.core.auth.users.update({ username: 'admin', password: 'changed-password' });
    expect((await readConfig(a, sdkToken)).statusCode).toBe(403);
    a = await restart();
    expect((await consoleCall(a, loggedOut)).json()).toMatchObject({ code: 'NO_LOGIN' });
    expect((await readConfig(a, sdkToken)).statusCode).toBe(403);
  });

  it('does not load a login that expired while the server was down', async () => {
    fresh();
    const env = { RNACOS_CONSOLE_LOGIN_TIMEOUT: '60' };
    let a = await start(env);
    const token = await loginAs(a.consoleHttp!, 'admin', 'admin');
    await a.close();
    clock.advance(61_000);
    a = await start(env);
    expect(a.core.auth.sessions.size()).toBe(0);
    expect((await consoleCall(a, token)).json()).toMatchObject({ code: 'NO_LOGIN' });
  });
});
