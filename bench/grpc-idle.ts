// Memory of idle gRPC connections: a server's RSS with many connections held by child processes
// (grpc-idle-worker.ts), so the client side does not weigh on the measuring process. Used by grpc-bench.ts
// and regress.ts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, rssMb } from './lib.js';

const IDLE_WORKERS = 4;

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * RSS of the server `pid` with `count` connections to `address` held by child processes, minus the RSS
 * before; `bare` connects as any gRPC client does (for the bare echo server) instead of as an SDK.
 */
export async function idleConnections(
  address: string,
  pid: number,
  count: number,
  bare = false,
): Promise<{ before: number; after: number; perConnKb: number }> {
  await settle(2000);
  const before = rssMb(pid);
  const workers = Array.from({ length: IDLE_WORKERS }, () =>
    spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/grpc-idle-worker.ts')], {
      env: { ...process.env, ADDRESS: address, COUNT: String(count / IDLE_WORKERS), ...(bare ? { BARE: '1' } : {}) },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          createInterface({ input: w.stdout }).on('line', (l) => l.startsWith('ready') && resolve());
          w.once('exit', (code) => reject(new Error(`idle worker exited with ${code}`)));
        }),
    ),
  );
  await settle(3000);
  const after = rssMb(pid);
  for (const w of workers) w.stdin.end();
  await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
  return { before, after, perConnKb: Math.round(((after - before) * 1024 * 10) / count) / 10 };
}
