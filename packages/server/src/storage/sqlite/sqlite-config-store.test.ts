import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { openDatabase, type SqliteDatabase } from './database.js';
import { NEXT_REVISION } from './sqlite-config-store.js';

let opened: { db: SqliteDatabase; dir: string } | undefined;

afterEach(() => {
  opened?.db.close();
  if (opened) rmSync(opened.dir, { recursive: true, force: true });
  opened = undefined;
});

describe('SQLite config store', () => {
  it('finds the next revision of a write in an index, not by reading every stored config', () => {
    const dir = tempDataDir();
    const db = openDatabase(dir);
    opened = { db, dir };
    // every publish computes this: a scan would make each write cost more the more configs are stored
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT ${NEXT_REVISION}`).all() as Array<{ detail: string }>;
    const details = plan.map((row) => row.detail);
    expect(details.some((d) => /USING (COVERING )?INDEX config_by_revision/.test(d))).toBe(true);
  });
});
