import type { User } from '../../core/auth/user-model.js';
import type { UserChange, UserStore } from '../../core/auth/user-store.js';
import { toUser, userParams } from '../sqlite/sqlite-user-store.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';
import type pg from 'pg';

const UPSERT = `INSERT INTO users (username, nickname, password_hash, enabled, roles, extend_info, namespace_privilege,
    source, created_at, modified_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
  ON CONFLICT (username) DO UPDATE SET nickname = excluded.nickname, password_hash = excluded.password_hash,
    enabled = excluded.enabled, roles = excluded.roles, extend_info = excluded.extend_info,
    namespace_privilege = excluded.namespace_privilege, source = excluded.source,
    modified_at = excluded.modified_at`;

function paramsOf(user: User): unknown[] {
  const p = userParams(user);
  return [
    p.username,
    p.nickname,
    p.passwordHash,
    p.enabled,
    p.roles,
    p.extendInfo,
    p.privilege,
    p.source,
    p.createdAt,
    p.modifiedAt,
  ];
}

export async function upsertUser(client: pg.PoolClient, user: User): Promise<void> {
  await client.query<Row>(UPSERT, paramsOf(user));
}

/** The advisory lock every user write holds: user writes of all nodes take turns (users are few). */
const USER_WRITES: [number, number] = [7_480_015, 0];

export class PgUserStore implements UserStore {
  constructor(private readonly db: PgDatabase) {}

  async loadAll(): Promise<User[]> {
    const { rows } = await this.db.pool.query<Row>('SELECT * FROM users ORDER BY username');
    return rows.map(toUser);
  }

  async change<T>(decide: (stored: ReadonlyMap<string, User>) => UserChange<T>): Promise<T> {
    return inTransaction(this.db, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', USER_WRITES);
      const { rows } = await client.query<Row>('SELECT * FROM users');
      const { save, remove, result } = decide(new Map(rows.map((r) => [String(r.username), toUser(r)])));
      if (save) await upsertUser(client, save);
      if (remove !== undefined) await client.query<Row>('DELETE FROM users WHERE username = $1', [remove]);
      if (save || remove !== undefined) await notifyChange(client, this.db, { kind: 'users' });
      return result;
    });
  }
}
