import { describe, expect, it } from 'vitest';
import { PG_MIGRATIONS } from './pg-migrations.js';

/** The statements of one migration, comments dropped. */
const statementsOf = (sql: string) =>
  sql
    .replace(/--.*$/gm, '')
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

const ADDITIVE = [
  /^CREATE (UNIQUE )?INDEX /i,
  /^CREATE TABLE /i,
  /^CREATE SEQUENCE /i,
  // a new column an older node's INSERTs leave out must fill itself
  /^ALTER TABLE \w+ ADD COLUMN (IF NOT EXISTS )?\w+ [\w ]+? DEFAULT .+$/i,
  // ephemeral rows are each node's copy of its memory: one of two rows of an instance may go (a node that
  // loses its row adopts that), with writes held meanwhile
  /^LOCK TABLE ephemeral_instance IN SHARE ROW EXCLUSIVE MODE$/i,
  /^DELETE FROM ephemeral_instance a USING ephemeral_instance b WHERE .+ AND a\.node_id < b\.node_id$/i,
];

describe('PostgreSQL migrations', () => {
  it('only add (tables, indexes, sequences, columns with defaults), so older nodes keep working beside a newer one', () => {
    const offending = PG_MIGRATIONS.slice(1).flatMap((sql, i) =>
      statementsOf(sql)
        .filter((statement) => !ADDITIVE.some((pattern) => pattern.test(statement)))
        .map((statement) => `migration ${i + 2}: ${statement}`),
    );
    expect(offending, 'a migration that changes or removes what older nodes use needs a new upgrade procedure').toEqual(
      [],
    );
  });
});
