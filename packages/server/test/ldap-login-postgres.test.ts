import { afterAll, describe, expect, it } from 'vitest';
import { ROLE_DEVELOPER } from '../src/core/auth/user-model.js';
import { buildConsoleApp, type ConsoleApp } from './console-helpers.js';
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
  it('records the directory user in the shared database, where another node finds it', async () => {
    const [db, directory] = [pg as Postgres, ldap as Ldap];
    const env = {
      RNACOS_DB_URL: await db.createDatabase('ldap_login'),
      RNACOS_ENABLE_OPEN_API_AUTH: 'true',
      RNACOS_LDAP_ENABLE: 'true',
      RNACOS_LDAP_URL: directory.url,
      RNACOS_LDAP_USER_BASE_DN: PEOPLE,
      RNACOS_LDAP_BIND_DN: SERVICE_DN,
      RNACOS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
      RNACOS_LDAP_USER_DEVELOPER_GROUP: 'nacos-devs',
    };
    const first = await buildConsoleApp({ ...env, RNACOS_RAFT_NODE_ID: '1' });
    apps.push(first);
    expect(await consoleLogin(first.console, 'bob', 'bob-pw')).toMatchObject({ success: true });
    expect(first.core.auth.users.get('bob')).toMatchObject({ source: 'LDAP', roles: [ROLE_DEVELOPER] });

    const second = await buildConsoleApp({ ...env, RNACOS_RAFT_NODE_ID: '2' });
    apps.push(second);
    expect(second.core.auth.users.get('bob')).toMatchObject({ source: 'LDAP', roles: [ROLE_DEVELOPER] });
    expect((await sdkLogin(second.sdkHttp, 'bob', 'bob-pw')).json()).toMatchObject({ username: 'bob' });
  }, 60_000);
});
