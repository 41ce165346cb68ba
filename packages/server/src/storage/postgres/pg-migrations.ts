/**
 * Schema versions of the PostgreSQL store, applied in order and recorded in `schema_version`. The tables
 * and columns are those of the SQLite store (times in ms), plus what only a cluster needs. Never edit a
 * released entry: add a new one.
 */
export const PG_MIGRATIONS: string[] = [
  // 1: everything the SQLite store holds
  `
  CREATE TABLE config (
    id BIGSERIAL PRIMARY KEY,
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
    created_at BIGINT NOT NULL,
    modified_at BIGINT NOT NULL,
    UNIQUE (namespace_id, group_name, data_id)
  );
  CREATE TABLE config_history (
    id BIGSERIAL PRIMARY KEY,
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
    created_at BIGINT NOT NULL
  );
  CREATE INDEX config_history_by_key ON config_history (namespace_id, group_name, data_id, id);
  CREATE TABLE namespace (
    namespace_id TEXT PRIMARY KEY,
    namespace_name TEXT NOT NULL,
    namespace_desc TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
  );
  CREATE TABLE naming_service (
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    service_name TEXT NOT NULL,
    protect_threshold DOUBLE PRECISION NOT NULL DEFAULT 0,
    metadata TEXT NOT NULL DEFAULT '{}',
    selector TEXT NOT NULL DEFAULT '{"type":"none"}',
    created_at BIGINT NOT NULL,
    modified_at BIGINT NOT NULL,
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
    weight DOUBLE PRECISION NOT NULL,
    healthy INTEGER NOT NULL,
    enabled INTEGER NOT NULL,
    metadata TEXT NOT NULL DEFAULT '{}',
    app_name TEXT NOT NULL DEFAULT '',
    registered_at BIGINT NOT NULL,
    modified_at BIGINT NOT NULL,
    PRIMARY KEY (namespace_id, group_name, service_name, cluster_name, ip, port)
  );
  CREATE TABLE users (
    username TEXT PRIMARY KEY,
    nickname TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    roles TEXT NOT NULL,
    extend_info TEXT NOT NULL DEFAULT '{}',
    namespace_privilege TEXT NOT NULL,
    source TEXT,
    created_at BIGINT NOT NULL,
    modified_at BIGINT NOT NULL
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    username TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  );
  CREATE INDEX sessions_by_expiry ON sessions (expires_at);
  `,
  // 2: cluster membership (leases on the database's clock) and each node's ephemeral instances
  `
  CREATE TABLE cluster_node (
    node_id BIGINT PRIMARY KEY,
    addr TEXT NOT NULL,
    lease_until BIGINT NOT NULL,
    joined_at BIGINT NOT NULL
  );
  CREATE TABLE ephemeral_instance (
    node_id BIGINT NOT NULL,
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    service_name TEXT NOT NULL,
    cluster_name TEXT NOT NULL,
    ip TEXT NOT NULL,
    port INTEGER NOT NULL,
    instance TEXT NOT NULL,
    PRIMARY KEY (node_id, namespace_id, group_name, service_name, cluster_name, ip, port)
  );
  CREATE INDEX ephemeral_instance_by_service ON ephemeral_instance (namespace_id, group_name, service_name);
  `,
  // 3: node identity (each process's own incarnation in its lease) and evicted nodes kept, listed DOWN
  `
  ALTER TABLE cluster_node ADD COLUMN incarnation TEXT NOT NULL DEFAULT '';
  ALTER TABLE cluster_node ADD COLUMN evicted BOOLEAN NOT NULL DEFAULT FALSE;
  `,
  // 4: each config row carries the revision of the write that made it, from one sequence: per key, a later
  // commit has a higher revision (writes of a key are serialized), so memory never takes an older one
  `
  CREATE SEQUENCE IF NOT EXISTS config_revision;
  ALTER TABLE config ADD COLUMN IF NOT EXISTS revision BIGINT NOT NULL DEFAULT nextval('config_revision');
  `,
  // 5: the MCP service: tool specs and MCP servers, each kept whole as JSON, and their id sequences
  `
  CREATE TABLE mcp_tool_spec (
    namespace TEXT NOT NULL,
    group_name TEXT NOT NULL,
    tool_name TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (namespace, group_name, tool_name)
  );
  CREATE TABLE mcp_server (
    id BIGINT PRIMARY KEY,
    unique_key TEXT NOT NULL UNIQUE,
    doc TEXT NOT NULL
  );
  CREATE TABLE mcp_sequence (
    name TEXT PRIMARY KEY,
    value BIGINT NOT NULL
  );
  `,
  // 6: the data key of an encrypted config (nacos's encryptedDataKey) beside its content and in each history
  // entry; NULL for a plain config
  `
  ALTER TABLE config ADD COLUMN IF NOT EXISTS encrypted_data_key TEXT DEFAULT NULL;
  ALTER TABLE config_history ADD COLUMN IF NOT EXISTS encrypted_data_key TEXT DEFAULT NULL;
  `,
  // 7: metadata an operator edited on an ephemeral instance, kept for its next registrations
  `
  CREATE TABLE naming_instance_metadata (
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    service_name TEXT NOT NULL,
    ip TEXT NOT NULL,
    port INTEGER NOT NULL,
    cluster_name TEXT NOT NULL,
    metadata TEXT NOT NULL,
    edited_at BIGINT NOT NULL,
    PRIMARY KEY (namespace_id, group_name, service_name, ip, port)
  );
  `,
  // 8: gray (beta, tag) versions of configs beside the stable ones (nacos's config_info_gray), at most one
  // per config and gray name; history entries say whether they changed the stable config or a gray version
  `
  CREATE TABLE config_gray (
    id BIGSERIAL PRIMARY KEY,
    namespace_id TEXT NOT NULL,
    group_name TEXT NOT NULL,
    data_id TEXT NOT NULL,
    gray_name TEXT NOT NULL,
    gray_rule TEXT NOT NULL,
    content TEXT NOT NULL,
    md5 TEXT NOT NULL,
    encrypted_data_key TEXT DEFAULT NULL,
    config_type TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    app_name TEXT NOT NULL DEFAULT '',
    config_tags TEXT NOT NULL DEFAULT '',
    src_user TEXT NOT NULL DEFAULT '',
    src_ip TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    modified_at BIGINT NOT NULL,
    UNIQUE (namespace_id, group_name, data_id, gray_name)
  );
  ALTER TABLE config_history ADD COLUMN IF NOT EXISTS publish_type TEXT NOT NULL DEFAULT 'formal';
  ALTER TABLE config_history ADD COLUMN IF NOT EXISTS gray_name TEXT NOT NULL DEFAULT '';
  `,
  // 9: the audit trail: every write and login, append-only (retention deletes the oldest rows)
  `
  CREATE TABLE IF NOT EXISTS audit_log (
    id BIGSERIAL PRIMARY KEY,
    time BIGINT NOT NULL,
    username TEXT NOT NULL,
    door TEXT NOT NULL,
    client_ip TEXT NOT NULL,
    action TEXT NOT NULL,
    namespace_id TEXT NOT NULL,
    target TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS audit_log_by_time ON audit_log (time);
  `,
  // 10: the nacos 3 AI registry's MCP servers, each kept whole (all its versions) as a JSON document
  `
  CREATE TABLE IF NOT EXISTS ai_mcp_server (
    id TEXT PRIMARY KEY,
    namespace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    doc TEXT NOT NULL,
    UNIQUE (namespace_id, name)
  );
  `,
  // 11: the nacos 3.1 AI registry's agents (A2A), each kept whole (all its card versions) as a JSON document
  `
  CREATE TABLE IF NOT EXISTS ai_agent (
    id TEXT PRIMARY KEY,
    namespace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    doc TEXT NOT NULL,
    UNIQUE (namespace_id, name)
  );
  `,
  // 12: the key cluster nodes sign their calls to each other with (one row, set by the first node to start)
  `
  CREATE TABLE IF NOT EXISTS cluster_peer_key (
    id SMALLINT PRIMARY KEY CHECK (id = 1),
    peer_key TEXT NOT NULL
  );
  `,
  // 13: one owner per ephemeral instance: two nodes writing one instance at once no longer both keep a row
  // (the second waits for the first to commit, then fails and takes the row over). Rows two nodes hold of
  // one instance already are kept by one of them; no write comes in between.
  `
  LOCK TABLE ephemeral_instance IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM ephemeral_instance a USING ephemeral_instance b
  WHERE a.namespace_id = b.namespace_id AND a.group_name = b.group_name AND a.service_name = b.service_name
    AND a.cluster_name = b.cluster_name AND a.ip = b.ip AND a.port = b.port AND a.node_id < b.node_id;
  CREATE UNIQUE INDEX IF NOT EXISTS ephemeral_instance_one_owner
    ON ephemeral_instance (namespace_id, group_name, service_name, cluster_name, ip, port);
  `,
];
