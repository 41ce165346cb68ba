import type { AuditFilter, AuditPage, NewAuditEntry } from '../../core/audit/audit-model.js';
import type { AuditStore } from '../../core/audit/audit-store.js';
import { AUDIT_COLUMNS, AUDIT_INSERT_COLUMNS, auditValues, auditWhere, toAuditEntry } from '../audit-rows.js';
import type { PgDatabase, Row } from './pg-database.js';

type Queryable = Pick<PgDatabase['pool'], 'query'>;

const COLUMNS_PER_ROW = 9;

/** Inserts audit rows in one statement (inside a caller's transaction, or on its own). */
export async function insertAuditRows(client: Queryable, entries: NewAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const tuples = entries.map((_, i) => {
    const base = i * COLUMNS_PER_ROW;
    return `(${Array.from({ length: COLUMNS_PER_ROW }, (_, c) => `$${base + c + 1}`).join(', ')})`;
  });
  await client.query(
    `INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS}) VALUES ${tuples.join(', ')}`,
    entries.flatMap(auditValues),
  );
}

/** The audit trail in PostgreSQL: one table for every node of a cluster. */
export class PgAuditStore implements AuditStore {
  constructor(private readonly db: PgDatabase) {}

  async append(entries: NewAuditEntry[]): Promise<void> {
    // PostgreSQL caps a statement at 65535 parameters
    for (let i = 0; i < entries.length; i += 1000) await insertAuditRows(this.db.pool, entries.slice(i, i + 1000));
  }

  async list(filter: AuditFilter, offset: number, limit: number): Promise<AuditPage> {
    const where = auditWhere(filter, (n) => `$${n}`);
    const n = where.args.length;
    const total = await this.db.pool.query<Row>(`SELECT COUNT(*) AS n FROM audit_log ${where.sql}`, where.args);
    const { rows } = await this.db.pool.query<Row>(
      `SELECT ${AUDIT_COLUMNS} FROM audit_log ${where.sql} ORDER BY id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.args, limit, offset],
    );
    return { total: Number(total.rows[0].n), items: rows.map(toAuditEntry) };
  }

  async deleteBefore(before: number, limit: number): Promise<number> {
    const { rowCount } = await this.db.pool.query(
      'DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE time < $1 ORDER BY time LIMIT $2)',
      [before, limit],
    );
    return rowCount ?? 0;
  }
}
