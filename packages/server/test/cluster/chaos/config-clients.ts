import { createHash } from 'node:crypto';
import type { ChaosNode } from './chaos-node.js';
import { FailoverGrpcClient } from './failover-grpc-client.js';
import type { ConfigFields, History } from './history.js';
import { FORM, form, grpcCall, httpCall, type Classified } from './op-outcome.js';
import { CONFIG_GROUP, readConfig, WATCHED_KEYS } from './config-reads.js';
import { sleep, type Random } from './random.js';

export { CONFIG_GROUP };
/** Keys change every this many ms, so that no key's history outgrows the 100 entries kept per config. */
const KEY_EPOCH_MS = 15_000;
const KEYS_PER_EPOCH = 8;

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/**
 * A config client of one door (HTTP v1 or gRPC): publishes fresh values, publishes again a value it wrote
 * before, casMd5-publishes over what it read, removes; each op on a random node (HTTP) or on the node its
 * connection is on (gRPC). Every publish carries its op id as the operator, so the history names it.
 */
export class ConfigClient {
  private readonly written = new Map<string, string[]>();
  private grpc: FailoverGrpcClient | undefined;

  constructor(
    readonly name: string,
    private readonly door: 'http' | 'grpc',
    private readonly nodes: ChaosNode[],
    private readonly history: History,
    private readonly random: Random,
  ) {}

  async run(until: () => boolean): Promise<void> {
    if (this.door === 'grpc') {
      this.grpc = new FailoverGrpcClient(this.name, this.nodes, this.random.fork('conn'));
      await this.grpc.start();
    }
    while (!until()) {
      await this.step();
      await sleep(this.random.int(30, 250));
    }
    this.grpc?.close();
  }

  private keyNow(): string {
    return `cfg-${Math.floor(this.history.now() / KEY_EPOCH_MS)}-${this.random.int(0, KEYS_PER_EPOCH - 1)}`;
  }

  private async step(): Promise<void> {
    const key = this.random.chance(0.15) ? this.random.pick(WATCHED_KEYS) : this.keyNow();
    const roll = this.random.int(0, 99);
    const before = this.written.get(key) ?? [];
    if (roll < 45 || (roll < 55 && before.length === 0)) return this.publish(key, undefined);
    // mostly its latest value: a node that missed another client's write since still holds it
    if (roll < 55)
      return this.publish(key, undefined, this.random.chance(0.7) ? before.at(-1) : this.random.pick(before));
    if (roll < 80) {
      const current = await this.read(key);
      return this.publish(key, current === undefined ? md5('never-written') : md5(current));
    }
    return this.remove(key);
  }

  private node(): ChaosNode {
    return this.random.pick(this.nodes);
  }

  /** What a node serves now, recorded for the read checks. */
  private async read(key: string): Promise<string | undefined> {
    return (await readConfig(this.history, this.name, this.node(), key))?.value;
  }

  private async publish(key: string, casMd5: string | undefined, again?: string): Promise<void> {
    const fields: ConfigFields = casMd5 ? { kind: 'cas', key, expectedMd5: casMd5 } : { kind: 'put', key };
    const target = this.door === 'http' ? this.node() : undefined;
    const op = this.history.invoke(this.name, target?.nodeId ?? this.grpc!.nodeId, this.door, fields);
    const value = again ?? `${key}=${op.id}`;
    fields.value = value;
    this.written.set(key, [...(this.written.get(key) ?? []), value]);
    let result: Classified;
    if (target) {
      const body = { dataId: key, group: CONFIG_GROUP, content: value, src_user: op.id, ...(casMd5 ? { casMd5 } : {}) };
      result = await httpCall(
        `${target.http}/nacos/v1/cs/configs`,
        { method: 'POST', headers: FORM, body: form(body) },
        'true',
      );
    } else {
      result = await grpcCall(() =>
        this.grpc!.request('ConfigPublishRequest', {
          dataId: key,
          group: CONFIG_GROUP,
          tenant: '',
          content: value,
          casMd5: casMd5 ?? null,
          additionMap: { src_user: op.id },
        }),
      );
    }
    this.history.complete(op, result.outcome, result.detail);
  }

  private async remove(key: string): Promise<void> {
    const target = this.door === 'http' ? this.node() : undefined;
    const op = this.history.invoke<ConfigFields>(this.name, target?.nodeId ?? this.grpc!.nodeId, this.door, {
      kind: 'delete',
      key,
    });
    const result = target
      ? await httpCall(
          `${target.http}/nacos/v1/cs/configs?${form({ dataId: key, group: CONFIG_GROUP, username: op.id })}`,
          { method: 'DELETE' },
          'true',
        )
      : await grpcCall(() =>
          this.grpc!.request('ConfigRemoveRequest', { dataId: key, group: CONFIG_GROUP, tenant: '' }),
        );
    this.history.complete(op, result.outcome, result.detail);
  }
}
