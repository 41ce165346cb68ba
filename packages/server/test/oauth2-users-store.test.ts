import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDataDir, type TestApp } from './helpers.js';
import { startPostgres, type Postgres } from './postgres-server.js';

/**
 * Users an OAuth2 provider logged in are recorded in the store like r-nacos records them (created on the
 * first login, roles from the claim on later ones) and read back by another node or after a restart, on
 * both store backends.
 */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`OAuth2 user recording on PostgreSQL skipped: ${pg}`);

type Backend = { name: string; open(): Promise<TestApp>; close(): Promise<void> };

function sqliteBackend(): Backend {
  const dataDir = tempDataDir();
  const apps: TestApp[] = [];
  return {
    name: 'SQLite',
    async open() {
      const app = await buildTestApp({ dataDir });
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps) await app.dispose();
    },
  };
}

function postgresBackend(server: Postgres): Backend {
  const apps: TestApp[] = [];
  let url: Promise<string> | undefined;
  return {
    name: 'PostgreSQL',
    async open() {
      url ??= server.createDatabase('oauth2_users');
      // each app is a node of the cluster sharing the database
      const app = await buildTestApp({
        env: { RNACOS_DB_URL: await url, RNACOS_RAFT_NODE_ID: String(apps.length + 1) },
      });
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps) await app.dispose();
    },
  };
}

const backends: Array<() => Backend> = [sqliteBackend];
if (typeof pg !== 'string') backends.push(() => postgresBackend(pg));

afterAll(async () => {
  if (typeof pg !== 'string') await pg.stop();
});

describe.each(backends.map((make) => [make().name, make] as const))('OAuth2 users on %s', (_name, make) => {
  let backend: Backend;
  beforeAll(() => {
    backend = make();
  });
  afterAll(() => backend.close());

  it('are created once, follow the role claim, keep roles an admin set without one, and survive a restart', async () => {
    const first = await backend.open();
    const users = first.core.auth.users;
    const recorded = await users.recordExternal({
      username: 'dana@example.com',
      nickname: 'Dana',
      source: 'OAUTH2',
      newRoles: ['1'],
    });
    expect(recorded).toMatchObject({ source: 'OAUTH2', roles: ['1'], nickname: 'Dana', enabled: true });
    // an admin raises the role; a login without a role claim keeps it, with the current nickname
    await users.update({ username: 'dana@example.com', roles: ['0'] });
    await users.recordExternal({
      username: 'dana@example.com',
      nickname: 'Dana D.',
      source: 'OAUTH2',
      newRoles: ['1'],
    });
    expect(users.get('dana@example.com')).toMatchObject({ roles: ['0'], nickname: 'Dana D.' });
    // with a role claim the provider decides on every login
    await users.recordExternal({
      username: 'dana@example.com',
      nickname: 'Dana D.',
      source: 'OAUTH2',
      roles: ['2'],
      newRoles: ['1'],
    });

    const second = await backend.open();
    expect(second.core.auth.users.get('dana@example.com')).toMatchObject({
      source: 'OAUTH2',
      roles: ['2'],
      nickname: 'Dana D.',
    });
    // never a password login for such a user
    expect(await second.core.auth.users.authenticate('dana@example.com', '')).toBeUndefined();
  });

  it('never take over a local user of the same name', async () => {
    const app = await backend.open();
    await expect(
      app.core.auth.users.recordExternal({
        username: 'admin',
        nickname: 'x',
        source: 'OAUTH2',
        roles: ['0'],
        newRoles: ['1'],
      }),
    ).rejects.toThrow(/does not come from OAUTH2/);
    expect(app.core.auth.users.get('admin')?.source).toBe('INNER');
  });

  it('never record a provider name that differs from a local user only in case or width beside it', async () => {
    const app = await backend.open();
    for (const username of ['ADMIN', 'Admin', '\uff21\uff44\uff4d\uff49\uff4e']) {
      await expect(
        app.core.auth.users.recordExternal({
          username,
          nickname: 'x',
          source: 'OAUTH2',
          roles: ['0'],
          newRoles: ['1'],
        }),
        username,
      ).rejects.toThrow(/does not come from OAUTH2/);
    }
    const like = app.core.auth.users.all().filter((u) => u.username.normalize('NFKC').toLowerCase() === 'admin');
    expect(like.map((u) => u.username)).toEqual(['admin']);
  });
});
