/**
 * Schema versions, applied in order and recorded in `PRAGMA user_version`. Never edit a released entry:
 * add a new one.
 */
export const MIGRATIONS: string[] = [
  // 1: config center and namespaces
  `
  CREATE TABLE config (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    data_id TEXT NOT NULL,
    content TEXT NOT NULL,
    md5 TEXT NOT NULL,
    config_type TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    app_name TEXT NOT NULL DEFAULT '',
    config_tags TEXT NOT NULL DEFAULT '',
    src_user TEXT NOT NULL DEFAULT '',
    src_ip TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    modified_at INTEGER NOT NULL,
    UNIQUE (namespace_id, group_name, data_id)
  );
  CREATE TABLE config_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    data_id TEXT NOT NULL,
    content TEXT NOT NULL,
    md5 TEXT NOT NULL,
    config_type TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    app_name TEXT NOT NULL DEFAULT '',
    config_tags TEXT NOT NULL DEFAULT '',
    op_type TEXT NOT NULL,
    src_ip TEXT NOT NULL DEFAULT '',
    src_user TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX config_history_by_key ON config_history (namespace_id, group_name, data_id, id);
  CREATE TABLE namespace (
    namespace_id TEXT PRIMARY KEY,
    namespace_name TEXT NOT NULL,
    namespace_desc TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  `,
  // 2: service registry: explicit services and persistent instances (ephemeral ones live in memory only)
  `
  CREATE TABLE naming_service (
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    service_name TEXT NOT NULL,
    protect_threshold REAL NOT NULL DEFAULT 0,
    metadata TEXT NOT NULL DEFAULT '{}',
    selector TEXT NOT NULL DEFAULT '{"type":"none"}',
    created_at INTEGER NOT NULL,
    modified_at INTEGER NOT NULL,
    PRIMARY KEY (namespace_id, group_name, service_name)
  );
  CREATE TABLE naming_instance (
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    service_name TEXT NOT NULL,
    cluster_name TEXT NOT NULL,
    ip TEXT NOT NULL,
    port INTEGER NOT NULL,
    instance_id TEXT NOT NULL,
    weight REAL NOT NULL,
    healthy INTEGER NOT NULL,
    enabled INTEGER NOT NULL,
    metadata TEXT NOT NULL DEFAULT '{}',
    app_name TEXT NOT NULL DEFAULT '',
    registered_at INTEGER NOT NULL,
    modified_at INTEGER NOT NULL,
    PRIMARY KEY (namespace_id, group_name, service_name, cluster_name, ip, port)
  );
  `,
  // 3: console users (roles and namespace privilege as JSON)
  `
  CREATE TABLE users (
    username TEXT PRIMARY KEY,
    nickname TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    roles TEXT NOT NULL,
    extend_info TEXT NOT NULL DEFAULT '{}',
    namespace_privilege TEXT NOT NULL,
    source TEXT,
    created_at INTEGER NOT NULL,
    modified_at INTEGER NOT NULL
  );
  `,
  // 4: history is kept to the newest 100 entries per config (HISTORY_KEPT_PER_CONFIG); trim older stores
  `
  DELETE FROM config_history WHERE id IN (
    SELECT id FROM (
      SELECT id, ROW_NUMBER() OVER (PARTITION BY namespace_id, group_name, data_id ORDER BY id DESC) AS newer
      FROM config_history
    ) WHERE newer > 100
  );
  `,
  // 5: console and SDK logins outlive a restart (the SHA-256 of each token, never the token)
  `
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    username TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_by_expiry ON sessions (expires_at);
  `,
  // 6: each config row carries the revision of the write that made it (memory never takes an older one)
  `
  ALTER TABLE config ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
  UPDATE config SET revision = id;
  `,
  // 7: the MCP service: tool specs and MCP servers, each kept whole as JSON, and their id sequences
  `
  CREATE TABLE mcp_tool_spec (
    namespace TEXT NOT NULL,
    group_name TEXT NOT NULL,
    tool_name TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (namespace, group_name, tool_name)
  );
  CREATE TABLE mcp_server (
    id INTEGER PRIMARY KEY,
    unique_key TEXT NOT NULL UNIQUE,
    doc TEXT NOT NULL
  );
  CREATE TABLE mcp_sequence (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
  );
  `,
  // 8: the next revision is one past the highest: found in the index rather than by reading every config
  `
  CREATE INDEX config_by_revision ON config (revision);
  `,
  // 9: the data key of an encrypted config (nacos's encryptedDataKey) beside its content and in each history
  // entry; NULL for a plain config
  `
  ALTER TABLE config ADD COLUMN encrypted_data_key TEXT;
  ALTER TABLE config_history ADD COLUMN encrypted_data_key TEXT;
  `,
  // 10: metadata an operator edited on an ephemeral instance, kept for its next registrations
  `
  CREATE TABLE naming_instance_metadata (
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    service_name TEXT NOT NULL,
    ip TEXT NOT NULL,
    port INTEGER NOT NULL,
    cluster_name TEXT NOT NULL,
    metadata TEXT NOT NULL,
    edited_at INTEGER NOT NULL,
    PRIMARY KEY (namespace_id, group_name, service_name, ip, port)
  );
  `,
  // 11: gray (beta, tag) versions of configs beside the stable ones (nacos's config_info_gray), at most one
  // per config and gray name; history entries say whether they changed the stable config or a gray version
  `
  CREATE TABLE config_gray (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    data_id TEXT NOT NULL,
    gray_name TEXT NOT NULL,
    gray_rule TEXT NOT NULL,
    content TEXT NOT NULL,
    md5 TEXT NOT NULL,
    encrypted_data_key TEXT,
    config_type TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    app_name TEXT NOT NULL DEFAULT '',
    config_tags TEXT NOT NULL DEFAULT '',
    src_user TEXT NOT NULL DEFAULT '',
    src_ip TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    modified_at INTEGER NOT NULL,
    UNIQUE (namespace_id, group_name, data_id, gray_name)
  );
  ALTER TABLE config_history ADD COLUMN publish_type TEXT NOT NULL DEFAULT 'formal';
  ALTER TABLE config_history ADD COLUMN gray_name TEXT NOT NULL DEFAULT '';
  `,
  // 12: the audit trail: every write and login, append-only. Retention deletes only the oldest rows, so
  // the rowid (one past the highest) never comes back: no AUTOINCREMENT bookkeeping on every write
  `
  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    time INTEGER NOT NULL,
    username TEXT NOT NULL,
    door TEXT NOT NULL,
    client_ip TEXT NOT NULL,
    action TEXT NOT NULL,
    namespace_id TEXT NOT NULL,
    target TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT NOT NULL
  );
  CREATE INDEX audit_log_by_time ON audit_log (time);
  `,
  // 13: the nacos 3 AI registry's MCP servers, each kept whole (all its versions) as a JSON document
  `
  CREATE TABLE ai_mcp_server (
    id TEXT PRIMARY KEY,
    namespace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    doc TEXT NOT NULL,
    UNIQUE (namespace_id, name)
  );
  `,
  // 14: the nacos 3.1 AI registry's agents (A2A), each kept whole (all its card versions) as a JSON document
  `
  CREATE TABLE ai_agent (
    id TEXT PRIMARY KEY,
    namespace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    doc TEXT NOT NULL,
    UNIQUE (namespace_id, name)
  );
  `,
];
