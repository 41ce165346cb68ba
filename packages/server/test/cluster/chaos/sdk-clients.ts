import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pythonSdkAvailable, startPythonDriver, type SdkDriver, type SdkServer } from '../../interop/sdk-drivers.js';
import type { ChaosNode } from './chaos-node.js';
import { CONFIG_GROUP, WATCHED_KEYS } from './config-reads.js';
import type { ConfigFields, History, OpRecord, Outcome } from './history.js';
import { GRPC_SERVICE, type InstanceClient, type InstanceFields } from './naming-clients.js';
import { sleep, type Random } from './random.js';
import type { ClientInstance } from './state-checker.js';
import { hostsOf, type ConfigWatcher, type NamingWatcher } from './watch-clients.js';

export { pythonSdkAvailable };

/** `call` until it goes through, for up to a minute. */
async function again(call: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await call();
      return;
    } catch (err) {
      if (attempt >= 30) throw err;
      await sleep(2_000);
    }
  }
}

/**
 * The official Python SDK (nacos-sdk-python, gRPC) in the fault mix, given every node: it registers an
 * ephemeral instance and registers it again with other weights, subscribes to the service, listens to the
 * watched keys and now and then publishes one. It moves between nodes and redoes its registrations and
 * subscriptions as it does in production; which node answered is its own business (node 0 in the history).
 */
export class PythonSdkClient implements InstanceClient, ConfigWatcher, NamingWatcher {
  readonly name = 'python-sdk';
  private driver: SdkDriver | undefined;
  private readonly address = '10.5.0.1:9100';
  private readonly ops: Array<OpRecord<InstanceFields>> = [];
  private readonly current = new Map<string, string | undefined>();
  private readonly services = new Map<string, Map<string, number>>();
  private quieted = false;
  private published = 0;
  /** The SDK's own log, read as it closes: a failed run keeps it with the nodes' logs. */
  log = '';
  private startedAt = 0;

  constructor(
    private readonly nodes: ChaosNode[],
    private readonly history: History,
    private readonly random: Random,
  ) {}

  async run(until: () => boolean): Promise<void> {
    const serverAddr = this.nodes.map((n) => n.process.serverAddr).join(',');
    this.startedAt = Date.now();
    const driver = (this.driver = await startPythonDriver({ serverAddr } as SdkServer));
    driver.driver.onEvent = (event) => {
      if (event.event === 'naming') {
        const hosts = hostsOf({ hosts: event.instances });
        this.services.set(String(event.service), hosts);
        this.history.pushes.push({
          subscriber: this.name,
          node: 0,
          service: String(event.service),
          hosts,
          at: this.history.now(),
        });
      } else if (event.event === 'config') {
        const value = typeof event.content === 'string' && event.content !== '' ? event.content : undefined;
        this.current.set(String(event.dataId), value);
        const at = this.history.now();
        this.history.reads.push({
          client: this.name,
          node: 0,
          key: String(event.dataId),
          value,
          invokedAt: at,
          completedAt: at,
        });
      }
    };
    // DEBUG for naming: its redo timer's ticks show in the log (see docs/cluster.md on its redo task)
    await driver.driver.call('naming.create', { ...driver.clientArgs, client: 'naming', logLevel: 'DEBUG' });
    await driver.driver.call('config.create', { ...driver.clientArgs, client: 'config', logLevel: 'INFO' });
    await this.register(1);
    // the faults have begun: a call cut on the way is made again, as an application would
    await again(() => driver.driver.call('naming.subscribe', { client: 'naming', service: GRPC_SERVICE }));
    for (const key of WATCHED_KEYS) {
      const content = await driver.driver
        .call<string | null>('config.get', { client: 'config', dataId: key, group: CONFIG_GROUP })
        .catch(() => null); // none yet
      this.current.set(key, content ? content : undefined);
      await again(() => driver.driver.call('config.listen', { client: 'config', dataId: key, group: CONFIG_GROUP }));
    }
    while (!until() && !this.quieted) {
      await sleep(this.random.int(2_000, 5_000));
      if (this.quieted) break;
      if (this.random.chance(0.6)) await this.register(this.random.int(1, 9));
      else await this.publish(this.random.pick(WATCHED_KEYS));
    }
  }

