import { buildTestApp, testSettings, tempDataDir } from '../../../server/test/helpers.js';
import { knownCaptcha } from '../../../server/test/console-helpers.js';
import type { RunningConsole } from './console-server.js';

/**
 * The real server with its console on `consolePort` (an OAuth2 redirect URI names the port before the
 * server starts) and the given settings.
 */
export async function startConsoleOn(consolePort: number, env: Record<string, string>): Promise<RunningConsole> {
  const settings = {
    ...testSettings(tempDataDir(), {
      RNACOS_SDK_HOST: '127.0.0.1',
      RNACOS_CONSOLE_HOST: '127.0.0.1',
      RNACOS_NAMING_UDP_PUSH: 'false',
      ...env,
    }),
    consolePort,
  };
  const app = await buildTestApp({ captchaSource: knownCaptcha, settings, dataDir: settings.dataDir });
  const addresses = await app.listen();
  if (!addresses.console) throw new Error('the console port is not open');
  return {
    app,
    consoleUrl: `http://127.0.0.1:${consolePort}`,
    sdkUrl: addresses.http.replace('localhost', '127.0.0.1'),
    grpcPort: addresses.grpc,
    stop: async () => {
      await app.dispose();
      const { rmSync } = await import('node:fs');
      rmSync(settings.dataDir, { recursive: true, force: true });
    },
  };
}
