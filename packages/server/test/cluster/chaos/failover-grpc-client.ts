import type { JsonObject } from '../../../src/adapters/grpc-v2/payload.js';
import { RawNacosClient, type Message } from '../../grpc-raw-client.js';
import type { ChaosNode } from './chaos-node.js';
import { Serial, sleep, type Random } from './random.js';

export class NotConnectedError extends Error {
  constructor() {
    super('not connected');
  }
}

/** How often the client checks that its node still answers, and how long it waits for the answer. */
const HEALTH_CHECK_EVERY_MS = 3_000;
const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/**
 * A nacos 2.x client as the SDKs behave: given every node's address, it talks to one; when that node dies,
 * stops answering its health checks, closes the stream or asks it to reconnect (ConnectResetRequest, to a
 * given address or any), it connects to another and registers its instances again (redo), then redoes
 * what its user set up (`onConnected`: listeners, subscriptions). A request made while it switches fails at
 * once (nothing was sent). Registrations are remembered before they are sent, as the SDKs do, and redone
 * until one succeeds.
 */
export class FailoverGrpcClient {
  private raw: RawNacosClient | undefined;
  private node: ChaosNode | undefined;
  private readonly instances = new Map<string, JsonObject>();
  private readonly redoNeeded = new Set<string>();
  private switching: Promise<void> | undefined;
  private wanted: { prefer?: string } | undefined;
  private closed = false;
  private readonly timer: NodeJS.Timeout;
  /** Registrations and their redo one at a time, so that an older one never lands after a newer one. */
  private readonly serial = new Serial();
  private readonly healthTimer: NodeJS.Timeout;
  switches = 0;
  /** After each (re)connection and redo: set up again what the user had (listeners, subscriptions). */
  onConnected: ((node: ChaosNode) => Promise<void>) | undefined;
  /** A request the server pushed (other than ConnectResetRequest), from the node it came from. */
  onPush: ((message: Message, node: ChaosNode) => void) | undefined;

  constructor(
    readonly name: string,
    private readonly nodes: ChaosNode[],
    private readonly random: Random,
    /** How long a request waits for its answer. */
    private readonly timeoutMs = 5_000,
  ) {
    this.timer = setInterval(() => void this.redo(), 1_000);
    this.timer.unref();
    this.healthTimer = setInterval(() => void this.checkHealth(), HEALTH_CHECK_EVERY_MS);
    this.healthTimer.unref();
  }

  get nodeId(): number {
    return this.node?.nodeId ?? 0;
  }

  /** Connects, to the node at `prefer` (`host:grpcPort`) if it answers. */
  async start(prefer?: string): Promise<void> {
    this.reconnect(prefer);
    while (this.switching) await this.switching;
  }

  async request(type: string, body: JsonObject): Promise<Message> {
    const raw = this.raw;
    if (!raw || this.switching) throw new NotConnectedError();
    return raw.request(type, body, {}, this.timeoutMs);
  }

  /** Registers (or re-registers with other fields) this client's instance of a service. */
  async register(body: JsonObject): Promise<Message> {
    const key = JSON.stringify([body.groupName, body.serviceName]);
    this.instances.set(key, body);
    this.redoNeeded.add(key);
    return this.serial.run(async () => {
      const answer = await this.request('InstanceRequest', body);
      if (answer.body.success === true && this.instances.get(key) === body) this.redoNeeded.delete(key);
      return answer;
    });
  }

  /** Deregisters this client's instance of a service: it is no longer redone. */
  async deregister(body: JsonObject): Promise<Message> {
    const key = JSON.stringify([body.groupName, body.serviceName]);
    this.instances.delete(key);
    this.redoNeeded.delete(key);
    return this.serial.run(() => this.request('InstanceRequest', { ...body, type: 'deregisterInstance' }));
  }

  /** The client process ends without deregistering (a crash): its connection closes. */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.healthTimer);
    this.raw?.close();
    this.raw = undefined;
  }

  private reconnect(prefer?: string): void {
    if (this.closed) return;
    this.wanted = { prefer };
    this.switching ??= this.switchLoop().finally(() => (this.switching = undefined));
  }

  private async switchLoop(): Promise<void> {
    while (this.wanted && !this.closed) {
      const { prefer } = this.wanted;
      this.wanted = undefined;
      await this.connectSomewhere(prefer);
    }
  }

  private async connectSomewhere(prefer?: string): Promise<void> {
    const old = this.raw;
    for (let round = 0; !this.closed; round++) {
      const others = this.random.shuffle(this.nodes.filter((n) => n !== this.node || round > 0));
      const order = [...others.filter((n) => n.grpc === prefer), ...others.filter((n) => n.grpc !== prefer)];
      for (const node of order) {
        const raw = new RawNacosClient(node.grpc);
        try {
          await raw.connect({ labels: { source: 'sdk', module: 'naming' } });
        } catch {
          raw.close();
          continue;
        }
        if (this.closed) return raw.close();
        raw.onServerRequest = (m) => {
          if (this.raw !== raw) return;
          if (m.type !== 'ConnectResetRequest') return this.onPush?.(m, node);
          const { serverIp, serverPort } = m.body;
          this.reconnect(typeof serverIp === 'string' && serverIp ? `${serverIp}:${Number(serverPort)}` : undefined);
        };
        raw.onStreamEnd = () => {
          if (this.raw === raw) this.reconnect();
        };
        this.raw = raw;
        this.node = node;
        this.switches++;
        // as the Java client: the old connection is closed once the new one is up
        old?.close();
        for (const key of this.instances.keys()) this.redoNeeded.add(key);
        await this.redo(true);
        await this.onConnected?.(node).catch(() => undefined);
        return;
      }
      await sleep(200);
    }
  }

  /** As the SDKs' health check: a node that does not answer in time is left for another. */
  private async checkHealth(): Promise<void> {
    const raw = this.raw;
    if (!raw || this.switching || this.closed) return;
    const healthy = await raw
      .request('HealthCheckRequest', { module: 'internal' }, {}, HEALTH_CHECK_TIMEOUT_MS)
      .then((answer) => answer.body.resultCode === 200)
      .catch(() => false);
    if (!healthy && this.raw === raw) this.reconnect();
  }

  private redo(evenWhileSwitching = false): Promise<void> {
    return this.serial.run(async () => {
      const raw = this.raw;
      if (!raw || (this.switching && !evenWhileSwitching)) return;
      for (const key of [...this.redoNeeded]) {
        const body = this.instances.get(key)!;
        try {
          const answer = await raw.request('InstanceRequest', body, {}, this.timeoutMs);
          if (answer.body.success === true && this.instances.get(key) === body) this.redoNeeded.delete(key);
        } catch {
          return; // the next round tries again
        }
      }
    });
  }
}
