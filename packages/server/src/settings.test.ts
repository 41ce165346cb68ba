import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './settings.js';

describe('settings', () => {
  it('uses r-nacos defaults, deriving ports from the HTTP port', () => {
    const s = loadSettings({ HOME: '/home/u', XDG_DATA_HOME: '/data' });
    expect(s).toMatchObject({
      httpPort: 8848,
      grpcPort: 9848,
      consolePort: 10848,
      sdkHost: '0.0.0.0',
      consoleHost: '0.0.0.0',
    });
    expect(s.dataDir).toBe(path.resolve('/data/tsnacos/nacos_db'));
    expect(s.configMaxContent).toBe(10 * 1024 * 1024);
    expect(loadSettings({ RNACOS_HTTP_PORT: '9000' })).toMatchObject({ grpcPort: 10000, consolePort: 11000 });
  });

  it('keeps the data in nacos_db under the working directory with RNACOS_RUN_IN_DOCKER=true (as r-nacos)', () => {
    expect(loadSettings({ RNACOS_RUN_IN_DOCKER: 'true' }).dataDir).toBe(path.resolve('nacos_db'));
    expect(loadSettings({ RNACOS_RUN_IN_DOCKER: 'true', RNACOS_DATA_DIR: '/x' }).dataDir).toBe(path.resolve('/x'));
    expect(() => loadSettings({ RNACOS_RUN_IN_DOCKER: 'yes' })).toThrow('RNACOS_RUN_IN_DOCKER must be true or false');
  });

  it('takes explicit values, 0 disabling the console, and the data dir alias', () => {
    const s = loadSettings({
      RNACOS_HTTP_CONSOLE_PORT: '0',
      RNACOS_SDK_HOST: '127.0.0.1',
      RNACOS_CONFIG_DB_DIR: '/x/db',
    });
    expect(s).toMatchObject({
      consolePort: 0,
      sdkHost: '127.0.0.1',
      consoleHost: '127.0.0.1',
      dataDir: path.resolve('/x/db'),
    });
  });

  it.each([
    ['RNACOS_HTTP_PORT', 'abc'],
    ['RNACOS_HTTP_PORT', '70000'],
    ['RNACOS_GRPC_PORT', '0'],
    ['RNACOS_CONFIG_MAX_CONTENT', '-1'],
    ['RNACOS_LOG_LEVEL', 'loud'],
    ['RNACOS_LOG_FORMAT', 'xml'],
    ['RNACOS_BACKUP_TOKEN', 'x'.repeat(31)],
    ['RNACOS_API_LOGIN_ONE_MINUTE_LIMIT', '0'],
    ['RNACOS_API_LOGIN_ONE_MINUTE_LIMIT', 'many'],
    ['RNACOS_ENABLE_GRPC_DETECTION_LOG', 'yes'],
    ['RNACOS_OUTBOUND_ALLOW_CIDRS', 'localhost'],
    ['RNACOS_OUTBOUND_ALLOW_CIDRS', '127.0.0.1/33'],
    ['RNACOS_OUTBOUND_DENY_CIDRS', '10.0.0.0/8, 0177.0.0.1'],
  ])('rejects %s=%s naming the setting', (name, value) => {
    expect(() => loadSettings({ [name]: value })).toThrow(SettingsError);
    expect(() => loadSettings({ [name]: value })).toThrow(name);
  });

  it('leaves the SDK login rate to the hourly limit unless RNACOS_API_LOGIN_ONE_MINUTE_LIMIT is set', () => {
    expect(loadSettings({}).apiLoginOneMinuteLimit).toBeUndefined();
    expect(loadSettings({ RNACOS_API_LOGIN_ONE_MINUTE_LIMIT: '100' }).apiLoginOneMinuteLimit).toBe(100);
  });

  it('logs gRPC detection events only with RNACOS_ENABLE_GRPC_DETECTION_LOG=true', () => {
    expect(loadSettings({}).enableGrpcDetectionLog).toBe(false);
    expect(loadSettings({ RNACOS_ENABLE_GRPC_DETECTION_LOG: 'true' }).enableGrpcDetectionLog).toBe(true);
  });

  it('reads the outbound allow and deny ranges, none by default', () => {
    expect(loadSettings({})).toMatchObject({ outboundAllowCidrs: [], outboundDenyCidrs: [] });
    const s = loadSettings({
      RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1, 169.254.170.0/24',
      RNACOS_OUTBOUND_DENY_CIDRS: '10.9.0.0/16 fd00:1::/32',
    });
    expect(s.outboundAllowCidrs).toEqual(['127.0.0.1', '169.254.170.0/24']);
    expect(s.outboundDenyCidrs).toEqual(['10.9.0.0/16', 'fd00:1::/32']);
    expect(() => loadSettings({ RNACOS_OUTBOUND_DENY_CIDRS: '10.0.0.0/8,nowhere' })).toThrow(
      'RNACOS_OUTBOUND_DENY_CIDRS: "nowhere" is not an IP address or a CIDR range',
    );
  });

  it('takes a backup token of 32 characters or more, and says why a shorter one is refused', () => {
    expect(loadSettings({ RNACOS_BACKUP_TOKEN: 'x'.repeat(32) }).backupToken).toBe('x'.repeat(32));
    expect(loadSettings({}).backupToken).toBeUndefined();
    expect(loadSettings({ RNACOS_DB_POOL_SIZE: '3' }).dbPoolSize).toBe(3);
    expect(loadSettings({}).dbPoolSize).toBe(10);
    expect(loadSettings({}).dbTimeoutMs).toBe(5_000);
    expect(loadSettings({ RNACOS_DB_TIMEOUT_SECOND: '2' }).dbTimeoutMs).toBe(2_000);
    expect(() => loadSettings({ RNACOS_BACKUP_TOKEN: 'short' })).toThrow(/at least 32 characters \(it has 5\)/);
  });
});
