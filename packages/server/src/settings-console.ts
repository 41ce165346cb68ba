import type { SettingDef, SettingReader } from './settings-reader.js';

/** Console and access control (see docs/console.md "Console and access control"). */
export interface ConsoleSettings {
  consoleLoginTimeoutSeconds: number;
  consoleLoginOneHourLimit: number;
  /**
   * r-nacos's SDK login limit: attempts per minute, here per username and client address like every SDK
   * password check; undefined: SDK logins follow `consoleLoginOneHourLimit` per hour.
   */
  apiLoginOneMinuteLimit: number | undefined;
  consoleEnableCaptcha: boolean;
  enableNoAuthConsole: boolean;
  enableOpenApiAuth: boolean;
  apiLoginTimeoutSeconds: number;
  initAdminUsername: string;
  initAdminPassword: string;
}

export const CONSOLE_SETTING_DEFS: SettingDef[] = [
  { env: 'RNACOS_CONSOLE_LOGIN_TIMEOUT', describe: 'console session lifetime in seconds', defaultText: '86400' },
  {
    env: 'RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT',
    describe: 'password attempts per hour: console logins per username, SDK logins per username and address',
    defaultText: '5',
  },
  { env: 'RNACOS_CONSOLE_ENABLE_CAPTCHA', describe: 'require a captcha on console login', defaultText: 'true' },
  {
    env: 'RNACOS_ENABLE_NO_AUTH_CONSOLE',
    describe: 'also serve the console without login on the SDK HTTP port (ignored when OpenAPI auth is on)',
    defaultText: 'false',
  },
  {
    env: 'RNACOS_ENABLE_OPEN_API_AUTH',
    describe: 'require a login token on the SDK HTTP and gRPC ports',
    defaultText: 'false',
  },
  {
    env: 'RNACOS_API_LOGIN_TIMEOUT',
    describe: 'lifetime of an SDK (OpenAPI) login token in seconds',
    defaultText: '3600',
  },
  {
    env: 'RNACOS_API_LOGIN_ONE_MINUTE_LIMIT',
    describe: 'SDK password attempts per minute per username and client address (a success resets the count)',
    defaultText: 'unset (RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT per hour)',
  },
  {
    env: 'RNACOS_INIT_ADMIN_USERNAME',
    describe: 'first console admin, created when there is no user',
    defaultText: 'admin',
  },
  { env: 'RNACOS_INIT_ADMIN_PASSWORD', describe: 'password of the first console admin', defaultText: 'admin' },
];

export function loadConsoleSettings(read: SettingReader): ConsoleSettings {
  return {
    consoleLoginTimeoutSeconds: read.whole('RNACOS_CONSOLE_LOGIN_TIMEOUT', 86_400, 1, 10 * 365 * 86_400),
    consoleLoginOneHourLimit: read.whole('RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT', 5, 1, 1_000_000),
    consoleEnableCaptcha: read.bool('RNACOS_CONSOLE_ENABLE_CAPTCHA', true),
    enableNoAuthConsole: read.bool('RNACOS_ENABLE_NO_AUTH_CONSOLE', false),
    enableOpenApiAuth: read.bool('RNACOS_ENABLE_OPEN_API_AUTH', false),
    apiLoginTimeoutSeconds: read.whole('RNACOS_API_LOGIN_TIMEOUT', 3_600, 1, 10 * 365 * 86_400),
    apiLoginOneMinuteLimit: read.optionalWhole('RNACOS_API_LOGIN_ONE_MINUTE_LIMIT', 1, 1_000_000),
    // Blank counts as unset, as for every setting: an empty admin password is never created.
    initAdminUsername: read.get('RNACOS_INIT_ADMIN_USERNAME') ?? 'admin',
    initAdminPassword: read.get('RNACOS_INIT_ADMIN_PASSWORD') ?? 'admin',
  };
}
