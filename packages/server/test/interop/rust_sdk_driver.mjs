#!/usr/bin/env node
// Drives the official nacos-sdk-rust (through its Node binding) for the interop tests, with the same
// line protocol as python_sdk_driver.py: JSON commands on stdin, JSON replies and events on stdout.
import { createInterface } from 'node:readline';
import { NacosConfigClient, NacosNamingClient } from 'nacos-sdk-rust-binding-node';

const clients = new Map();
const emit = (message) => process.stdout.write(JSON.stringify(message) + '\n');

const instanceJson = (i) => ({
  ip: i.ip,
  port: i.port,
  clusterName: i.clusterName,
  healthy: i.healthy,
  ephemeral: i.ephemeral,
  weight: i.weight,
  metadata: i.metadata,
});

const options = (a) => ({
  serverAddr: a.server,
  namespace: a.namespace ?? '',
  appName: a.appName,
  username: a.username,
  password: a.password,
  namingPushEmptyProtection: false,
});

const commands = {
  'config.create': (a) => void clients.set(a.client, new NacosConfigClient(options(a))),
  'config.get': (a) => clients.get(a.client).getConfig(a.dataId, a.group),
  'config.publish': (a) => clients.get(a.client).publishConfig(a.dataId, a.group, a.content),
  'config.remove': (a) => clients.get(a.client).removeConfig(a.dataId, a.group),
  'config.listen': (a) =>
    clients.get(a.client).addListener(a.dataId, a.group, (err, r) =>
      emit({
        event: 'config',
        client: a.client,
        dataId: r?.dataId,
        group: r?.group,
        content: r?.content,
        error: err?.message,
      }),
    ),
  'naming.create': (a) => void clients.set(a.client, new NacosNamingClient(options(a))),
  'naming.register': (a) => clients.get(a.client).registerInstance(a.service, a.group ?? 'DEFAULT_GROUP', a.instance),
  'naming.deregister': (a) =>
    clients.get(a.client).deregisterInstance(a.service, a.group ?? 'DEFAULT_GROUP', a.instance),
  'naming.batchRegister': (a) =>
    clients.get(a.client).batchRegisterInstance(a.service, a.group ?? 'DEFAULT_GROUP', a.instances),
  'naming.list': async (a) =>
    (
      await clients
        .get(a.client)
        .getAllInstances(a.service, a.group ?? 'DEFAULT_GROUP', a.clusters ?? [], a.subscribe ?? false)
    ).map(instanceJson),
  'naming.subscribe': (a) =>
    clients.get(a.client).subscribe(a.service, a.group ?? 'DEFAULT_GROUP', a.clusters ?? [], (err, instances) =>
      emit({
        event: 'naming',
        client: a.client,
        service: a.service,
        instances: (instances ?? []).map(instanceJson),
        error: err?.message,
      }),
    ),
};

createInterface({ input: process.stdin })
  .on('line', async (line) => {
    const { id, cmd, args } = JSON.parse(line);
    try {
      const result = await commands[cmd](args ?? {});
      emit({ id, ok: true, result: result ?? null });
    } catch (err) {
      emit({ id, ok: false, error: String(err?.message ?? err) });
    }
  })
  // The Rust clients have no close: ending the process drops their connections.
  .on('close', () => process.exit(0));

emit({ event: 'ready', pid: process.pid });
