import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineDriver } from '../interop/line-driver.js';
import { waitUntil } from '../interop/wait-until.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const RUST_DRIVER = fileURLToPath(new URL('../interop/rust_sdk_driver.mjs', import.meta.url));

/** `npm run release` of the current build into `outDir` (the build is made by `npm run build` beforehand). */
export function makeRelease(outDir: string): void {
  if (!existsSync(path.join(REPO_ROOT, 'packages/server/dist/main.js'))) {
    throw new Error('run `npm run build` first (npm test does)');
  }
  const res = spawnSync(process.execPath, ['scripts/release.mjs', '--no-build', '--out', outDir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`release failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
}

/** nacos-sdk-rust (an official 2.x gRPC client) in its own process, pointed at `host:httpPort`. */
export async function rustSdk(serverAddr: string): Promise<{ driver: LineDriver; close(): Promise<void> }> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-deploy-sdk-'));
  const driver = await LineDriver.start(process.execPath, [RUST_DRIVER], { HOME: scratch });
  await driver.call('config.create', { client: 'config', server: serverAddr });
  await driver.call('naming.create', { client: 'naming', server: serverAddr });
  return {
    driver,
    async close() {
      await driver.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** Waits until `url` answers 200 (a readiness probe). */
export async function waitReady(url: string, timeoutMs = 60_000): Promise<void> {
  await waitUntil(
    `${url} to answer 200`,
    async () => {
      try {
        return (await fetch(url)).status === 200;
      } catch {
        return false;
      }
    },
    timeoutMs,
    200,
  );
}

export async function httpPublish(base: string, dataId: string, group: string, content: string): Promise<string> {
  const res = await fetch(`${base}/nacos/v1/cs/configs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ dataId, group, content }),
  });
  return res.text();
}

export async function httpGet(base: string, dataId: string, group: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}/nacos/v1/cs/configs?${new URLSearchParams({ dataId, group })}`);
  return { status: res.status, body: await res.text() };
}
