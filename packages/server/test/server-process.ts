import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/** tsx's loader by absolute URL, so the server can run from any working directory. */
export const TSX = import.meta.resolve('tsx');
/** The built server, as `npm start` and the `tsnacos` command run it. */
export const BUILT_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** A port the OS just handed out, so nothing else is listening on it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  grpcPort: number;
  output: () => string;
}

/**
 * Runs the server from source (tsx), or the build with `{ built: true }`, as a child process and waits until
 * it answers. Ports the caller leaves out are found free here; when one of those was taken before the server
 * bound it (another test took it meanwhile), the server starts again on other ports.
 */
export interface StartOptions {
  built?: boolean;
  /** Options for node itself, before the script (`--inspect=127.0.0.1:0`, `--max-old-space-size=...`). */
  nodeOptions?: string[];
  /** Another build's entry point (a checkout's `packages/server/dist/main.js`) instead of this source. */
  main?: string;
}

export async function startServerProcess(env: Record<string, string>, opts: StartOptions = {}): Promise<ServerProcess> {
  const ownPorts = env.RNACOS_HTTP_PORT === undefined && env.RNACOS_GRPC_PORT === undefined;
  return ownPorts ? againOnTakenPort(() => startOnce(env, opts)) : startOnce(env, opts);
}

/**
 * Runs `start` (which picks free ports itself) again, up to three times, when it failed because a port
 * found free was taken before the server bound it (by another test's server or outgoing connection).
 */
export async function againOnTakenPort<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

async function startOnce(env: Record<string, string>, opts: StartOptions): Promise<ServerProcess> {
  const httpPort = Number(env.RNACOS_HTTP_PORT ?? (await freePort()));
  const grpcPort = Number(env.RNACOS_GRPC_PORT ?? (await freePort()));
  const script = opts.main ? [opts.main] : opts.built ? [BUILT_MAIN] : ['--import', TSX, MAIN];
  const args = [...(opts.nodeOptions ?? []), ...script];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      RNACOS_HTTP_PORT: String(httpPort),
      RNACOS_GRPC_PORT: String(grpcPort),
      RNACOS_HTTP_CONSOLE_PORT: '0',
      RNACOS_SDK_HOST: '127.0.0.1',
      RNACOS_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/nacos/v1/console/health/readiness`);
      // the banner follows a successful listen: the answer came from this child, not a server on a taken port
      if (res.ok && out.includes('nacos HTTP API')) return { child, baseUrl, grpcPort, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready in time:\n${out}`);
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
