import { afterAll, describe, expect, it } from 'vitest';
import { ROLE_DEVELOPER } from '../src/core/auth/user-model.js';
import { buildConsoleApp, call, type ConsoleApp } from './console-helpers.js';
import { consoleLogin, DIRECTORY, PEOPLE, sdkLogin, SERVICE_DN, SERVICE_PASSWORD } from './ldap-fixture.js';
import { startLdap, type Ldap } from './ldap-server.js';
import { startPostgres, type Postgres } from './postgres-server.js';

/** A directory user's login on a node whose store is a cluster's PostgreSQL database. */
const pg = await startPostgres();
const ldap = typeof pg === 'string' ? pg : await startLdap(DIRECTORY);
if (typeof ldap === 'string') console.warn(`LDAP login on PostgreSQL skipped: ${ldap}`);
const apps: ConsoleApp[] = [];

afterAll(async () => {
  for (const app of apps) await app.dispose();
  if (typeof ldap !== 'string') await ldap.stop();
  if (typeof pg !== 'string') await pg.stop();
}, 60_000);

describe.skipIf(typeof ldap === 'string')('LDAP login with the PostgreSQL store', () => {
  const envFor = async (database: string) => {
    const [db, directory] = [pg as Postgres, ldap as Ldap];
    return {
      RNACOS_DB_URL: await db.createDatabase(database),
      RNACOS_ENABLE_OPEN_API_AUTH: 'true',
      RNACOS_LDAP_ENABLE: 'true',
      RNACOS_LDAP_URL: directory.url,
      RNACOS_LDAP_USER_BASE_DN: PEOPLE,
      RNACOS_LDAP_BIND_DN: SERVICE_DN,
      RNACOS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
      RNACOS_LDAP_USER_DEVELOPER_GROUP: 'nacos-devs',
    };
  };

  it('records the directory user in the shared database, where another node finds it', async () => {
    const env = await envFor('ldap_login');
    const first = await buildConsoleApp({ ...env, RNACOS_RAFT_NODE_ID: '1' });
    apps.push(first);
    expect(await consoleLogin(first.console, 'bob', 'bob-pw')).toMatchObject({ success: true });
    expect(first.core.auth.users.get('bob')).toMatchObject({ source: 'LDAP', roles: [ROLE_DEVELOPER] });

    const second = await buildConsoleApp({ ...env, RNACOS_RAFT_NODE_ID: '2' });
    apps.push(second);
    expect(second.core.auth.users.get('bob')).toMatchObject({ source: 'LDAP', roles: [ROLE_DEVELOPER] });
    expect((await sdkLogin(second.sdkHttp, 'bob', 'bob-pw')).json()).toMatchObject({ username: 'bob' });
  }, 60_000);

  it('two nodes keep one user for every spelling; a disabling on one holds on the other at once', async () => {
    const env = await envFor('ldap_one_identity');
    const one = await buildConsoleApp({ ...env, RNACOS_RAFT_NODE_ID: '1' });
    apps.push(one);
    const two = await buildConsoleApp({ ...env, RNACOS_RAFT_NODE_ID: '2' });
    apps.push(two);
    // each node records what it sees in the database, whichever spelling it was given and whatever it has heard
    expect(await consoleLogin(one.console, 'bob', 'bob-pw')).toMatchObject({ success: true });
    expect((await sdkLogin(two.sdkHttp, 'BOB', 'bob-pw')).json()).toMatchObject({ username: 'bob' });
    expect(await consoleLogin(two.console, 'Bob', 'bob-pw')).toMatchObject({ success: true });
    // every stored row, as read back from the database
    await one.core.auth.users.reload();
    const rows = one.core.auth.users.all().map((u) => u.username);
    expect(rows.filter((n) => n.toLowerCase() === 'bob')).toEqual(['bob']);

    const admin = (await consoleLogin(one.console, 'admin', 'admin')).token!;
    const disabled = await call(one.console, 'POST', 'v2/user/update', {
      token: admin,
      json: { username: 'bob', enable: false },
    });
    expect(disabled.json()).toMatchObject({ success: true });
    // the other node decides from the stored user, heard of the change or not
    for (const name of ['bob', 'BOB', 'bOb']) {
      expect(await consoleLogin(two.console, name, 'bob-pw'), name).toMatchObject({ success: false });
      expect((await sdkLogin(two.sdkHttp, name, 'bob-pw')).status, name).toBe(403);
    }
  }, 60_000);
});
