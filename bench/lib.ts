// Shared pieces of the benchmark scripts: child servers, free ports, RSS, percentiles.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// BENCH_SERVER_DIST runs another build of the server (a checkout's packages/server/dist) under the same
// bench script, to compare a change with the code before it.
const SERVER_MAIN = path.join(
  process.env.BENCH_SERVER_DIST ? path.resolve(process.env.BENCH_SERVER_DIST) : path.join(ROOT, 'packages/server/dist'),
  'main.js',
);

/**
 * Whether the module at `url` is the script being run (`npx tsx bench/<script>.ts`) rather than imported by
 * another bench, which reuses its functions.
 */
export const isMain = (url: string): boolean =>
  process.argv[1] !== undefined && pathToFileURL(path.resolve(process.argv[1])).href === url;

/** The middle value (the upper one of an even count). */
export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** The server entry point the bench starts. */
export const serverMain = (): string => SERVER_MAIN;

/** Pins this process, every thread of it, to `cpus` (taskset): the load runs beside servers pinned elsewhere. */
export function pinThisProcess(cpus: string): void {
  execFileSync('taskset', ['-a', '-cp', cpus, String(process.pid)], { stdio: 'ignore' });
}

/** Stops the script with a hint when the server has not been built. */
export function requireBuild(): void {
  if (existsSync(SERVER_MAIN)) return;
  console.error(`build first: npm run build (no ${SERVER_MAIN})`);
  process.exit(1);
}

export interface BenchServer {
  child: ChildProcess;
  /** HTTP (SDK) port. */
  port: number;
  grpcPort: number;
  base: string;
  dataDir: string;
}

/**
 * The built server in its own process, on a fresh data dir and free ports, once it answers readiness;
 * `env` adds or overrides settings (a cluster node's RNACOS_DB_URL, say); `cpus` pins it (taskset); `main`
 * runs another build's entry point (a checkout's packages/server/dist/main.js) beside this one.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { cpus?: string; main?: string } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-bench-'));
  const port = await freePort();
  const grpcPort = await freePort();
  const child = startNode(options.main ?? SERVER_MAIN, [], {
    ...(options.cpus ? { BENCH_PIN_CPUS: options.cpus } : {}),
    // run as `npm start` and the `tsnacos` command run it
    NODE_OPTIONS: '--max-semi-space-size=4',
    RNACOS_HTTP_PORT: String(port),
    RNACOS_GRPC_PORT: String(grpcPort),
    RNACOS_HTTP_CONSOLE_PORT: '0',
    RNACOS_SDK_HOST: '127.0.0.1',
    RNACOS_DATA_DIR: dataDir,
    RNACOS_LOG_LEVEL: 'warn',
    ...env,
  });
  const server = { child, port, grpcPort, base: `http://127.0.0.1:${port}`, dataDir };
  try {
    await waitHttp(`${server.base}/nacos/v1/console/health/readiness`, child);
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  return server;
}

export async function stopServer(server: BenchServer): Promise<void> {
  await stop(server.child);
  rmSync(server.dataDir, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function waitHttp(url: string, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    // polled often: start-up times are measured with it
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} did not answer in time`);
}

/** Runs `node <script>` with env, inheriting stderr; under `taskset -c` when env has BENCH_PIN_CPUS. */
export function startNode(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const argv = [process.execPath, script, ...args];
  const cpus = env.BENCH_PIN_CPUS;
  return spawn(cpus ? 'taskset' : argv[0], cpus ? ['-c', cpus, ...argv] : argv.slice(1), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    // a process killed by a signal has a signalCode and no exitCode
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Publishes one config of group BENCH over the v1 OpenAPI; throws on anything but 200. */
export async function publishConfig(base: string, dataId: string, content: string, token = ''): Promise<void> {
  const res = await fetch(`${base}/nacos/v1/cs/configs${token ? `?accessToken=${token}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ dataId, group: 'BENCH', content }),
  });
  if (res.status !== 200) throw new Error(`publish ${dataId}: ${res.status} ${await res.text()}`);
}
