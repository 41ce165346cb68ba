import type { Postgres } from '../../postgres-server.js';
import type { ChaosNode } from './chaos-node.js';
import type { History } from './history.js';
import { sleep, type Random } from './random.js';

export type FaultKind = 'kill9' | 'stop' | 'freeze-db' | 'restart-db' | 'reload-current';
const KINDS: FaultKind[] = ['kill9', 'stop', 'freeze-db', 'restart-db', 'reload-current'];

/**
 * Injects one fault at a time, at random moments: kill -9 or a clean stop of a node (started again a few
 * seconds later on the same ports), PostgreSQL frozen (SIGSTOP) or restarted, and `reloadCurrent` moving a
 * node's gRPC clients (to a named node or any). At most one node is down at a time. Each fault is logged in
 * the history, so a failure shows what happened around it.
 */
export class FaultScheduler {
  constructor(
    private readonly nodes: ChaosNode[],
    private readonly db: Postgres,
    private readonly history: History,
    private readonly random: Random,
  ) {}

  async run(until: () => boolean): Promise<void> {
    await sleep(this.random.int(1_000, 3_000));
    while (!until()) {
      await this.inject(this.random.pick(KINDS));
      await sleep(this.random.int(1_500, 4_000));
    }
  }

  private async inject(kind: FaultKind): Promise<void> {
    if (kind === 'kill9' || kind === 'stop') {
      const node = this.random.pick(this.nodes);
      this.history.fault(`${kind} node ${node.nodeId}`);
      node.up = false;
      await (kind === 'kill9' ? node.process.kill9() : node.process.stop());
      await sleep(this.random.int(1_000, 5_000));
      await this.restart(node);
    } else if (kind === 'freeze-db') {
      const ms = this.random.int(1_000, 5_000);
      this.history.fault(`PostgreSQL frozen (SIGSTOP) for ${ms} ms`);
      this.db.freeze();
      await sleep(ms);
      this.db.thaw();
      this.history.fault('PostgreSQL thawed (SIGCONT)');
    } else if (kind === 'restart-db') {
      this.history.fault('PostgreSQL stopped');
      await this.db.pause();
      await sleep(this.random.int(500, 3_000));
      await this.db.resume();
      this.history.fault('PostgreSQL started again');
    } else {
      const node = this.random.pick(this.nodes.filter((n) => n.up));
      const target = this.random.chance(0.5)
        ? this.random.pick(this.nodes.filter((n) => n !== node && n.up))
        : undefined;
      const redirect = target ? `&redirectAddress=${target.grpc}` : '';
      this.history.fault(`reloadCurrent on node ${node.nodeId}${target ? ` to node ${target.nodeId}` : ''}`);
      await fetch(`${node.http}/nacos/v2/core/loader/reloadCurrent?count=0${redirect}`, {
        signal: AbortSignal.timeout(5_000),
      }).catch(() => undefined);
    }
  }

  /** Starts a node again; a start that fails (its old self not yet evicted, ...) is retried. */
  async restart(node: ChaosNode): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await node.process.restart();
        node.up = true;
        this.history.fault(`node ${node.nodeId} started again`);
        return;
      } catch (err) {
        if (attempt >= 5) throw new Error(`node ${node.nodeId} did not start again`, { cause: err });
        await sleep(2_000);
      }
    }
  }
}
