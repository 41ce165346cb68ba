// A lean nacos 2.x protocol client on @grpc/grpc-js for the benchmarks: one HTTP/2 connection per
// instance, the real connect sequence (ServerCheck, bi-stream, ConnectionSetupRequest), pushes answered.
import * as grpc from '@grpc/grpc-js';
import {
  decodePayload,
  encodePayload,
  parseJsonBody,
  type JsonObject,
} from '../packages/server/src/adapters/grpc-v2/payload.js';

const raw = (b: Buffer) => b;

/** `arrivedAt`: performance.now() when the message came off the stream, before any work on it. */
export type PushHandler = (type: string, body: JsonObject, arrivedAt: number) => void;

export class BenchConnection {
  private readonly client: grpc.Client;
  private stream: grpc.ClientDuplexStream<Buffer, Buffer> | undefined;
  onPush: PushHandler | undefined;

  constructor(address: string) {
    this.client = new grpc.Client(address, grpc.credentials.createInsecure(), {
      'grpc.use_local_subchannel_pool': 1,
      'grpc.max_receive_message_length': 16 * 1024 * 1024,
    });
  }

  request(bytes: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) =>
      this.client.makeUnaryRequest('/Request/request', raw, raw, bytes, (err, value) =>
        err ? reject(err) : resolve(value!),
      ),
    );
  }

  async call(type: string, body: JsonObject = {}): Promise<JsonObject> {
    const reply = decodePayload(await this.request(encodePayload(type, { headers: {}, requestId: '', ...body })));
    return parseJsonBody(reply.body);
  }

  /** Connects as an SDK does: ServerCheck, the bi-stream, ConnectionSetupRequest, a health check. */
  async connect(labels: Record<string, string> = { source: 'sdk', module: 'naming' }): Promise<void> {
    await this.call('ServerCheckRequest', { module: 'internal' });
    this.stream = this.client.makeBidiStreamRequest('/BiRequestStream/requestBiStream', raw, raw);
    this.stream.on('error', () => {});
    // Arrival is stamped before any work; decoding and the ack wait for a later turn, so one client's
    // work does not delay the stamps of the messages queued behind it.
    this.stream.on('data', (bytes: Buffer) => {
      const arrivedAt = performance.now();
      setImmediate(() => this.handle(bytes, arrivedAt));
    });
    this.stream.write(
      encodePayload('ConnectionSetupRequest', {
        headers: {},
        module: 'internal',
        clientVersion: 'Nacos-Bench-Client:v1',
        tenant: '',
        labels,
      }),
    );
    for (let i = 0; i < 100; i++) {
      if ((await this.call('HealthCheckRequest', { module: 'internal' })).resultCode === 200) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('connection never registered');
  }

  private handle(bytes: Buffer, arrivedAt: number): void {
    const payload = decodePayload(bytes);
    const body = parseJsonBody(payload.body);
    if (payload.type.endsWith('Request') && payload.type !== 'SetupAckRequest') {
      const ack = { headers: {}, requestId: body.requestId, resultCode: 200, errorCode: 0, success: true };
      this.stream!.write(encodePayload(payload.type.replace(/Request$/, 'Response'), ack));
    }
    this.onPush?.(payload.type, body, arrivedAt);
  }

  /** A bi-stream with one message on it, as any client would hold (for the bare server). */
  openBareStream(): void {
    this.stream = this.client.makeBidiStreamRequest('/BiRequestStream/requestBiStream', raw, raw);
    this.stream.on('error', () => {});
    this.stream.write(encodePayload('ConnectionSetupRequest', { headers: {}, module: 'internal' }));
  }

  async openChannel(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.client.waitForReady(Date.now() + 10_000, (err) => (err ? reject(err) : resolve())),
    );
  }

  close(): void {
    this.stream?.cancel();
    this.client.close();
  }
}

/** Opens `n` connections, `parallel` at a time. */
export async function openMany(
  address: string,
  n: number,
  parallel = 50,
  connect: (c: BenchConnection) => Promise<void> = (c) => c.connect(),
): Promise<BenchConnection[]> {
  const out: BenchConnection[] = [];
  for (let i = 0; i < n; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, n - i) }, () => new BenchConnection(address));
    await Promise.all(batch.map(connect));
    out.push(...batch);
  }
  return out;
}

export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Closed-loop load: each connection keeps `inflight` requests going for `seconds`; `next(i)` gives the
 * bytes of connection i's next request.
 */
export async function drive(
  conns: BenchConnection[],
  inflight: number,
  seconds: number,
  next: (i: number) => Buffer,
): Promise<Throughput> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async (i: number) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await conns[i].request(next(i));
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(conns.flatMap((_, i) => Array.from({ length: inflight }, () => worker(i))));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10;
  return { rps: Math.round(latencies.length / elapsed), p50: pick(50), p99: pick(99), errors };
}
