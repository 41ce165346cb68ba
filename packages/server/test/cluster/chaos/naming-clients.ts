import type { ChaosNode } from './chaos-node.js';
import { FailoverGrpcClient } from './failover-grpc-client.js';
import type { History, OpRecord } from './history.js';
import { FORM, form, grpcCall, httpCall } from './op-outcome.js';
import { Serial, sleep, type Random } from './random.js';
import type { ClientInstance } from './state-checker.js';

export const GRPC_SERVICE = 'chaos-eph';
export const BEAT_SERVICE = 'chaos-beat';
const GROUP = 'DEFAULT_GROUP';

export interface InstanceFields {
  kind: 'register' | 'edit' | 'deregister' | 'crash';
  service: string;
  address: string;
  weight?: number;
}

/** An SDK-like client that owns one ephemeral instance; it may die during the run. */
export interface InstanceClient {
  run(until: () => boolean): Promise<void>;
  /** Stops changing its instance (the settle phase); a live client keeps its connection or beats. */
  quiet(): void;
  close(): void;
  expected(): ClientInstance;
}

/**
 * A 2.x client over gRPC: registers its instance, re-registers it with other weights through its own node,
 * fails over with its registrations, and at `dieAt` (if given) crashes (closes without deregistering) or,
 * when it `leaves`, deregisters and then closes.
 */
export class GrpcInstanceClient implements InstanceClient {
  private readonly conn: FailoverGrpcClient;
  private weight = 1;
  private alive = true;
  private quieted = false;
  private readonly address: string;

  constructor(
    readonly name: string,
    private readonly ip: string,
    nodes: ChaosNode[],
    private readonly history: History,
    private readonly random: Random,
    private readonly dieAt?: number,
    private readonly leaves = false,
  ) {
    this.conn = new FailoverGrpcClient(name, nodes, random.fork('conn'));
    this.address = `${ip}:9000`;
  }

  async run(until: () => boolean): Promise<void> {
    await this.conn.start();
    await this.register();
    while (!until() && !this.quieted) {
      await sleep(this.random.int(800, 3_000));
      if (this.dieAt !== undefined && this.history.now() >= this.dieAt) return this.end();
      if (!this.quieted) {
        this.weight = this.random.int(1, 9);
        await this.register();
      }
    }
  }

  private async register(): Promise<void> {
    const op = this.record('register', this.weight);
    const result = await grpcCall(() => this.conn.register(this.body()));
    this.history.complete(op, result.outcome, result.detail);
  }

  private async end(): Promise<void> {
    this.alive = false;
    if (this.leaves) {
      const op = this.record('deregister');
      const result = await grpcCall(() => this.conn.deregister(this.body()));
      this.history.complete(op, result.outcome, result.detail);
    }
    const op = this.record('crash');
    this.conn.close();
    this.history.complete(op, 'ok');
  }

  private record(kind: InstanceFields['kind'], weight?: number) {
    const fields: InstanceFields = { kind, service: GRPC_SERVICE, address: this.address, weight };
    return this.history.invoke(this.name, this.conn.nodeId, 'grpc', fields);
  }

  private body() {
    const instance = { ip: this.ip, port: 9000, weight: this.weight, healthy: true, enabled: true, ephemeral: true };
    return {
      namespace: 'public',
      serviceName: GRPC_SERVICE,
      groupName: GROUP,
      module: 'naming',
      type: 'registerInstance',
      instance: { ...instance, clusterName: 'DEFAULT', metadata: {} },
    };
  }

  quiet(): void {
    this.quieted = true;
  }

  close(): void {
    this.conn.close();
  }

  expected(): ClientInstance {
    // the client redoes its last registration until it is acknowledged: that weight must win
    return {
      client: this.name,
      service: GRPC_SERVICE,
      address: this.address,
      alive: this.alive,
      weights: [this.weight],
    };
  }
}

