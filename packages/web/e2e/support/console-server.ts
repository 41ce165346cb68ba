import { buildTestApp, type TestApp } from '../../../server/test/helpers.js';
import { KNOWN_CAPTCHA, knownCaptcha } from '../../../server/test/console-helpers.js';

export { KNOWN_CAPTCHA };

export interface RunningConsole {
  app: TestApp;
  /** e.g. http://127.0.0.1:41234 — the console port (login required). */
  consoleUrl: string;
  /** The SDK port (nacos OpenAPI; also the no-login console when enabled). */
  sdkUrl: string;
  /** The nacos 2.x gRPC port. */
  grpcPort: number;
  stop(): Promise<void>;
}

/**
 * The real server on a fresh temporary data dir, listening on free local ports, with a captcha whose text
 * the test knows. It serves the built console from packages/web/dist.
 */
export async function startConsole(env: Record<string, string> = {}): Promise<RunningConsole> {
  const app = await buildTestApp({
    captchaSource: knownCaptcha,
    env: { RNACOS_SDK_HOST: '127.0.0.1', RNACOS_CONSOLE_HOST: '127.0.0.1', RNACOS_NAMING_UDP_PUSH: 'false', ...env },
  });
  const addresses = await app.listen();
  if (!addresses.console) throw new Error('the console port is not open');
  return {
    app,
    consoleUrl: addresses.console.replace('localhost', '127.0.0.1'),
    sdkUrl: addresses.http.replace('localhost', '127.0.0.1'),
    grpcPort: addresses.grpc,
    stop: () => app.dispose(),
  };
}

export type Role = '0' | '1' | '2';

/** Adds a console user directly in the store (the user screens are tested through the browser). */
export async function addUser(app: TestApp, username: string, password: string, roles: Role[]): Promise<void> {
  await app.core.auth.users.add({ username, password, roles });
}
