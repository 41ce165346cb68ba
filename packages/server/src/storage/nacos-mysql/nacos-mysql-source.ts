import type { Connection, RowDataPacket } from 'mysql2/promise';
import { describeMysqlError, isMysqlError, parseMysqlUri } from './mysql-connection.js';

export interface NacosConfigRow {
  id: number;
  dataId: string;
  groupId: string;
  tenantId: string;
  content: string;
  type: string | null;
  desc: string | null;
  /** gmt_modified, epoch ms. */
  modifiedAt: number;
}

export interface NacosHistoryDbRow {
  opType: string;
  content: string;
  time: number;
  srcUser: string;
}

export interface NacosUserRow {
  username: string;
  password: string;
  enabled: boolean;
}

const PAGE_SIZE = 100;
/** One more than the history kept: the oldest kept update needs the row after it. */
const HISTORY_ROWS = 101;

/** Read-only access to a nacos MySQL/MariaDB database (the tables of nacos's own schema). */
export class NacosMysqlSource {
  private hasPublishType = false;
  private hasRoles = false;

  private constructor(
    private readonly connection: Connection,
    readonly target: string,
    readonly database: string,
  ) {}

  static async connect(uri: string): Promise<NacosMysqlSource> {
    const options = parseMysqlUri(uri);
    const target = `${options.host}:${options.port}`;
    const mysql = await import('mysql2/promise');
    try {
      const connection = await mysql.createConnection({
        ...options,
        connectTimeout: 10_000,
        supportBigNumbers: true,
        bigNumberStrings: false,
      });
      const source = new NacosMysqlSource(connection, target, options.database);
      try {
        await source.checkSchema(options.database);
      } catch (err) {
        await source.close();
        throw err;
      }
      return source;
    } catch (err) {
      throw isMysqlError(err) ? new Error(describeMysqlError(err, target, options.database)) : err;
    }
  }

  async close(): Promise<void> {
    await this.connection.end().catch(() => undefined);
  }

  /** Every required table and column exists; gray releases (newer nacos) are recognised. */
  private async checkSchema(database: string): Promise<void> {
    const [rows] = await this.connection.query<RowDataPacket[]>(
      'SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = ?',
      [database],
    );
    const columns = new Set(rows.map((r) => `${String(r.t).toLowerCase()}.${String(r.c).toLowerCase()}`));
    for (const required of [
      'config_info.data_id',
      'config_info.content',
      'config_info.gmt_modified',
      'his_config_info.nid',
      'his_config_info.op_type',
      'tenant_info.tenant_id',
      'users.username',
      'users.password',
    ]) {
      if (!columns.has(required)) {
        const [table] = required.split('.');
        const hasTable = [...columns].some((c) => c.startsWith(`${table}.`));
        throw new Error(
          `wrong schema: database ${database} has no ${hasTable ? `column ${required}` : `table ${table}`} (is it a nacos database?)`,
        );
      }
    }
    this.hasPublishType = columns.has('his_config_info.publish_type');
    this.hasRoles = columns.has('roles.role');
  }

  async countConfigs(): Promise<number> {
    const [rows] = await this.connection.query<RowDataPacket[]>('SELECT COUNT(*) AS n FROM config_info');
    return Number(rows[0].n);
  }

  /** All configs, paged by id. */
  async *configs(): AsyncGenerator<NacosConfigRow> {
    for (let after = -1; ;) {
      const [rows] = await this.connection.query<RowDataPacket[]>(
        `SELECT id, data_id, group_id, tenant_id, content, type, c_desc, UNIX_TIMESTAMP(gmt_modified) AS modified
         FROM config_info WHERE id > ? ORDER BY id LIMIT ${PAGE_SIZE}`,
        [after],
      );
      if (rows.length === 0) return;
      for (const r of rows) {
        yield {
          id: Number(r.id),
          dataId: String(r.data_id),
          groupId: String(r.group_id ?? ''),
          tenantId: String(r.tenant_id ?? ''),
          content: String(r.content ?? ''),
          type: r.type == null ? null : String(r.type),
          desc: r.c_desc == null ? null : String(r.c_desc),
          modifiedAt: Math.round(Number(r.modified ?? 0) * 1000),
        };
      }
      after = Number(rows[rows.length - 1].id);
    }
  }

  /** The newest history rows of one config, oldest first. */
  async history(config: NacosConfigRow): Promise<NacosHistoryDbRow[]> {
    const formalOnly = this.hasPublishType
      ? "AND (publish_type IS NULL OR publish_type = '' OR publish_type = 'formal')"
      : '';
    const [rows] = await this.connection.query<RowDataPacket[]>(
      `SELECT op_type, content, src_user, UNIX_TIMESTAMP(COALESCE(gmt_modified, gmt_create)) AS changed
       FROM his_config_info WHERE data_id = ? AND group_id = ? AND tenant_id = ? ${formalOnly}
       ORDER BY nid DESC LIMIT ${HISTORY_ROWS}`,
      [config.dataId, config.groupId, config.tenantId],
    );
    return rows
      .map((r) => ({
        opType: String(r.op_type ?? ''),
        content: String(r.content ?? ''),
        time: Math.round(Number(r.changed ?? 0) * 1000),
        srcUser: String(r.src_user ?? ''),
      }))
      .reverse();
  }

  async tenants(): Promise<Array<{ tenantId: string; tenantName: string }>> {
    const [rows] = await this.connection.query<RowDataPacket[]>(
      'SELECT tenant_id, tenant_name FROM tenant_info ORDER BY id',
    );
    return rows.map((r) => ({ tenantId: String(r.tenant_id ?? ''), tenantName: String(r.tenant_name ?? '') }));
  }

  async users(): Promise<NacosUserRow[]> {
    const [rows] = await this.connection.query<RowDataPacket[]>(
      'SELECT username, password, enabled FROM users ORDER BY username',
    );
    return rows.map((r) => ({
      username: String(r.username),
      password: String(r.password ?? ''),
      enabled: Boolean(Number(r.enabled)),
    }));
  }

  /** username -> nacos role names (empty when the roles table is absent). */
  async roles(): Promise<Map<string, string[]>> {
    const byUser = new Map<string, string[]>();
    if (!this.hasRoles) return byUser;
    const [rows] = await this.connection.query<RowDataPacket[]>('SELECT username, role FROM roles');
    for (const r of rows) {
      const list = byUser.get(String(r.username)) ?? [];
      list.push(String(r.role));
      byUser.set(String(r.username), list);
    }
    return byUser;
  }
}
