import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildConsoleApp, call, sessionFor, type ConsoleApp } from '../../../test/console-helpers.js';

const apps: ConsoleApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.dispose()));
});

const resources = async (app: ConsoleApp, token: string) =>
  (await call(app.console, 'GET', 'v2/user/web_resources', { token })).json().data;

describe('the default admin password in the console', () => {
  it('is named to admins while it lasts, to nobody else, and no more once changed', async () => {
    const app = await buildConsoleApp();
    apps.push(app);
    await app.core.auth.users.add({ username: 'dev', password: 'dev-password', roles: ['1'] });
    const admin = await sessionFor(app, 'admin');
    expect((await resources(app, admin)).defaultPasswordUser).toBe('admin');
    expect((await resources(app, await sessionFor(app, 'dev'))).defaultPasswordUser).toBeUndefined();

    await app.core.auth.users.update({ username: 'admin', password: 'a-better-password' });
    // the change ended the admin's sessions: a new login sees no warning once the check has run
    await vi.waitFor(async () =>
      expect((await resources(app, await sessionFor(app, 'admin'))).defaultPasswordUser).toBeUndefined(),
    );
  });

  it('is not named when the first admin was created with a password of its own', async () => {
    const app = await buildConsoleApp({ RNACOS_INIT_ADMIN_PASSWORD: 'my-own-password' });
    apps.push(app);
    expect((await resources(app, await sessionFor(app, 'admin'))).defaultPasswordUser).toBeUndefined();
  });
});
