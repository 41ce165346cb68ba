import { spawn, type ChildProcess } from 'node:child_process';
import http2 from 'node:http2';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { encodeTransfer } from '../src/core/transfer/transfer-codec.js';
import { SERVER_TABLE_IDS } from '../src/core/transfer/transfer-format.js';
import { emptyContent } from '../src/core/transfer/transfer-model.js';
import { connectH2, messagePrefix, rawCall, UNARY_PATH } from './grpc-h2-client.js';

/** Tools of the abuse test: hostile clients, a probe in its own process, the server's heap over the inspector. */

/** Polls `url` every 50 ms from a separate process (so the test's own load does not slow it) and records each answer. */
export function startProbe(url: string): {
  samples: Array<{ ms: number; status: number; at: number }>;
  stop: () => void;
} {
  const script = `
    const url = process.argv[1];
    (async () => {
      for (;;) {
        const t = performance.now();
        let status = 0;
        try { const r = await fetch(url); await r.arrayBuffer(); status = r.status; } catch {}
        console.log(JSON.stringify({ ms: performance.now() - t, status, at: Date.now() }));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();`;
  const child = spawn(process.execPath, ['-e', script, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  const samples: Array<{ ms: number; status: number; at: number }> = [];
  let rest = '';
  child.stdout.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) samples.push(JSON.parse(line) as { ms: number; status: number; at: number });
  });
  return { samples, stop: () => child.kill('SIGKILL') };
}

/**
 * The JS heap of a process started with `--inspect`, after two full garbage collections, read over the
 * inspector protocol by a helper process (node's WebSocket client).
 */
