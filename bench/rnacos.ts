// r-nacos 0.8.5 as a peer in the benches: installed once with cargo into ~/.cache when cargo is there,
// started on a fresh data dir and checked with a write that reads back (it sometimes starts broken when
// pinned to one core: then it is started again).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, stop, waitHttp } from './lib.js';

const RNACOS_ROOT = path.join(os.homedir(), '.cache/tsnacos-bench/rnacos-0.8.5');
const RNACOS = path.join(RNACOS_ROOT, 'bin/rnacos');

export interface Peer {
  name: string;
  child: ChildProcess;
  /** HTTP port; gRPC is at +1000 for both servers. */
  port: number;
  /** The console's own port, when the server says. */
  consolePort?: number;
  cleanup(): Promise<void>;
}

/** The r-nacos binary, installed with cargo when missing; null without cargo or with BENCH_NO_RNACOS. */
export function rnacosBinary(): string | null {
  if (process.env.BENCH_NO_RNACOS) return null;
  if (existsSync(RNACOS)) return RNACOS;
  if (spawnSync('cargo', ['--version']).status !== 0) return null;
  console.log('installing r-nacos 0.8.5 with cargo (once) ...');
  const built = spawnSync('cargo', ['install', 'rnacos', '--version', '0.8.5', '--root', RNACOS_ROOT], {
    stdio: 'inherit',
  });
  return built.status === 0 ? RNACOS : null;
}

/** `argv` under `taskset -c <cpus>` when pinning is asked for. */
export function pinned(cpus: string | undefined, argv: string[]): [string, string[]] {
  return cpus ? ['taskset', ['-c', cpus, ...argv]] : [argv[0], argv.slice(1)];
}

/**
 * r-nacos on fresh ports (gRPC at HTTP + 1000) and data dir, verified with a write that reads back; `env`
 * adds settings (the console's, say).
 */
export async function startRnacos(options: { cpus?: string; env?: Record<string, string> } = {}): Promise<Peer | null> {
  const binary = rnacosBinary();
  if (!binary) return null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rnacos-bench-'));
    const port = await freePort();
    const consolePort = await freePort();
    const [cmd, args] = pinned(options.cpus, [binary]);
    const proc = spawn(cmd, args, {
      env: {
        ...process.env,
        RNACOS_HTTP_PORT: String(port),
        RNACOS_GRPC_PORT: String(port + 1000),
        RNACOS_HTTP_CONSOLE_PORT: String(consolePort),
        RNACOS_CONFIG_DB_DIR: dir,
        RUST_LOG: 'warn',
        ...options.env,
      },
      stdio: 'ignore',
    });
    const peer: Peer = {
      name: 'r-nacos 0.8.5',
      child: proc,
      port,
      consolePort,
      cleanup: async () => {
        await stop(proc);
        rmSync(dir, { recursive: true, force: true });
      },
    };
    try {
      await waitHttp(`http://127.0.0.1:${port}/nacos/v1/console/health/readiness`, proc);
      const body = new URLSearchParams({ dataId: 'probe', group: 'BENCH', content: 'ok' });
      await fetch(`http://127.0.0.1:${port}/nacos/v1/cs/configs`, { method: 'POST', body });
      const read = await fetch(`http://127.0.0.1:${port}/nacos/v1/cs/configs?dataId=probe&group=BENCH`);
      if ((await read.text()) === 'ok') return peer;
    } catch {
      // a broken start: try again on a fresh data dir
    }
    await peer.cleanup();
  }
  return null;
}
