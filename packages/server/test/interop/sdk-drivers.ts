import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestApp, tempDataDir, testSettings, type TestApp } from '../helpers.js';
import { LineDriver } from './line-driver.js';
import { freeSdkPorts } from './sdk-ports.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');

/** The virtualenv python with nacos-sdk-python, as `.ci/run` installs it (or `TSNACOS_PYTHON`). */
const pythonSdkInterpreter = process.env.TSNACOS_PYTHON ?? path.join(repoRoot, '.cache/py-interop/bin/python');
export const pythonSdkAvailable = existsSync(pythonSdkInterpreter);
if (!pythonSdkAvailable) {
  console.warn(
    `nacos-sdk-python not installed (${pythonSdkInterpreter}): run .ci/run to set up the interop virtualenv`,
  );
}

export interface SdkServer {
  app: TestApp;
  httpPort: number;
  /** `host:httpPort`, what an SDK is configured with. */
  serverAddr: string;
  /** Closes the app and starts it again on the same ports and data directory (`app` is then the new one). */
  restart(): Promise<void>;
}

/** The real app listening on a free P (HTTP) and P + 1000 (gRPC). */
export async function startSdkServer(env: Record<string, string> = {}): Promise<SdkServer> {
  const { httpPort, grpcPort } = await freeSdkPorts();
  const dataDir = tempDataDir();
  const settings = { ...testSettings(dataDir, env), httpPort, grpcPort, sdkHost: '127.0.0.1' };
  const server: SdkServer = {
    app: await buildTestApp({ settings }),
    httpPort,
    serverAddr: `127.0.0.1:${httpPort}`,
    async restart() {
      await server.app.close();
      server.app = await buildTestApp({ settings });
      await server.app.listen();
    },
  };
  await server.app.listen();
  return server;
}

/** An SDK driver process and the arguments its `*.create` commands need. */
export interface SdkDriver {
  driver: LineDriver;
  clientArgs: Record<string, string>;
  cleanup(): Promise<void>;
}

export async function startPythonDriver(server: SdkServer): Promise<SdkDriver> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-pysdk-'));
  const driver = await LineDriver.start(pythonSdkInterpreter, [path.join(here, 'python_sdk_driver.py')], {
    HOME: scratch,
  });
  return {
    driver,
    clientArgs: {
      server: server.serverAddr,
      logDir: path.join(scratch, 'logs'),
      cacheDir: path.join(scratch, 'cache'),
    },
    async cleanup() {
      await driver.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

export async function startRustDriver(server: SdkServer): Promise<SdkDriver> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-rustsdk-'));
  // The SDK keeps its cache under $HOME/nacos.
  const driver = await LineDriver.start(process.execPath, [path.join(here, 'rust_sdk_driver.mjs')], { HOME: scratch });
  return {
    driver,
    clientArgs: { server: server.serverAddr },
    async cleanup() {
      await driver.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
