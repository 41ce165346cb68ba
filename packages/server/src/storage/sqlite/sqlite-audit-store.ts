import type { AuditFilter, AuditPage, NewAuditEntry } from '../../core/audit/audit-model.js';
import type { AuditStore } from '../../core/audit/audit-store.js';
import { AUDIT_COLUMNS, AUDIT_INSERT_COLUMNS, auditValues, auditWhere, toAuditEntry } from '../audit-rows.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

/** Writes one audit row inside the caller's transaction (the config store's writes use it too). */
export function auditInserter(db: SqliteDatabase): (entry: NewAuditEntry) => void {
  const insert = db.prepare(`INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  return (entry) => insert.run(...auditValues(entry));
}

export class SqliteAuditStore implements AuditStore {
  private readonly insert;
  private readonly deleteOld;

  constructor(private readonly db: SqliteDatabase) {
    this.insert = auditInserter(db);
    this.deleteOld = db.prepare(
      'DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE time < ? ORDER BY time LIMIT ?)',
    );
  }

  async append(entries: NewAuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // one write of the group commit: it shares the transaction and the fdatasync of the writes around it
    await groupCommitOf(this.db).run(() => entries.forEach(this.insert));
  }

  async list(filter: AuditFilter, offset: number, limit: number): Promise<AuditPage> {
    const where = auditWhere(filter, () => '?');
    const total = this.db.prepare(`SELECT COUNT(*) AS n FROM audit_log ${where.sql}`).get(...where.args) as Row;
    const rows = this.db
      .prepare(`SELECT ${AUDIT_COLUMNS} FROM audit_log ${where.sql} ORDER BY id DESC LIMIT ? OFFSET ?`)
      .all(...where.args, limit, offset) as Row[];
    return { total: Number(total.n), items: rows.map(toAuditEntry) };
  }

  async deleteBefore(before: number, limit: number): Promise<number> {
    return groupCommitOf(this.db).run(() => this.deleteOld.run(before, limit).changes);
  }
}
