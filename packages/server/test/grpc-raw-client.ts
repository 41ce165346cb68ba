import * as grpc from '@grpc/grpc-js';
import { decodePayload, encodePayload, parseJsonBody, type JsonObject } from '../src/adapters/grpc-v2/payload.js';

export interface Message {
  type: string;
  body: JsonObject;
}

const raw = (b: Buffer) => b;

/**
 * A bare nacos 2.x protocol client on @grpc/grpc-js: sends payloads as the official clients do and lets a
 * test look at every message. One instance is one HTTP/2 connection.
 */
export class RawNacosClient {
  readonly client: grpc.Client;
  private stream: grpc.ClientDuplexStream<Buffer, Buffer> | undefined;
  readonly received: Message[] = [];
  private waiters: Array<{ match: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  /** Answer pushes automatically (as clients do) unless a test wants to stay silent. */
  autoAck = true;
  /** Called with each request the server pushes (after the automatic ack). */
  onServerRequest: ((message: Message) => void) | undefined;
  /** Called once when the bi-stream ends for any reason (the server went away, reset or closed it). */
  onStreamEnd: (() => void) | undefined;

  constructor(address: string, options: grpc.ChannelOptions = {}) {
    this.client = new grpc.Client(address, grpc.credentials.createInsecure(), {
      'grpc.max_receive_message_length': 64 * 1024 * 1024,
      'grpc.max_send_message_length': 64 * 1024 * 1024,
      // Its own HTTP/2 connection: grpc-js would otherwise share one between clients of the same address.
      'grpc.use_local_subchannel_pool': 1,
      ...options,
    });
  }

  requestBytes(bytes: Buffer, timeoutMs = 5_000): Promise<Message> {
    return new Promise((resolve, reject) => {
      this.client.makeUnaryRequest(
        '/Request/request',
        raw,
        raw,
        bytes,
        { deadline: Date.now() + timeoutMs },
        (err, value) => (err ? reject(err) : resolve(decode(value!))),
      );
    });
  }

  request(
    type: string,
    body: JsonObject = {},
    headers: Record<string, string> = {},
    timeoutMs = 5_000,
  ): Promise<Message> {
    return this.requestBytes(
      encodePayload(type, { headers: {}, requestId: '', ...body }, headers, '127.0.0.1'),
      timeoutMs,
    );
  }

  /** ServerCheck, then the stream with a setup message, as the Java client connects. */
  async connect(setup: JsonObject = {}, clientIp = ''): Promise<string> {
    const check = await this.request('ServerCheckRequest', { module: 'internal' });
    this.openStream();
    const body = {
      headers: {},
      module: 'internal',
      clientVersion: 'Nacos-Test-Client:v1',
      tenant: '',
      labels: { source: 'sdk', module: 'config' },
      ...setup,
    };
    // the IP a client declares of itself rides in the payload's metadata
    this.sendRawOnStream(encodePayload('ConnectionSetupRequest', body, {}, clientIp));
    // Until the server has seen the setup, a unary call may race it: a health check proves it arrived.
    for (let i = 0; i < 50; i++) {
      if ((await this.request('HealthCheckRequest', { module: 'internal' })).body.resultCode === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return String(check.body.connectionId);
  }

  openStream(): void {
    this.stream = this.client.makeBidiStreamRequest('/BiRequestStream/requestBiStream', raw, raw);
    this.stream.on('data', (bytes: Buffer) => {
      const message = decode(bytes);
      this.received.push(message);
      if (this.autoAck && message.type.endsWith('Request')) {
        const ackType = message.type.replace(/Request$/, 'Response');
        this.sendOnStream(ackType, { resultCode: 200, errorCode: 0, success: true, requestId: message.body.requestId });
      }
      this.waiters = this.waiters.filter((w) => (w.match(message) ? (w.resolve(message), false) : true));
      if (message.type.endsWith('Request')) this.onServerRequest?.(message);
    });
    this.stream.on('error', () => {});
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.onStreamEnd?.();
    };
    for (const event of ['end', 'error', 'close']) this.stream.on(event, end);
  }

  sendOnStream(type: string, body: JsonObject): void {
    this.stream!.write(encodePayload(type, { headers: {}, ...body }));
  }

  sendRawOnStream(bytes: Buffer): void {
    this.stream!.write(bytes);
  }

  /** The next (or an already received) server message matching; rejects after `timeoutMs`. */
  waitFor(match: (m: Message) => boolean, timeoutMs = 5_000, includeReceived = true): Promise<Message> {
    const seen = includeReceived ? this.received.find(match) : undefined;
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching message from the server')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  streamEnded(timeoutMs = 5_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('stream did not end')), timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.stream!.on('end', done);
      this.stream!.on('error', done);
      this.stream!.on('close', done);
    });
  }

  close(): void {
    this.stream?.cancel();
    this.client.close();
  }
}

function decode(bytes: Buffer): Message {
  const payload = decodePayload(bytes);
  return { type: payload.type, body: parseJsonBody(payload.body) };
}
