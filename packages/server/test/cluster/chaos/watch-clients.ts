import { createHash } from 'node:crypto';
import type { JsonObject } from '../../../src/adapters/grpc-v2/payload.js';
import type { Message } from '../../grpc-raw-client.js';
import type { ChaosNode } from './chaos-node.js';
import { CONFIG_GROUP, readConfig, WATCHED_KEYS } from './config-reads.js';
import { FailoverGrpcClient } from './failover-grpc-client.js';
import type { History } from './history.js';
import { BEAT_SERVICE, GRPC_SERVICE } from './naming-clients.js';
import { FORM, form } from './op-outcome.js';
import { sleep, type Random } from './random.js';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const WATCHED_SERVICES = [GRPC_SERVICE, BEAT_SERVICE];

/** What a listener last read of each watched key (undefined: absent), for the end of the run. */
export interface ConfigWatcher {
  name: string;
  /** Undefined while it cannot tell (not connected). */
  values(): Map<string, string | undefined> | undefined;
  close(): void;
}

/** What a subscriber was last told each watched service holds (`ip:port -> weight`). */
export interface NamingWatcher {
  name: string;
  hosts(service: string): Map<string, number> | undefined;
  close(): void;
}

/** The hosts of a pushed or queried ServiceInfo, as `ip:port -> weight`. */
export function hostsOf(serviceInfo: unknown): Map<string, number> {
  const hosts = (serviceInfo as { hosts?: Array<{ ip: string; port: number; weight: number }> } | undefined)?.hosts;
  return new Map((hosts ?? []).map((h) => [`${h.ip}:${h.port}`, h.weight]));
}

/**
 * An HTTP v1 config listener bound to one node, as a 1.x SDK behind no load balancer: long-polls the
 * watched keys with the md5s it holds, and reads each key the node says changed from that same node.
 */
export class LongPollListener implements ConfigWatcher {
  private readonly current = new Map<string, string | undefined>();
  private closed = false;

  constructor(
    readonly name: string,
    private readonly node: ChaosNode,
    private readonly history: History,
  ) {}