  private async register(weight: number): Promise<void> {
    const fields: InstanceFields = { kind: 'register', service: GRPC_SERVICE, address: this.address, weight };
    const op = this.history.invoke(this.name, 0, 'grpc', fields);
    this.ops.push(op);
    const [ip, port] = this.address.split(':');
    const outcome = await this.call('naming.register', {
      client: 'naming',
      service: GRPC_SERVICE,
      instance: { ip, port: Number(port), weight, ephemeral: true, clusterName: 'DEFAULT' },
    });
    this.history.complete(op, outcome.outcome, outcome.detail);
  }

  private async publish(key: string): Promise<void> {
    const value = `${key}=py${++this.published}`;
    const op = this.history.invoke<ConfigFields>(this.name, 0, 'grpc', { kind: 'put', key, value, anonymous: true });
    const outcome = await this.call('config.publish', {
      client: 'config',
      dataId: key,
      group: CONFIG_GROUP,
      content: value,
    });
    this.history.complete(op, outcome.outcome, outcome.detail);
  }

  /** The SDK answers true, false (refused) or throws (its request failed: it may have been applied). */
  private async call(cmd: string, args: Record<string, unknown>): Promise<{ outcome: Outcome; detail?: string }> {
    try {
      const result = await this.driver!.driver.call(cmd, args, 20_000);
      return result === false ? { outcome: 'fail', detail: 'false' } : { outcome: 'ok' };
    } catch (err) {
      return { outcome: 'unknown', detail: (err as Error).message.slice(0, 80) };
    }
  }

  values(): Map<string, string | undefined> {
    return this.current;
  }

  hosts(service: string): Map<string, number> | undefined {
    return this.services.get(service);
  }

  quiet(): void {
    this.quieted = true;
  }

  close(): void {
    const logDir = this.driver?.clientArgs.logDir;
    if (logDir) this.log = sdkLogs(logDir);
    void this.driver?.cleanup();
  }

  /**
   * When nacos-sdk-python's redo timer last ticked, if it has stopped: its redo task (which registers and
   * subscribes again after a reconnect) dies for good when one of its calls is cancelled (docs/cluster.md),
   * and its DEBUG log then shows no tick for longer than the 30 s between ticks. Undefined while it ticks.
   */
  redoStoppedAt(now = Date.now()): number | undefined {
    const last = this.lastRedoTick();
    return last !== undefined && now > last + REDO_TICKS_MS + REDO_SLACK_MS ? last : undefined;
  }

  /** When `redoStoppedAt` can tell whether the redo timer still ticks (its next tick is due by then). */
  redoKnownAt(): number {
    return (this.lastRedoTick() ?? Date.now()) + REDO_TICKS_MS + REDO_SLACK_MS + 1;
  }

  private lastRedoTick(): number | undefined {
    const logDir = this.driver?.clientArgs.logDir;
    if (!logDir || this.startedAt === 0) return undefined;
    let last = this.startedAt;
    for (const match of sdkLogs(logDir).matchAll(REDO_TICK)) {
      // the SDK logs its local time, as a Date without a zone reads it
      last = Math.max(last, new Date(`${match[1]}T${match[2]}.${match[3]}`).getTime());
    }
    return last;
  }

  expected(): ClientInstance {
    let lastOk = -1;
    this.ops.forEach((op, i) => op.outcome === 'ok' && (lastOk = i));
    const weights = new Set<number>(lastOk >= 0 ? [this.ops[lastOk].fields.weight!] : []);
    for (const op of this.ops.slice(lastOk + 1)) if (op.outcome !== 'fail') weights.add(op.fields.weight!);
    return { client: this.name, service: GRPC_SERVICE, address: this.address, alive: true, weights: [...weights] };
  }
}

const REDO_TICK = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d),(\d{3}) DEBUG\s+Execute redo task timeout occurred/gm;
const REDO_TICKS_MS = 30_000;
const REDO_SLACK_MS = 5_000;

/** The SDK's log files in `dir`, one after the other. */
function sdkLogs(dir: string): string {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => `==== ${f}\n${readFileSync(path.join(dir, f), 'utf8')}`)
      .join('\n');
  } catch {
    return ''; // none written
  }
}
