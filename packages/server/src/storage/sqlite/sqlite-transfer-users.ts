import type { User } from '../../core/auth/user-model.js';
import type { SqliteDatabase } from './database.js';
import { toUser, userParams } from './sqlite-user-store.js';

/** Console users for transfer: read all, upsert many (inside the caller's transaction). */
export class TransferUserRows {
  private readonly selectAll;
  private readonly upsert;

  constructor(db: SqliteDatabase) {
    this.selectAll = db.prepare('SELECT * FROM users ORDER BY username');
    this.upsert = db.prepare(`
      INSERT INTO users (username, nickname, password_hash, enabled, roles, extend_info, namespace_privilege, source,
        created_at, modified_at)
      VALUES (@username, @nickname, @passwordHash, @enabled, @roles, @extendInfo, @privilege, @source, @createdAt,
        @modifiedAt)
      ON CONFLICT (username) DO UPDATE SET nickname = excluded.nickname, password_hash = excluded.password_hash,
        enabled = excluded.enabled, roles = excluded.roles, extend_info = excluded.extend_info,
        namespace_privilege = excluded.namespace_privilege, source = excluded.source,
        created_at = excluded.created_at, modified_at = excluded.modified_at`);
  }

  all(): User[] {
    return (this.selectAll.all() as Array<Record<string, unknown>>).map(toUser);
  }

  put(user: User): void {
    this.upsert.run(userParams(user));
  }
}