/**
 * A 1.x client over HTTP behind a load balancer: registers on some node, beats every second through random
 * nodes (the beat carries the instance, so a node that lost it registers it again), edits its weight through
 * random nodes, and at `dieAt` deregisters through a random node and stops beating. Beats and edits go one
 * at a time, so that a beat carrying an old weight never lands after an edit.
 */
export class BeatInstanceClient implements InstanceClient {
  private weight = 1;
  private alive = true;
  private quieted = false;
  private closed = false;
  private readonly ops: Array<OpRecord<InstanceFields>> = [];
  private readonly address: string;
  private readonly serial = new Serial();
  private readonly beatRandom: Random;

  constructor(
    readonly name: string,
    private readonly ip: string,
    private readonly nodes: ChaosNode[],
    private readonly history: History,
    private readonly random: Random,
    private readonly dieAt?: number,
  ) {
    this.address = `${ip}:7000`;
    this.beatRandom = random.fork('beats');
  }

  async run(until: () => boolean): Promise<void> {
    const beats = this.beatLoop();
    await this.send('register', 'POST');
    while (!until() && this.alive && !this.quieted) {
      await sleep(this.random.int(1_500, 5_000));
      if (this.dieAt !== undefined && this.history.now() >= this.dieAt) {
        this.alive = false;
        await this.send('deregister', 'DELETE');
      } else if (!this.quieted) {
        await this.send('edit', 'PUT', this.random.int(1, 9));
      }
    }
    if (!this.alive) await beats;
  }

  private async beatLoop(): Promise<void> {
    while (this.alive && !this.closed) {
      const node = this.beatRandom.pick(this.nodes);
      await this.serial.run(async () => {
        if (!this.alive) return; // deregistered meanwhile
        // the weight it has now: an edit that went first is not undone
        const beat = { serviceName: `${GROUP}@@${BEAT_SERVICE}`, ip: this.ip, port: 7000, weight: this.weight };
        const query = form({ serviceName: BEAT_SERVICE, beat: JSON.stringify({ ...beat, cluster: 'DEFAULT' }) });
        await httpCall(`${node.http}/nacos/v1/ns/instance/beat?${query}`, { method: 'PUT' });
      });
      await sleep(1_000);
    }
  }

  private async send(kind: InstanceFields['kind'], method: string, weight = this.weight): Promise<void> {
    const node = this.random.pick(this.nodes);
    const op = this.history.invoke<InstanceFields>(this.name, node.nodeId, 'http', {
      kind,
      service: BEAT_SERVICE,
      address: this.address,
      weight,
    });
    this.ops.push(op);
    const params = { serviceName: BEAT_SERVICE, ip: this.ip, port: '7000', ephemeral: 'true', weight: String(weight) };
    const url = `${node.http}/nacos/v1/ns/instance?${form(params)}`;
    const result = await this.serial.run(async () => {
      const answer = await httpCall(url, { method, headers: FORM }, 'ok');
      // beats carry the weight the client believes in, as its registration does
      if (answer.outcome !== 'fail') this.weight = weight;
      return answer;
    });
    this.history.complete(op, result.outcome, result.detail);
  }

  quiet(): void {
    this.quieted = true;
  }

  close(): void {
    this.closed = true;
  }

  expected(): ClientInstance {
    // the last acknowledged weight, or one of a later edit whose outcome is unknown
    let lastOk = -1;
    this.ops.forEach((op, i) => op.outcome === 'ok' && op.fields.kind !== 'deregister' && (lastOk = i));
    const weights = new Set<number>(lastOk >= 0 ? [this.ops[lastOk].fields.weight!] : [1]);
    for (const op of this.ops.slice(lastOk + 1))
      if (op.outcome !== 'fail' && op.fields.weight) weights.add(op.fields.weight);
    return {
      client: this.name,
      service: BEAT_SERVICE,
      address: this.address,
      alive: this.alive,
      weights: [...weights],
    };
  }
}
