import { rmSync } from 'node:fs';
import { DataClient } from 'nacos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDataDir, type TestApp } from '../helpers.js';

// The official npm config client with OpenAPI auth on: it sends username/password on every request.
type Client = InstanceType<typeof DataClient>;
let app: TestApp;
let serverAddr: string;
const cacheDir = tempDataDir('tsnacos-node-auth-');
const clients: Client[] = [];

async function clientAs(username: string, password: string, namespace = ''): Promise<Client> {
  const c = new DataClient({ serverAddr, cacheDir, namespace, username, password, requestTimeout: 2_000 });
  await c.ready();
  clients.push(c);
  return c;
}

beforeAll(async () => {
  app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
  await app.core.auth.users.add({
    username: 'dev',
    password: 'dev-pw-password',
    roles: ['1'],
    namespacePrivilege: { whitelistIsAll: false, whitelist: ['team'] },
  });
  await app.core.auth.users.add({ username: 'reader', password: 'reader-pw', roles: ['2'] });
  serverAddr = (await app.sdkHttp.listen({ port: 0, host: '127.0.0.1' })).replace('http://', '');
});

afterAll(async () => {
  for (const c of clients) c.close();
  await app?.dispose();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('nacos npm config client with OpenAPI auth', () => {
  it('publishes and reads with valid credentials', async () => {
    const admin = await clientAs('admin', 'admin');
    expect(await admin.publishSingle('auth.properties', 'DEFAULT_GROUP', 'a=1')).toBe(true);
    expect(await admin.getConfig('auth.properties', 'DEFAULT_GROUP', {})).toBe('a=1');
  });

  it('is refused with a wrong password', async () => {
    const intruder = await clientAs('admin', 'wrong');
    await expect(intruder.publishSingle('auth.properties', 'DEFAULT_GROUP', 'hacked')).rejects.toThrow(/403/);
    expect(app.core.configs.get({ namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'auth.properties' })!.content).toBe(
      'a=1',
    );
  });

  it('lets a guest read but not write', async () => {
    const reader = await clientAs('reader', 'reader-pw');
    expect(await reader.getConfig('auth.properties', 'DEFAULT_GROUP', {})).toBe('a=1');
    await expect(reader.publishSingle('auth.properties', 'DEFAULT_GROUP', 'b=2')).rejects.toThrow(/403/);
  });

  it('keeps a user to the namespaces of their privilege', async () => {
    const inTeam = await clientAs('dev', 'dev-pw-password', 'team');
    expect(await inTeam.publishSingle('team.yaml', 'DEFAULT_GROUP', 'x: 1')).toBe(true);
    const outside = await clientAs('dev', 'dev-pw-password');
    await expect(outside.publishSingle('team.yaml', 'DEFAULT_GROUP', 'x: 1')).rejects.toThrow(/403/);
  });
});
