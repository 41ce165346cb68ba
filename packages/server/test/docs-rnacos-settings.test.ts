import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RNACOS_ONLY, settingNotices } from '../src/setting-notices.js';
import { loadSettings, SETTING_DEFS } from '../src/settings.js';

/**
 * Every environment setting r-nacos 0.8.5 reads, from its source (src/common/mod.rs; RNACOS_ENV_FILE is
 * only in a comment of src/main.rs, kept so that an env file naming it gets the pointer to the docs).
 */
const RNACOS_085_SETTINGS = [
  'RNACOS_API_LOGIN_ONE_MINUTE_LIMIT',
  'RNACOS_API_LOGIN_TIMEOUT',
  'RNACOS_BACKUP_TOKEN',
  'RNACOS_CLUSTER_TOKEN',
  'RNACOS_CONFIG_DB_DIR',
  'RNACOS_CONFIG_DB_FILE',
  'RNACOS_CONFIG_MAX_CONTENT',
  'RNACOS_CONSOLE_ENABLE_CAPTCHA',
  'RNACOS_CONSOLE_HOST',
  'RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT',
  'RNACOS_CONSOLE_LOGIN_TIMEOUT',
  'RNACOS_DATA_DIR',
  'RNACOS_ENABLE_GRPC_DETECTION_LOG',
  'RNACOS_ENABLE_METRICS',
  'RNACOS_ENABLE_NO_AUTH_CONSOLE',
  'RNACOS_ENABLE_OPEN_API_AUTH',
  'RNACOS_ENV_FILE',
  'RNACOS_GMT_OFFSET_HOURS',
  'RNACOS_GRPC_DETECTION_TIMEOUT_SECOND',
  'RNACOS_GRPC_PORT',
  'RNACOS_HTTP_CONSOLE_PORT',
  'RNACOS_HTTP_PORT',
  'RNACOS_HTTP_WORKERS',
  'RNACOS_INIT_ADMIN_PASSWORD',
  'RNACOS_INIT_ADMIN_USERNAME',
  'RNACOS_LDAP_ENABLE',
  'RNACOS_LDAP_URL',
  'RNACOS_LDAP_USER_ADMIN_GROUP',
  'RNACOS_LDAP_USER_BASE_DN',
  'RNACOS_LDAP_USER_DEFAULT_ROLE',
  'RNACOS_LDAP_USER_DEVELOPER_GROUP',
  'RNACOS_LDAP_USER_FILTER',
  'RNACOS_MCP_HTTP_TIMEOUT_SECOND',
  'RNACOS_METRICS_COLLECT_INTERVAL_SECOND',
  'RNACOS_METRICS_ENABLE_LOG',
  'RNACOS_METRICS_LOG_INTERVAL_SECOND',
  'RNACOS_NAMING_HEALTH_TIMEOUT_SECOND',
  'RNACOS_NAMING_INSTANCE_METADATA_PERSISTENCE_ENABLE',
  'RNACOS_NAMING_INSTANCE_TIMEOUT_SECOND',
  'RNACOS_NAMING_PERPETUAL_INSTANCE_PROBE_INTERVAL_SECOND',
  'RNACOS_OAUTH2_AUTHORIZATION_URL',
  'RNACOS_OAUTH2_BUTTON',
  'RNACOS_OAUTH2_CLIENT_ID',
  'RNACOS_OAUTH2_CLIENT_SECRET',
  'RNACOS_OAUTH2_ENABLE',
  'RNACOS_OAUTH2_NICKNAME_CLAIM_NAME',
  'RNACOS_OAUTH2_REDIRECT_URI',
  'RNACOS_OAUTH2_SCOPES',
  'RNACOS_OAUTH2_SERVER_URL',
  'RNACOS_OAUTH2_TOKEN_URL',
  'RNACOS_OAUTH2_USERINFO_URL',
  'RNACOS_OAUTH2_USERNAME_CLAIM_NAME',
  'RNACOS_OAUTH2_USER_DEFAULT_ROLE',
  'RNACOS_RAFT_AUTO_INIT',
  'RNACOS_RAFT_JOIN_ADDR',
  'RNACOS_RAFT_NODE_ADDR',
  'RNACOS_RAFT_NODE_ID',
  'RNACOS_RAFT_SNAPSHOT_LOG_SIZE',
  'RNACOS_RUN_IN_DOCKER',
  'RNACOS_SDK_HOST',
];

const SETTINGS_DOC = new URL('../../../docs/settings.md', import.meta.url);
const READ_HERE = new Set(SETTING_DEFS.flatMap((d) => [d.env, ...(d.aliases ?? [])]));

/** The rows of the table "r-nacos 0.8.5 settings: status here": name -> status text. */
function documentedStatus(): Map<string, string> {
  const text = readFileSync(SETTINGS_DOC, 'utf8');
  const section = /^### r-nacos 0\.8\.5 settings: status here\n([\s\S]*?)(?=^#{2,3} )/m.exec(text)?.[1] ?? '';
  return new Map([...section.matchAll(/^\| `(RNACOS_\w+)` \| (.*) \|$/gm)].map((m) => [m[1], m[2]]));
}

describe('r-nacos 0.8.5 settings', () => {
  it('are each read here, or ignored on purpose and documented so in docs/settings.md', () => {
    const documented = documentedStatus();
    expect([...documented.keys()].sort()).toEqual([...RNACOS_085_SETTINGS].sort());
    for (const name of RNACOS_085_SETTINGS) {
      const status = documented.get(name)!;
      if (READ_HERE.has(name)) {
        expect(status, name).toMatch(/^read\b/);
        expect(RNACOS_ONLY, name).not.toHaveProperty(name);
      } else {
        expect(RNACOS_ONLY, `${name} is neither read nor a deliberate difference`).toHaveProperty(name);
        expect(status, name).toMatch(/^ignored: /);
      }
    }
  });

  it('start no "not a tsnacos setting" warning: only the deliberate differences are named, pointing to the docs', () => {
    const env = Object.fromEntries(RNACOS_085_SETTINGS.map((name) => [name, 'set']));
    const notices = settingNotices(env, loadSettings({}));
    expect(notices.filter((n) => n.includes('not a tsnacos setting'))).toEqual([]);
    expect(notices.map((n) => n.split(' ')[0]).sort()).toEqual(Object.keys(RNACOS_ONLY).sort());
    for (const notice of notices) expect(notice).toContain('docs/settings.md, "r-nacos 0.8.5 settings: status here"');
  });
});