  async run(): Promise<void> {
    for (const key of WATCHED_KEYS) await this.refresh(key);
    while (!this.closed) {
      const listening = WATCHED_KEYS.map((key) => {
        const value = this.current.get(key);
        return `${key}\u0002${CONFIG_GROUP}\u0002${value === undefined ? '' : md5(value)}\u0001`;
      }).join('');
      try {
        const res = await fetch(`${this.node.http}/nacos/v1/cs/configs/listener`, {
          method: 'POST',
          headers: { ...FORM, 'Long-Pulling-Timeout': '5000' },
          body: form({ 'Listening-Configs': listening }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = decodeURIComponent(await res.text());
        if (res.status !== 200) throw new Error(`${res.status}`);
        const changed = body
          .split('\u0001')
          .map((line) => line.split('\u0002')[0])
          .filter((key) => WATCHED_KEYS.includes(key));
        for (const key of changed) await this.refresh(key);
      } catch {
        await sleep(500); // the node is down or restarting: listen again
      }
    }
  }

  private async refresh(key: string): Promise<void> {
    const read = await readConfig(this.history, this.name, this.node, key);
    if (read) this.current.set(key, read.value);
  }

  values(): Map<string, string | undefined> {
    return this.current;
  }

  close(): void {
    this.closed = true;
  }
}

/**
 * A 2.x SDK-like client that listens to the watched keys and subscribes to the watched services over gRPC,
 * moving between nodes as the SDKs do and setting both up again on each node: a pushed change of a key is
 * read with a ConfigQueryRequest on the node that pushed it; a pushed service replaces what it holds.
 */
export class GrpcWatcher implements ConfigWatcher, NamingWatcher {
  private readonly conn: FailoverGrpcClient;
  private readonly current = new Map<string, string | undefined>();
  private readonly services = new Map<string, Map<string, number>>();
  private connected = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly name: string,
    private readonly nodes: ChaosNode[],
    private readonly history: History,
    random: Random,
  ) {
    this.conn = new FailoverGrpcClient(name, nodes, random.fork('conn'));
    this.conn.onConnected = (node) => this.setUp(node);
    this.conn.onPush = (message, node) => void this.pushed(message, node);
    // a set-up that failed half-way (a request timed out) is done again, as the SDKs redo theirs
    this.timer = setInterval(() => {
      const node = this.nodes.find((n) => n.nodeId === this.conn.nodeId);
      if (!this.connected && node) void this.setUp(node).catch(() => undefined);
    }, 2_000);
    this.timer.unref();
  }

  async start(): Promise<void> {
    await this.conn.start();
  }

  private async setUp(node: ChaosNode): Promise<void> {
    this.connected = false;
    const contexts = WATCHED_KEYS.map((dataId) => {
      const value = this.current.get(dataId);
      return { dataId, group: CONFIG_GROUP, tenant: '', md5: value === undefined ? '' : md5(value) };
    });
    const listen = await this.conn.request('ConfigBatchListenRequest', {
      listen: true,
      configListenContexts: contexts,
      module: 'config',
    });
    const changed = (listen.body.changedConfigs as Array<{ dataId: string }> | undefined) ?? [];
    for (const { dataId } of changed) await this.query(dataId, node);
    for (const serviceName of WATCHED_SERVICES) {
      const answer = await this.conn.request('SubscribeServiceRequest', {
        namespace: 'public',
        groupName: 'DEFAULT_GROUP',
        serviceName,
        subscribe: true,
        clusters: '',
        module: 'naming',
      });
      if (answer.body.success === true) this.record(serviceName, answer.body.serviceInfo, node);
    }
    this.connected = true;
  }

  private async pushed(message: Message, node: ChaosNode): Promise<void> {
    if (message.type === 'ConfigChangeNotifyRequest') {
      const dataId = String(message.body.dataId);
      if (WATCHED_KEYS.includes(dataId)) await this.query(dataId, node).catch(() => undefined);
    } else if (message.type === 'NotifySubscriberRequest') {
      const info = message.body.serviceInfo as JsonObject | undefined;
      const name = (typeof info?.name === 'string' ? info.name : '').replace(/^.*@@/, '');
      if (WATCHED_SERVICES.includes(name)) this.record(name, info, node);
    }
  }

  private async query(dataId: string, node: ChaosNode): Promise<void> {
    const invokedAt = this.history.now();
    const answer = await this.conn.request('ConfigQueryRequest', {
      dataId,
      group: CONFIG_GROUP,
      tenant: '',
      module: 'config',
    });
    let value: string | undefined;
    if (answer.body.success === true) value = String(answer.body.content);
    else if (Number(answer.body.errorCode) !== 300) return; // not an answer about the key
    this.current.set(dataId, value);
    this.history.read({ client: this.name, node: node.nodeId, key: dataId, value, invokedAt });
  }

  private record(service: string, serviceInfo: unknown, node: ChaosNode): void {
    const hosts = hostsOf(serviceInfo);
    this.services.set(service, hosts);
    this.history.pushes.push({ subscriber: this.name, node: node.nodeId, service, hosts, at: this.history.now() });
  }

  values(): Map<string, string | undefined> | undefined {
    return this.connected ? this.current : undefined;
  }

  hosts(service: string): Map<string, number> | undefined {
    return this.connected ? this.services.get(service) : undefined;
  }

  close(): void {
    clearInterval(this.timer);
    this.conn.close();
  }
}

/** Polls every node's instance lists of the services whose gaps are checked, twice a second. */
export class ListSampler {
  private closed = false;

  constructor(
    private readonly nodes: ChaosNode[],
    private readonly history: History,
    private readonly services: string[],
  ) {}

  async run(until: () => boolean): Promise<void> {
    while (!until() && !this.closed) {
      await Promise.all(this.nodes.map((node) => this.sample(node)));
      await sleep(500);
    }
  }

  private async sample(node: ChaosNode): Promise<void> {
    for (const service of this.services) {
      try {
        const res = await fetch(`${node.http}/nacos/v1/ns/instance/list?serviceName=${service}&healthyOnly=false`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (res.status !== 200) continue;
        const at = this.history.now();
        const { hosts } = (await res.json()) as { hosts: Array<{ ip: string; port: number }> };
        const addresses = new Set(hosts.map((h) => `${h.ip}:${h.port}`));
        this.history.samples.push({ node: node.nodeId, service, addresses, at });
      } catch {
        // down or frozen: no sample
      }
    }
  }

  close(): void {
    this.closed = true;
  }
}
