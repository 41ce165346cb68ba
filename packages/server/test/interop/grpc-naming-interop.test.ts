import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverEvent } from './line-driver.js';
import {
  pythonSdkAvailable,
  startPythonDriver,
  startRustDriver,
  startSdkServer,
  type SdkDriver,
  type SdkServer,
} from './sdk-drivers.js';
import { waitUntil } from './wait-until.js';

/**
 * The service registry through the official 2.x clients (nacos-sdk-rust via its Node binding, and
 * nacos-sdk-python), against a listening server, mixed with the HTTP v1 door.
 */
let server: SdkServer;
let rust: SdkDriver;
let python: SdkDriver | undefined;

interface EventInstance {
  ip: string;
  port: number;
  ephemeral: boolean;
  clusterName: string;
}

const ports = (e: DriverEvent) => (e.instances as EventInstance[]).map((i) => i.port).sort((a, b) => a - b);
const isPush = (client: string, service: string, wanted: number[]) => (e: DriverEvent) =>
  e.event === 'naming' &&
  e.client === client &&
  e.service === service &&
  JSON.stringify(ports(e)) === JSON.stringify(wanted);

async function httpInstances(service: string): Promise<Array<{ ip: string; port: number; ephemeral: boolean }>> {
  const res = await fetch(`http://127.0.0.1:${server.httpPort}/nacos/v1/ns/instance/list?serviceName=${service}`);
  expect(res.status).toBe(200);
  return (await res.json()).hosts;
}

beforeAll(async () => {
  server = await startSdkServer();
  rust = await startRustDriver(server);
  await rust.driver.call('naming.create', { ...rust.clientArgs, client: 'r' });
  if (pythonSdkAvailable) {
    python = await startPythonDriver(server);
    await python.driver.call('naming.create', { ...python.clientArgs, client: 'p' });
  }
});

afterAll(async () => {
  await Promise.all([rust?.cleanup(), python?.cleanup()]);
  await server?.app.dispose();
});

describe('nacos-sdk-rust (gRPC)', () => {
  it('registers, sees the push, deregisters and sees the empty push', async () => {
    const d = rust.driver;
    await d.call('naming.subscribe', { client: 'r', service: 'rust-svc' });
    await d.call('naming.register', {
      client: 'r',
      service: 'rust-svc',
      instance: { ip: '10.10.0.1', port: 8080, metadata: { v: '1' } },
    });
    await d.waitEvent(isPush('r', 'rust-svc', [8080]));
    expect(await httpInstances('DEFAULT_GROUP@@rust-svc')).toMatchObject([
      { ip: '10.10.0.1', port: 8080, ephemeral: true },
    ]);

    await d.call('naming.deregister', { client: 'r', service: 'rust-svc', instance: { ip: '10.10.0.1', port: 8080 } });
    await d.waitEvent(isPush('r', 'rust-svc', []));
    expect(await httpInstances('DEFAULT_GROUP@@rust-svc')).toEqual([]);
  });

  it('batch-registers with replace semantics', async () => {
    const d = rust.driver;
    await d.call('naming.subscribe', { client: 'r', service: 'rust-batch' });
    const inst = (port: number) => ({ ip: '10.10.0.2', port });
    await d.call('naming.batchRegister', {
      client: 'r',
      service: 'rust-batch',
      instances: [inst(1), inst(2), inst(3)],
    });
    await d.waitEvent(isPush('r', 'rust-batch', [1, 2, 3]));
    await d.call('naming.batchRegister', { client: 'r', service: 'rust-batch', instances: [inst(3)] });
    await d.waitEvent(isPush('r', 'rust-batch', [3]));
    const listed = await d.call<EventInstance[]>('naming.list', { client: 'r', service: 'rust-batch' });
    expect(listed.map((i) => i.port)).toEqual([3]);
  });
});

describe.skipIf(!pythonSdkAvailable)('nacos-sdk-python (gRPC)', () => {
  it('registers, sees the push, deregisters and sees the empty push', async () => {
    const d = python!.driver;
    await d.call('naming.subscribe', { client: 'p', service: 'py-svc' });
    await d.call('naming.register', { client: 'p', service: 'py-svc', instance: { ip: '10.20.0.1', port: 9000 } });
    await d.waitEvent(isPush('p', 'py-svc', [9000]));
    await d.call('naming.deregister', { client: 'p', service: 'py-svc', instance: { ip: '10.20.0.1', port: 9000 } });
    await d.waitEvent(isPush('p', 'py-svc', []));
  });

  it('batch-registers and lists services', async () => {
    const d = python!.driver;
    await d.call('naming.subscribe', { client: 'p', service: 'py-batch' });
    const inst = (port: number) => ({ ip: '10.20.0.2', port });
    await d.call('naming.batchRegister', { client: 'p', service: 'py-batch', instances: [inst(1), inst(2)] });
    await d.waitEvent(isPush('p', 'py-batch', [1, 2]));
    const services = await d.call<{ count: number; services: string[] }>('naming.services', { client: 'p' });
    expect(services.services).toContain('py-batch');
    expect(services.count).toBe(services.services.length);
  });

  it('registers a persistent instance over gRPC that stays after the client leaves', async () => {
    const d = python!.driver;
    await d.call('naming.register', {
      client: 'p',
      service: 'py-db',
      instance: { ip: '10.20.0.3', port: 5432, ephemeral: false },
    });
    const hosts = await httpInstances('DEFAULT_GROUP@@py-db');
    expect(hosts).toMatchObject([{ ip: '10.20.0.3', port: 5432, ephemeral: false }]);
  });

  it('sees instances registered over HTTP, and pushes reach it', async () => {
    const d = python!.driver;
    await d.call('naming.subscribe', { client: 'p', service: 'http-svc' });
    await waitUntil('the subscription', () => server.app.core.naming.stats().subscriberCount > 0);
    const res = await fetch(`http://127.0.0.1:${server.httpPort}/nacos/v1/ns/instance`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        serviceName: 'http-svc',
        ip: '10.30.0.1',
        port: '7001',
        ephemeral: 'false',
      }).toString(),
    });
    expect(await res.text()).toBe('ok');
    await d.waitEvent(isPush('p', 'http-svc', [7001]));
    const listed = await d.call<EventInstance[]>('naming.list', { client: 'p', service: 'http-svc' });
    expect(listed).toMatchObject([{ ip: '10.30.0.1', port: 7001 }]);
  });

  it('sees the instances of a client that dies disappear', async () => {
    const provider = await startRustDriver(server);
    try {
      await provider.driver.call('naming.create', { ...provider.clientArgs, client: 'gone' });
      await provider.driver.call('naming.register', {
        client: 'gone',
        service: 'drop-svc',
        instance: { ip: '10.40.0.1', port: 1 },
      });
      await python!.driver.call('naming.subscribe', { client: 'p', service: 'drop-svc' });
      await python!.driver.waitEvent(isPush('p', 'drop-svc', [1]));
      provider.driver.kill();
      await python!.driver.waitEvent(isPush('p', 'drop-svc', []), 5_000);
      expect(await httpInstances('DEFAULT_GROUP@@drop-svc')).toEqual([]);
    } finally {
      await provider.cleanup();
    }
  });
});
