import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pythonSdkAvailable,
  startPythonDriver,
  startRustDriver,
  startSdkServer,
  type SdkDriver,
  type SdkServer,
} from './sdk-drivers.js';

/**
 * OpenAPI auth on the gRPC door, with the official clients: a client that logged in (HTTP login, then the
 * `accessToken` header on every gRPC request) is served; one without credentials is refused with 403.
 */
let server: SdkServer;
let rust: SdkDriver;
let python: SdkDriver | undefined;

beforeAll(async () => {
  server = await startSdkServer({
    RNACOS_ENABLE_OPEN_API_AUTH: 'true',
    RNACOS_INIT_ADMIN_USERNAME: 'admin',
    RNACOS_INIT_ADMIN_PASSWORD: 'Secret-1234',
  });
  rust = await startRustDriver(server);
  if (pythonSdkAvailable) python = await startPythonDriver(server);
});

afterAll(async () => {
  await Promise.all([rust?.cleanup(), python?.cleanup()]);
  await server?.app.dispose();
});

describe('gRPC with OpenAPI auth on', () => {
  it('refuses a client without credentials with 403', async () => {
    await rust.driver.call('config.create', { ...rust.clientArgs, client: 'anon' });
    await expect(
      rust.driver.call('config.publish', { client: 'anon', dataId: 'a', group: 'G', content: 'x' }),
    ).rejects.toThrow(/403/);
    expect(server.app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'a' })).toBeUndefined();
  });

  it('serves a client that logged in', async () => {
    await rust.driver.call('config.create', {
      ...rust.clientArgs,
      client: 'admin',
      username: 'admin',
      password: 'Secret-1234',
    });
    expect(await rust.driver.call('config.publish', { client: 'admin', dataId: 'a', group: 'G', content: 'x' })).toBe(
      true,
    );
    expect(await rust.driver.call('config.get', { client: 'admin', dataId: 'a', group: 'G' })).toBe('x');
  });

  it.skipIf(!pythonSdkAvailable)('serves the Python client that logged in, for naming too', async () => {
    const d = python!.driver;
    await d.call('naming.create', { ...python!.clientArgs, client: 'p', username: 'admin', password: 'Secret-1234' });
    await d.call('naming.register', { client: 'p', service: 'auth-svc', instance: { ip: '10.50.0.1', port: 1 } });
    const key = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'auth-svc' };
    expect(server.app.core.naming.listInstances(key)).toMatchObject([{ ip: '10.50.0.1', port: 1 }]);
  });
});
