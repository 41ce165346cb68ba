import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkServer, type SdkServer } from './sdk-drivers.js';

/**
 * The official Go client, nacos-sdk-go v2 (the newest v2 release, go/go.mod), against a listening server:
 * the scenario in go/main.go prints what it saw. Go's module and build caches stay in the repository's
 * `.cache`, so after the first run the scenario builds offline in seconds.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const project = path.join(here, 'go');
const binary = path.join(repoRoot, '.cache/go-interop/scenario');
const goEnv = {
  ...process.env,
  GOMODCACHE: path.join(repoRoot, '.cache/go-mod'),
  GOCACHE: path.join(repoRoot, '.cache/go-build'),
  GOFLAGS: '-mod=mod',
  GOTOOLCHAIN: 'local',
};

/** Go 1.22 or later (what the client's module needs), else why the test cannot run. */
function goProblem(): string | undefined {
  const version = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (version.status !== 0) return 'go not found';
  const [, major, minor] = /go(\d+)\.(\d+)/.exec(version.stdout) ?? [];
  if (Number(major) === 1 && Number(minor) < 22) return `${version.stdout.trim()} is older than Go 1.22`;
  return undefined;
}
const problem = goProblem();
const goAvailable = problem === undefined;
if (problem) console.warn(`${problem}: the official Go client test cannot run (install Go 1.22 or later)`);

function buildScenario(): void {
  const newestSource = Math.max(...readdirSync(project).map((f) => statSync(path.join(project, f)).mtimeMs));
  if (existsSync(binary) && statSync(binary).mtimeMs > newestSource) return;
  execFileSync('go', ['build', '-o', binary, '.'], { cwd: project, env: goEnv, stdio: 'inherit' });
}

function runScenario(serverAddr: string, scratch: string) {
  return new Promise<{ steps: Record<string, unknown>; exitCode: number | null; output: string }>((resolve) => {
    const child = spawn(binary, [serverAddr, scratch], { env: { ...process.env, HOME: scratch } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      const steps: Record<string, unknown> = {};
      for (const line of output.split('\n')) {
        if (!line.startsWith('{"step"')) continue;
        const { step, value } = JSON.parse(line) as { step: string; value: unknown };
        steps[step] = value;
      }
      resolve({ steps, exitCode, output });
    });
  });
}

let server: SdkServer;
let scratch: string;

beforeAll(async () => {
  if (!goAvailable) return;
  buildScenario();
  server = await startSdkServer();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-go-'));
}, 600_000);

afterAll(async () => {
  await server?.app.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!goAvailable)('official Go client', () => {
  it('nacos-sdk-go v2.3.2: config, naming, and a refused registration returned as an error', async () => {
    await server.app.core.naming.registerInstance(
      { namespaceId: 'public', groupName: 'GO', serviceName: 'go-persistent' },
      { ip: '10.60.0.9', port: 1, ephemeral: false },
    );
    const run = await runScenario(server.serverAddr, scratch);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      published: true,
      read: 'v: 1',
      listening: true,
      heard: 'v: 2',
      removed: true,
      subscribed: true,
      registered: true,
      pushedAfterRegister: '10.60.0.1:8080',
      deregistered: true,
      refusedRegistered: false,
      refusedError: "Current service GO@@go-persistent is persistent service, can't register ephemeral instance.",
      done: true,
    });
    expect(
      server.app.core.naming.listInstances({ namespaceId: 'public', groupName: 'GO', serviceName: 'go-svc' }),
    ).toEqual([]);
  }, 180_000);
});
