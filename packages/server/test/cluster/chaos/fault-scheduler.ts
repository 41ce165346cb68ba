import type { Postgres } from '../../postgres-server.js';
import { warmNode, type ChaosNode } from './chaos-node.js';
import type { History } from './history.js';
import { sleep, type Random } from './random.js';

export const FAULT_KINDS = [
  'kill9',
  'stop',
  'two-down',
  'freeze-node',
  'cut-node-db',
  'freeze-db',
  'slow-db',
  'restart-db',
  'reload-current',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** How long a node must be frozen to lose its lease, given the lease the run's nodes have. */
export interface FaultTimings {
  leaseMs: number;
}

/**
 * Injects one fault at a time, at random moments: kill -9 or a clean stop of one node or of two at once
 * (started again a few seconds later on the same ports), a node frozen (SIGSTOP) past its lease, one
 * node's link to PostgreSQL cut (packets dropped, or connections reset) for longer than its lease,
 * PostgreSQL frozen, slow or restarted, and `reloadCurrent` moving a node's gRPC clients. Every fault is
 * logged in the history, and when a node stops answering and answers again, for the checkers.
 */
export class FaultScheduler {
  constructor(
    private readonly nodes: ChaosNode[],
    private readonly db: Postgres,
    private readonly history: History,
    private readonly random: Random,
    private readonly timings: FaultTimings,
    private readonly kinds: readonly FaultKind[] = FAULT_KINDS,
  ) {}

  async run(until: () => boolean): Promise<void> {
    await sleep(this.random.int(1_000, 3_000));
    while (!until()) {
      await this.inject(this.random.pick(this.kinds));
      await sleep(this.random.int(1_500, 4_000));
    }
  }

  /** Undoes whatever a fault left (at the end of the run). */
  async heal(): Promise<void> {
    this.db.thaw();
    for (const node of this.nodes) node.link.set({ kind: 'up' });
    for (const node of this.nodes) if (!node.up) await this.restart(node);
  }

  private async inject(kind: FaultKind): Promise<void> {
    const lease = this.timings.leaseMs;
    if (kind === 'kill9' || kind === 'stop') {
      const node = this.random.pick(this.nodes);
      await this.down(node, kind);
      await sleep(this.random.int(1_000, 5_000));
      await this.restart(node);
    } else if (kind === 'two-down') {
      const [a, b] = this.random.shuffle(this.nodes);
      await Promise.all([this.down(a, this.random.pick(['kill9', 'stop'])), this.down(b, 'kill9')]);
      await sleep(this.random.int(1_000, 5_000));
      await Promise.all([this.restart(a), this.restart(b)]);
    } else if (kind === 'freeze-node') {
      const node = this.random.pick(this.nodes);
      const ms = this.random.int(lease + 1_000, lease * 2);
      this.history.fault(`node ${node.nodeId} frozen (SIGSTOP) for ${ms} ms, past its lease`);
      this.history.nodeOut(node.nodeId, 'frozen');
      node.process.child.kill('SIGSTOP');
      await sleep(ms);
      node.process.child.kill('SIGCONT');
      this.history.nodeBack(node.nodeId);
      this.history.fault(`node ${node.nodeId} thawed (SIGCONT)`);
    } else if (kind === 'cut-node-db') {
      const node = this.random.pick(this.nodes);
      const how = this.random.chance(0.7) ? 'dropped' : 'refused';
      const ms = this.random.int(lease * 2, lease * 4);
      this.history.fault(`node ${node.nodeId} cut off from PostgreSQL (${how}) for ${ms} ms`);
      this.history.nodeOut(node.nodeId, 'cut-off');
      node.link.set({ kind: how });
      await sleep(ms);
      node.link.set({ kind: 'up' });
      this.history.nodeBack(node.nodeId);
      this.history.fault(`node ${node.nodeId} reaches PostgreSQL again`);
    } else if (kind === 'freeze-db') {
      const ms = this.random.int(1_000, lease * 3);
      this.history.fault(`PostgreSQL frozen (SIGSTOP) for ${ms} ms`);
      this.deaf(true);
      this.db.freeze();
      await sleep(ms);
      this.db.thaw();
      this.deaf(false);
      this.history.fault('PostgreSQL thawed (SIGCONT)');
    } else if (kind === 'slow-db') {
      const delayMs = this.random.int(50, 200);
      const ms = this.random.int(4_000, 10_000);
      this.history.fault(`PostgreSQL slow (${delayMs} ms each way) for ${ms} ms`);
      for (const node of this.nodes) node.link.set({ kind: 'slow', delayMs });
      await sleep(ms);
      for (const node of this.nodes) node.link.set({ kind: 'up' });
      this.history.fault('PostgreSQL fast again');
    } else if (kind === 'restart-db') {
      this.history.fault('PostgreSQL stopped');
      this.deaf(true);
      await this.db.pause();
      await sleep(this.random.int(500, 3_000));
      await this.db.resume();
      this.deaf(false);
      this.history.fault('PostgreSQL started again');
    } else {
      const live = this.nodes.filter((n) => n.up);
      if (live.length === 0) return;
      const node = this.random.pick(live);
      const others = live.filter((n) => n !== node);
      const target = others.length > 0 && this.random.chance(0.5) ? this.random.pick(others) : undefined;
      const redirect = target ? `&redirectAddress=${target.grpc}` : '';
      this.history.fault(`reloadCurrent on node ${node.nodeId}${target ? ` to node ${target.nodeId}` : ''}`);
      await fetch(`${node.http}/nacos/v2/core/loader/reloadCurrent?count=0${redirect}`, {
        signal: AbortSignal.timeout(5_000),
      }).catch(() => undefined);
    }
  }

  /** While the database is frozen or stopped no running node hears of the others' changes. */
  private deaf(from: boolean): void {
    for (const node of this.nodes) {
      if (!node.up) continue;
      if (from) this.history.nodeOut(node.nodeId, 'deaf');
      else this.history.nodeBack(node.nodeId);
    }
  }

  private async down(node: ChaosNode, how: 'kill9' | 'stop'): Promise<void> {
    this.history.fault(`${how} node ${node.nodeId}`);
    this.history.nodeOut(node.nodeId, 'down');
    node.up = false;
    await (how === 'kill9' ? node.process.kill9() : node.process.stop());
  }

  /** Starts a node again; a start that fails (its old self not yet evicted, ...) is retried. */
  async restart(node: ChaosNode): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await node.process.restart();
        await warmNode(node);
        node.up = true;
        this.history.nodeBack(node.nodeId);
        this.history.fault(`node ${node.nodeId} started again`);
        return;
      } catch (err) {
        if (attempt >= 5) throw new Error(`node ${node.nodeId} did not start again`, { cause: err });
        await sleep(2_000);
      }
    }
  }
}
