import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from './helpers.js';
import { existsSync } from 'node:fs';
import { BUILT_MAIN, freePort, MAIN, startServerProcess, TSX, waitForExit } from './server-process.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function runCli(args: string[], env: Record<string, string> = {}, cwd?: string) {
  return spawnSync(process.execPath, ['--import', TSX, MAIN, ...args], {
    env: { ...process.env, RNACOS_LOG_LEVEL: 'silent', ...env },
    cwd,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('tsnacos command', () => {
  it('--help lists a flag for every setting', () => {
    const res = runCli(['serve', '--help']);
    expect(res.status).toBe(0);
    for (const flag of [
      '--http-port',
      '--grpc-port',
      '--http-console-port',
      '--sdk-host',
      '--data-dir',
      '--config-max-content',
      '--env-file',
    ]) {
      expect(res.stdout).toContain(flag);
    }
  });

  it('stops with a message naming an invalid setting', () => {
    const res = runCli([], { RNACOS_HTTP_PORT: 'eighty' });
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain('RNACOS_HTTP_PORT');
    const flag = runCli(['--config-max-content', 'big']);
    expect(flag.status).not.toBe(0);
    expect(flag.stderr).toContain('RNACOS_CONFIG_MAX_CONTENT');
  });

  it('reads an env file, and flags win over it', () => {
    const dir = tempDataDir('tsnacos-envfile-');
    dirs.push(dir);
    const file = path.join(dir, 'custom.env');
    writeFileSync(file, 'RNACOS_LOG_LEVEL=nonsense\n');
    expect(runCli(['--env-file', file], { RNACOS_LOG_LEVEL: '' }).stderr).toContain('RNACOS_LOG_LEVEL');
    writeFileSync(path.join(dir, '.env'), 'RNACOS_HTTP_PORT=not-a-port\n');
    expect(runCli([], {}, dir).stderr).toContain('RNACOS_HTTP_PORT');
    expect(runCli(['--http-port', '99999'], {}, dir).stderr).toContain('between 1 and 65535');
  });

  it('the build (what npm start runs) starts and serves HTTP and gRPC', async () => {
    expect(existsSync(BUILT_MAIN), 'run `npm run build` first (npm test does)').toBe(true);
    const dataDir = tempDataDir('tsnacos-built-');
    dirs.push(dataDir);
    const grpcPort = await freePort();
    const server = await startServerProcess(
      { RNACOS_DATA_DIR: dataDir, RNACOS_GRPC_PORT: String(grpcPort) },
      { built: true },
    );
    try {
      expect((await fetch(`${server.baseUrl}/nacos/v1/console/health/liveness`)).status).toBe(200);
      const net = await import('node:net');
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(grpcPort, '127.0.0.1', () => {
          socket.destroy();
          resolve();
        });
        socket.once('error', reject);
      });
    } finally {
      server.child.kill('SIGTERM');
      await waitForExit(server.child);
    }
  });

  it('shuts down gracefully on SIGTERM, answering held long polls', async () => {
    const dataDir = tempDataDir('tsnacos-shutdown-');
    dirs.push(dataDir);
    const server = await startServerProcess({ RNACOS_DATA_DIR: dataDir, RNACOS_HTTP_PORT: String(await freePort()) });
    const held = fetch(`${server.baseUrl}/nacos/v1/cs/configs/listener`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'Long-Pulling-Timeout': '30000' },
      body: new URLSearchParams({ 'Listening-Configs': 'a\u0002g\u0002\u0001' }),
    });
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    const res = await held;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(await waitForExit(server.child)).toBe(0);
  });
});
