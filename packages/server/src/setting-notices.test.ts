import { describe, expect, it } from 'vitest';
import { settingNotices } from './setting-notices.js';
import { loadSettings } from './settings.js';

const notices = (env: Record<string, string>) => settingNotices(env, loadSettings(env));

describe('settingNotices', () => {
  it('names each r-nacos cluster setting of an r-nacos env file and says what tsnacos does instead', () => {
    const found = notices({
      RNACOS_RAFT_NODE_ID: '2',
      RNACOS_RAFT_JOIN_ADDR: '10.0.0.1:9848',
      RNACOS_RAFT_AUTO_INIT: 'false',
      RNACOS_CLUSTER_TOKEN: 'secret',
      RNACOS_BACKUP_TOKEN: 'x'.repeat(32),
    });
    // RNACOS_BACKUP_TOKEN is a tsnacos setting too (GET /rnacos/backup): no notice
    expect(found).toHaveLength(3);
    expect(found.some((n) => n.startsWith('RNACOS_BACKUP_TOKEN'))).toBe(false);
    for (const name of ['RNACOS_RAFT_JOIN_ADDR', 'RNACOS_RAFT_AUTO_INIT', 'RNACOS_CLUSTER_TOKEN']) {
      expect(found.find((n) => n.startsWith(name))).toMatch(/r-nacos setting, ignored: .*PostgreSQL/);
    }
  });

  it('names an RNACOS_ name tsnacos does not know (a typo would otherwise go unnoticed)', () => {
    expect(notices({ RNACOS_HTTP_PROT: '9000' })).toEqual(['RNACOS_HTTP_PROT is not a tsnacos setting, ignored']);
  });

  it("takes r-nacos 0.8's SDK login limit and gRPC detection log as its own settings: no notice", () => {
    expect(notices({ RNACOS_API_LOGIN_ONE_MINUTE_LIMIT: '100', RNACOS_ENABLE_GRPC_DETECTION_LOG: 'true' })).toEqual([]);
  });

  it('warns when the gRPC port is not the HTTP port + 1000, and not otherwise', () => {
    expect(notices({ RNACOS_HTTP_PORT: '8848', RNACOS_GRPC_PORT: '9999' })).toEqual([
      expect.stringContaining('the gRPC port 9999 is not the HTTP port + 1000 (9848)'),
    ]);
    expect(notices({ RNACOS_HTTP_PORT: '8848', RNACOS_GRPC_PORT: '9848' })).toEqual([]);
    expect(notices({})).toEqual([]);
  });
});
