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
