import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const OPERATIONS = new URL('../../../docs/operations.md', import.meta.url);
const POSTGRES_STORE = new URL('../src/storage/postgres/', import.meta.url);

/** Every table and sequence the PostgreSQL store's source creates (migrations, and `schema_version`). */
function createdByTheStore(): string[] {
  const sources = readdirSync(POSTGRES_STORE)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => readFileSync(new URL(name, POSTGRES_STORE), 'utf8'));
  const names = sources.flatMap((text) =>
    [...text.matchAll(/CREATE (?:TABLE|SEQUENCE) (?:IF NOT EXISTS )?(\w+)/g)].map((m) => m[1]),
  );
  return [...new Set(names)].sort();
}

/** The names in the paragraph of "Backup and restore" that lists the tables a restore needs. */
function documentedTables(): string[] {
  const text = readFileSync(OPERATIONS, 'utf8');
  const section = /^### Backup and restore\n([\s\S]*?)(?=^#{2,3} )/m.exec(text)?.[1] ?? '';
  const paragraph = /^The tables tsnacos creates[\s\S]*?(?=\n\n)/m.exec(section)?.[0] ?? '';
  const names = [...paragraph.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((name) => name !== 'search_path');
  return [...new Set(names)].sort();
}

describe('docs/operations.md "Backup and restore"', () => {
  it('names every table and sequence the PostgreSQL store creates, and nothing else', () => {
    const created = createdByTheStore();
    expect(created).toContain('schema_version');
    expect(created).toContain('mcp_sequence');
    expect(documentedTables()).toEqual(created);
  });
});