export function heapAfterGc(inspectorUrl: string): Promise<number> {
  const script = `
    const ws = new WebSocket(process.argv[1]);
    let id = 0;
    const waiting = new Map();
    const send = (method) => new Promise((resolve) => { waiting.set(++id, resolve); ws.send(JSON.stringify({ id, method })); });
    ws.onmessage = (e) => { const m = JSON.parse(e.data); waiting.get(m.id)?.(m.result); waiting.delete(m.id); };
    ws.onopen = async () => {
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      console.log(JSON.stringify(await send('Runtime.getHeapUsage')));
      process.exit(0);
    };
    ws.onerror = () => process.exit(1);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--experimental-websocket', '--no-warnings', '-e', script, inspectorUrl], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`inspector helper exited with ${code}`));
      resolve((JSON.parse(out) as { usedSize: number }).usedSize);
    });
  });
}

export function inspectorUrl(output: string): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`no inspector URL in:\n${output}`);
  return url;
}

/** Everything the abuse opened, to be closed at the end. */
export class Opened {
  readonly sessions: http2.ClientHttp2Session[] = [];
  readonly sockets: net.Socket[] = [];
  readonly children: ChildProcess[] = [];
  /** Sockets that should be closed by the server, with whether they have been. */
  readonly expectClosed: Array<{ what: string; closed: boolean }> = [];

  session(port: number): http2.ClientHttp2Session {
    const s = connectH2(port);
    this.sessions.push(s);
    return s;
  }

  socket(port: number, expectServerClose: string | false): net.Socket {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.resume();
    this.sockets.push(socket);
    if (expectServerClose) {
      const entry = { what: expectServerClose, closed: false };
      this.expectClosed.push(entry);
      socket.on('close', () => (entry.closed = true));
    }
    return socket;
  }

  closeAll(): void {
    for (const s of this.sessions) s.destroy();
    for (const s of this.sockets) s.destroy();
  }
}

const MB = 1024 * 1024;
const body9mb = Buffer.alloc(9 * MB, 0x61);
const bomb = gzipSync(Buffer.alloc(64 * MB));

/** Connections that each start several 10 MB messages, send 9 MB of each and never finish. */
export function unfinishedMessages(opened: Opened, port: number, connections: number, streams: number): void {
  for (let c = 0; c < connections; c++) {
    const session = opened.session(port);
    for (let s = 0; s < streams; s++) {
      const call = rawCall(session, s % 2 ? UNARY_PATH : '/BiRequestStream/requestBiStream');
      call.stream.write(messagePrefix(10 * MB));
      call.stream.write(body9mb);
    }
  }
}

/** Calls whose gzip message inflates far past the limit, and calls that announce a 64 MB message. */
export function bombsAndOversized(opened: Opened, port: number, count: number): void {
  const session = opened.session(port);
  for (let i = 0; i < count; i++) {
    rawCall(session, UNARY_PATH, { 'grpc-encoding': 'gzip' }).stream.end(
      Buffer.concat([messagePrefix(bomb.length, true), bomb]),
    );
    rawCall(session, UNARY_PATH).stream.end(Buffer.concat([messagePrefix(64 * MB), Buffer.alloc(1024)]));
  }
}

/** Random bytes: as whole messages of unary calls, after a valid HTTP/2 preface, and instead of one. */
export function hostileBytes(opened: Opened, port: number, count: number, random: () => number): void {
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
  const session = opened.session(port);
  for (let i = 0; i < count; i++) {
    const message = bytes(1 + Math.floor(random() * 300));
    rawCall(session, UNARY_PATH).stream.end(Buffer.concat([messagePrefix(message.length), message]));
    const withPreface = opened.socket(port, false);
    withPreface.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), bytes(200)]));
    opened.socket(port, false).write(bytes(100));
  }
}

/** Connections that never send anything, and HTTP/2 sessions that never open a stream. */
export function silentConnections(opened: Opened, ports: number[], count: number): void {
  for (const port of ports) for (let i = 0; i < count; i++) opened.socket(port, `silent TCP to ${port}`);
  for (let i = 0; i < count; i++) {
    const session = opened.session(ports[0]);
    const entry = { what: 'HTTP/2 session without streams', closed: false };
    opened.expectClosed.push(entry);
    session.on('close', () => (entry.closed = true));
  }
}

/** HTTP requests whose body arrives a byte at a time. */
export function dribblingBodies(opened: Opened, port: number, count: number): () => void {
  const sockets = Array.from({ length: count }, () => {
    const socket = opened.socket(port, 'dribbled HTTP body');
    socket.write(
      'POST /nacos/v1/cs/configs HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n',
    );
    return socket;
  });
  const timer = setInterval(() => sockets.forEach((s) => !s.destroyed && s.write('a')), 200);
  return () => clearInterval(timer);
}

/** A console upload built to be slow or huge to read, the path it goes to and the refusal it must get. */
export interface HostileUpload {
  what: string;
  /** Under the console API, or (starting with `/nacos/`) a route of the SDK port. */
  path: string;
  file: Uint8Array;
  status: number;
  message: RegExp;
}

const zipOf = (files: Record<string, string | Uint8Array>, level: 0 | 6 = 6) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? Buffer.from(v) : v])), {
    level,
  });

/** Nine levels of nine aliases: a billion nodes once expanded, from 90 aliases. */
function aliasBomb(): string {
  const lines = ['group: g', 'name: lol', 'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 9; i++) {
    const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
  }
  return lines.join('\n');
}

/** A transfer file whose tool spec definition is 100,000 nested arrays. */
function deepJsonTransfer(): Uint8Array {
  const content = emptyContent();
  const version = { version: 1, parametersJson: '['.repeat(100_000), opUser: 'a', updateTime: 1 };
  content.mcpToolSpecs = [
    {
      namespace: '',
      group: 'g',
      toolName: 't',
      currentVersion: 1,
      createTime: 1,
      createUser: 'a',
      versions: [version],
    },
  ];
  return Buffer.concat([...encodeTransfer(content, { modifyTime: 1, fromSys: 'x', tableIds: SERVER_TABLE_IDS })]);
}

/**
 * One of each kind of hostile upload the console takes (MCP YAML zips, config zips, transfer files), for a
 * server whose config size limit is 1 KB (so config zips may unpack to 10 KB).
 */
export function hostileUploads(random: () => number): HostileUpload[] {
  const keys = Array.from({ length: 50_000 }, (_, i) => `k${i}: 1`).join('\n');
  const manyEntries: Record<string, string> = {};
  for (let i = 0; i <= 50_000; i++) manyEntries[`G/c${i}`] = '';
  const garbage = Buffer.from(Array.from({ length: 1024 * 1024 }, () => Math.floor(random() * 256)));
  return [
    {
      what: 'YAML key bomb (one mapping of 50,000 keys)',
      path: 'v2/mcp/toolspec/import',
      file: zipOf({ 'g_t.yaml': `group: g\nname: t\n${keys}\n` }),
      status: 413,
      message: /^limit exceeded: keys in one YAML mapping \(10000\) in g_t\.yaml$/,
    },
    {
      what: 'YAML of 2 million nested [',
      path: 'v2/mcp/server/import',
      file: zipOf({ 'deep.yaml': '['.repeat(2_000_000) }),
      status: 413,
      message: /^limit exceeded: unpacked bytes of a zip entry \(524288\) in deep\.yaml$/,
    },
    {
      what: 'YAML of 200,000 nested [',
      path: 'v2/mcp/server/import',
      file: zipOf({ 'deep.yaml': '['.repeat(200_000) }),
      status: 413,
      message: /^limit exceeded: YAML nesting depth \(64\) in deep\.yaml$/,
    },
    {
      what: 'YAML alias bomb',
      path: 'v2/mcp/toolspec/import',
      file: zipOf({ 'lol.yaml': aliasBomb() }),
      status: 413,
      message: /^limit exceeded: YAML alias expansion \(100\) in lol\.yaml$/,
    },
    {
      what: 'config zip bomb (20 MB of zeros in one entry)',
      path: 'v2/config/import',
      file: zipOf({ 'G/bomb': new Uint8Array(20 * 1024 * 1024) }),
      status: 413,
      message: /^limit exceeded: unpacked bytes of a zip entry \(1024\) in G\/bomb$/,
    },
    {
      what: 'config zip bomb through the nacos 3 admin import (SDK port)',
      path: '/nacos/v3/admin/cs/config/import?namespaceId=public',
      file: zipOf({ 'G/bomb': new Uint8Array(20 * 1024 * 1024) }),
      status: 413,
      message: /^limit exceeded: unpacked bytes of a zip entry \(1024\) in G\/bomb$/,
    },
    {
      what: 'config zip of 50,001 entries',
      path: 'v2/config/import',
      file: zipOf(manyEntries, 0),
      status: 413,
      message: /^limit exceeded: entries in a zip \(50000\)$/,
    },
    {
      what: 'transfer file of random bytes',
      path: 'transfer/import',
      file: garbage,
      status: 400,
      message: /^invalid transfer file at byte 0: not a transfer file/,
    },
    {
      what: 'transfer file with 100,000 nested JSON arrays',
      path: 'transfer/import',
      file: deepJsonTransfer(),
      status: 413,
      message: /^limit exceeded: JSON nesting depth \(64\) in the record at byte \d+$/,
    },
  ];
}

/** Logs in to the console (captcha off) and returns the session cookie. */
export async function consoleSession(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/rnacos/api/console/v2/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const token = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('token='));
  if (!token) throw new Error(`console login failed: ${res.status} ${await res.text()}`);
  return token;
}

/**
 * Sends each upload in turn; resolves with what each was answered (status 0: no answer within 30 s). The
 * message is the console's `message`, or the detail (`data`) of the nacos envelope the SDK port answers.
 */
export async function sendUploads(
  base: { console: string; sdk: string },
  cookie: string,
  uploads: HostileUpload[],
): Promise<Array<{ what: string; status: number; message: string }>> {
  const answers = [];
  for (const upload of uploads) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(upload.file)]), 'upload');
    const answer = { what: upload.what, status: 0, message: '' };
    try {
      const sdk = upload.path.startsWith('/nacos/');
      const url = sdk ? `${base.sdk}${upload.path}` : `${base.console}/rnacos/api/console/${upload.path}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { cookie },
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
      answer.status = res.status;
      const body = (await res.json()) as { message?: unknown; data?: unknown };
      answer.message = String(sdk ? body.data : body.message);
    } catch (err) {
      answer.message = String(err);
    }
    answers.push(answer);
  }
  return answers;
}
