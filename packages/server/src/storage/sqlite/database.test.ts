import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from './database.js';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('openDatabase', () => {
  it('creates the data directory and the store readable by this user only', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tsnacos-perm-')), 'nested', 'nacos_db');
    const db = openDatabase(dataDir);
    db.exec('CREATE TABLE probe (x)');
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, DATABASE_FILE))).toBe(0o600);
    expect(mode(path.join(dataDir, `${DATABASE_FILE}-wal`))).toBe(0o600);
    db.close();
  });
});
