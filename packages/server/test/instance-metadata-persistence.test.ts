import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceKey } from '../src/core/naming/naming-model.js';
import { ManualClock } from '../src/shared/clock.js';
import { buildTestApp, tempDataDir, type TestApp } from './helpers.js';

const order: ServiceKey = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'order' };
const host = { ip: '10.0.0.1', port: 8080 };
const registered = { version: 'v1', zone: 'a' };
const edited = { version: 'v1', zone: 'a', weightHint: 'canary' };

let apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const app of apps) await app.close();
  apps = [];
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string, clock: ManualClock, env: Record<string, string> = {}): Promise<TestApp> {
  const app = await buildTestApp({ dataDir, clock, env });
  apps.push(app);
  return app;
}

/** The maintain API's metadata edit (PUT /nacos/v1/ns/instance), as an operator's tool sends it. */
async function editMetadata(app: TestApp, metadata: Record<string, string>): Promise<void> {
  const query = new URLSearchParams({
    serviceName: order.serviceName,
    ip: host.ip,
    port: String(host.port),
    ephemeral: 'true',
    metadata: JSON.stringify(metadata),
  });
  const res = await app.sdkHttp.inject({ method: 'PUT', url: `/nacos/v1/ns/instance?${query}` });
  expect(res.statusCode, res.body).toBe(200);
}

const metadataNow = (app: TestApp) => app.core.naming.getInstance(order, host)?.metadata;

describe('RNACOS_NAMING_INSTANCE_METADATA_PERSISTENCE_ENABLE', () => {
  it('gives edited metadata back to an ephemeral instance that registers again, also after a restart', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const clock = new ManualClock(1_000_000);
    const app = await start(dataDir, clock);
    const naming = app.core.naming;
    await naming.registerInstance(order, { ...host, metadata: registered });
    await editMetadata(app, edited);
    expect(metadataNow(app)).toEqual(edited);

    // deregistered, then registered again with what the client always sends
    await naming.deregisterInstance(order, host);
    await naming.registerInstance(order, { ...host, metadata: registered });
    expect(metadataNow(app)).toEqual(edited);

    // expired (no beats), then registered again by its beat
    clock.advance(31_000);
    naming.tick();
    expect(metadataNow(app)).toBeUndefined();
    naming.beat(order, host, { ...host, metadata: registered });
    expect(metadataNow(app)).toEqual(edited);

    // a gRPC client's registration gets it too
    await naming.deregisterInstance(order, host);
    await naming.registerConnectionInstance('conn-1', order, { ...host, metadata: registered });
    expect(metadataNow(app)).toEqual(edited);

    await app.close();
    const again = await start(dataDir, clock);
    await again.core.naming.registerInstance(order, { ...host, metadata: registered });
    expect(metadataNow(again)).toEqual(edited);
    // another address of the service keeps its own metadata
    await again.core.naming.registerInstance(order, { ip: '10.0.0.2', port: 8080, metadata: registered });
    expect(again.core.naming.getInstance(order, { ip: '10.0.0.2', port: 8080 })?.metadata).toEqual(registered);
  });

  it('forgets the edit once the instance has stayed away a minute, here and in the store', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const clock = new ManualClock(1_000_000);
    const app = await start(dataDir, clock);
    const naming = app.core.naming;
    await naming.registerInstance(order, { ...host, metadata: registered });
    await editMetadata(app, edited);
    await naming.deregisterInstance(order, host);
    naming.tick();
    clock.advance(59_000);
    naming.tick();
    await naming.registerInstance(order, { ...host, metadata: registered });
    expect(metadataNow(app)).toEqual(edited);

    await naming.deregisterInstance(order, host);
    naming.tick();
    clock.advance(60_000);
    naming.tick();
    await naming.registerInstance(order, { ...host, metadata: registered });
    expect(metadataNow(app)).toEqual(registered);

    await app.close();
    const again = await start(dataDir, clock);
    await again.core.naming.registerInstance(order, { ...host, metadata: { zone: 'b' } });
    expect(metadataNow(again)).toEqual({ zone: 'b' });
  });

  it('takes a new edit of an instance that is away as it is, and gives that one back from then on', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const app = await start(dataDir, new ManualClock(1_000_000));
    const naming = app.core.naming;
    await naming.registerInstance(order, { ...host, metadata: registered });
    await editMetadata(app, edited);
    await naming.deregisterInstance(order, host);
    // the maintain API's update of an absent instance registers it, with the metadata it gives
    await editMetadata(app, { zone: 'c' });
    expect(metadataNow(app)).toEqual({ zone: 'c' });
    await naming.deregisterInstance(order, host);
    await naming.registerInstance(order, { ...host, metadata: registered });
    expect(metadataNow(app)).toEqual({ zone: 'c' });
  });

  it('keeps nothing when set to false: a registration brings its own metadata', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const clock = new ManualClock(1_000_000);
    const env = { RNACOS_NAMING_INSTANCE_METADATA_PERSISTENCE_ENABLE: 'false' };
    const app = await start(dataDir, clock, env);
    await app.core.naming.registerInstance(order, { ...host, metadata: registered });
    await editMetadata(app, edited);
    expect(metadataNow(app)).toEqual(edited);
    await app.core.naming.deregisterInstance(order, host);
    await app.core.naming.registerInstance(order, { ...host, metadata: registered });
    expect(metadataNow(app)).toEqual(registered);
  });
});
