import type Database from 'better-sqlite3';
import { openSqlite } from '../sqlite/native-driver.js';

/** The SQLite layout of r-nacos's `data-to-sqlite` / `sqlite-to-data` converters, column for column. */
const SCHEMA = `
create table if not exists tb_config(
  id integer primary key autoincrement, data_id text, group_id text, tenant_id text, content text,
  config_type text, config_desc text, last_time long
);
create index if not exists tb_config_key_idx on tb_config(data_id,group_id,tenant_id);
create table if not exists tb_config_history(
  id integer primary key autoincrement, data_id text, group_id text, tenant_id text, content text,
  config_type text, config_desc text, op_user text, last_time long
);
create index if not exists tb_config_history_key_idx on tb_config_history(data_id,group_id,tenant_id);
create table if not exists tb_tenant(
  id integer primary key autoincrement, tenant_id text, tenant_name text, tenant_desc text, create_flag integer
);
create table if not exists tb_user(
  id integer primary key autoincrement, username text, nickname text, password_hash text, gmt_create integer,
  gmt_modified integer, enabled text, roles text, extend_info text
);
`;

const REQUIRED_COLUMNS: Record<string, string[]> = {
  tb_config: ['data_id', 'group_id', 'tenant_id', 'content', 'config_type', 'config_desc', 'last_time'],
  tb_config_history: ['data_id', 'group_id', 'tenant_id', 'content', 'op_user', 'last_time'],
  tb_tenant: ['tenant_id', 'tenant_name'],
  tb_user: ['username', 'nickname', 'password_hash', 'gmt_create', 'gmt_modified', 'enabled', 'roles', 'extend_info'],
};

export interface ConfigRow {
  data_id: string | null;
  group_id: string | null;
  tenant_id: string | null;
  content: string | null;
  config_type: string | null;
  config_desc: string | null;
  last_time: number | null;
}

export interface HistoryRow {
  content: string | null;
  op_user: string | null;
  last_time: number | null;
}

export interface TenantRow {
  tenant_id: string | null;
  tenant_name: string | null;
}

export interface UserRow {
  username: string | null;
  nickname: string | null;
  password_hash: string | null;
  gmt_create: number | null;
  gmt_modified: number | null;
  enabled: string | null;
  roles: string | null;
  extend_info: string | null;
}

export type NewConfigRow = Omit<ConfigRow, never>;
export type NewHistoryRow = HistoryRow & Pick<ConfigRow, 'data_id' | 'group_id' | 'tenant_id'>;

/** An r-nacos converter database; the only SQL of the converters' SQLite side. */
export class RnacosSqliteDb {
  private constructor(readonly db: Database.Database) {}

  /** Opens (creating when asked) and checks that the tables have the converter's columns. */
  static open(file: string, mode: { create: boolean }): RnacosSqliteDb {
    let db: Database.Database;
    try {
      db = openSqlite(file, { fileMustExist: !mode.create, readonly: !mode.create });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new Error(
        `cannot open SQLite database ${file}: ${/unable to open/i.test(message) ? 'no such file' : message}`,
        {
          cause: err,
        },
      );
    }
    try {
      // A tsnacos store records its schema version; the converter layout never does.
      if ((db.pragma('user_version', { simple: true }) as number) > 0) {
        throw new Error(`${file} is a tsnacos store, not a converter database (use tsnacos import / export for it)`);
      }
      if (mode.create) db.exec(SCHEMA);
      checkSchema(db, file);
    } catch (err) {
      db.close();
      if (err instanceof Error && /file is not a database/i.test(err.message)) {
        throw new Error(`${file} is not a SQLite database`, { cause: err });
      }
      throw err;
    }
    return new RnacosSqliteDb(db);
  }

  close(): void {
    this.db.close();
  }

  count(table: 'tb_config' | 'tb_tenant' | 'tb_user'): number {
    return Number((this.db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
  }

  /** All configs in row order, fetched in pages (the connection stays free for the history lookups). */
  *configs(): Generator<ConfigRow> {
    const page = this.db.prepare(
      `select id, data_id, group_id, tenant_id, content, config_type, config_desc, last_time from tb_config
       where id > ? order by id limit 500`,
    );
    for (let after = -1; ;) {
      const rows = page.all(after) as Array<ConfigRow & { id: number }>;
      if (rows.length === 0) return;
      for (const { id: _id, ...row } of rows) yield row;
      after = rows[rows.length - 1].id;
    }
  }

  /** History rows of one config, in row order (the order they were written). */
  histories(config: ConfigRow): HistoryRow[] {
    return this.db
      .prepare(
        `select content, op_user, last_time from tb_config_history
         where data_id is ? and group_id is ? and tenant_id is ? order by id`,
      )
      .all(config.data_id, config.group_id, config.tenant_id) as HistoryRow[];
  }

  tenants(): TenantRow[] {
    return this.db.prepare('select tenant_id, tenant_name from tb_tenant').all() as TenantRow[];
  }

  users(): UserRow[] {
    return this.db
      .prepare(
        'select username, nickname, password_hash, gmt_create, gmt_modified, enabled, roles, extend_info from tb_user',
      )
      .all() as UserRow[];
  }

  inserter() {
    const config = this.db
      .prepare(`insert into tb_config (data_id, group_id, tenant_id, content, config_type, config_desc, last_time)
      values (@data_id, @group_id, @tenant_id, @content, @config_type, @config_desc, @last_time)`);
    const history = this.db
      .prepare(`insert into tb_config_history (data_id, group_id, tenant_id, content, op_user, last_time)
      values (@data_id, @group_id, @tenant_id, @content, @op_user, @last_time)`);
    const tenant = this.db.prepare('insert into tb_tenant (tenant_id, tenant_name) values (@tenant_id, @tenant_name)');
    const user = this.db
      .prepare(`insert into tb_user (username, nickname, password_hash, gmt_create, gmt_modified, enabled, roles, extend_info)
      values (@username, @nickname, @password_hash, @gmt_create, @gmt_modified, @enabled, @roles, @extend_info)`);
    return {
      config: (row: NewConfigRow) => config.run(row),
      history: (row: NewHistoryRow) => history.run(row),
      tenant: (row: TenantRow) => tenant.run(row),
      user: (row: UserRow) => user.run(row),
    };
  }
}

function checkSchema(db: Database.Database, file: string): void {
  for (const [table, columns] of Object.entries(REQUIRED_COLUMNS)) {
    const present = new Set(
      (db.prepare(`pragma table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name),
    );
    if (present.size === 0)
      throw new Error(`wrong schema: ${file} has no table ${table} (not an r-nacos converter database)`);
    const missing = columns.filter((c) => !present.has(c));
    if (missing.length) throw new Error(`wrong schema: table ${table} in ${file} lacks column ${missing.join(', ')}`);
  }
}
