import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type App, type AppOptions } from '../src/app.js';
import { loadSettings, type Settings } from '../src/settings.js';
import { createLogger } from '../src/shared/logger.js';

export interface TestApp extends App {
  /** Tests build the routes at once (no `lazyHttp`), to inject into them. */
  sdkHttp: FastifyInstance;
  dataDir: string;
  /** Closes the app and deletes its data dir. */
  dispose(): Promise<void>;
}

export function tempDataDir(prefix = 'tsnacos-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Settings for a test: ports 0 (any free port), a fresh data dir, quiet logs. */
export function testSettings(dataDir: string, env: Record<string, string> = {}): Settings {
  return {
    ...loadSettings({ RNACOS_DATA_DIR: dataDir, RNACOS_LOG_LEVEL: 'silent', ...env }),
    httpPort: 0,
    grpcPort: 0,
    consolePort: 0,
  };
}

/** Builds the real app (real SQLite file in a temp dir) without opening ports. */
export async function buildTestApp(
  options: Partial<AppOptions> & { env?: Record<string, string>; dataDir?: string } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? tempDataDir();
  const settings = options.settings ?? testSettings(dataDir, options.env);
  const app = await buildApp({ logger: createLogger('silent'), ...options, settings });
  const sdkHttp = app.sdkHttp;
  if (!sdkHttp) throw new Error('a test app builds its routes at once; leave lazyHttp out');
  return Object.assign(app, {
    sdkHttp,
    dataDir,
    async dispose() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** A test app listening on real ports (ephemeral in the test settings), with its SDK HTTP base URL. */
export async function listeningTestApp(env: Record<string, string> = {}): Promise<{ app: TestApp; base: string }> {
  const app = await buildTestApp({ env });
  return { app, base: (await app.listen()).http };
}

export function form(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
