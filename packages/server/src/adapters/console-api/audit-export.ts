import { Readable } from 'node:stream';
import { AUDIT_EXPORT_MAX_ROWS } from '@tsnacos/protocol';
import type { AuditLog } from '../../core/audit/audit-log.js';
import type { AuditEntry, AuditFilter } from '../../core/audit/audit-model.js';

export type AuditExportFormat = 'csv' | 'jsonl';

const PAGE = 1000;
const COLUMNS: (keyof AuditEntry)[] = [
  'id',
  'time',
  'username',
  'door',
  'clientIp',
  'action',
  'namespaceId',
  'target',
  'outcome',
  'reason',
];

/**
 * The matching rows, newest first, at most `AUDIT_EXPORT_MAX_ROWS`, as a stream read a page at a time (each
 * page below the last id seen, so rows written meanwhile neither repeat nor shift the pages).
 */
export function auditExport(audit: AuditLog, filter: AuditFilter, format: AuditExportFormat): Readable {
  async function* lines(): AsyncGenerator<string> {
    if (format === 'csv') yield `${COLUMNS.join(',')},timeIso\n`;
    let beforeId: number | undefined;
    let sent = 0;
    while (sent < AUDIT_EXPORT_MAX_ROWS) {
      const limit = Math.min(PAGE, AUDIT_EXPORT_MAX_ROWS - sent);
      const page = await audit.list({ ...filter, beforeId }, 0, limit);
      if (page.items.length === 0) return;
      yield page.items.map((e) => (format === 'csv' ? csvLine(e) : `${JSON.stringify(e)}\n`)).join('');
      sent += page.items.length;
      beforeId = page.items[page.items.length - 1].id;
      if (page.items.length < limit) return;
    }
  }
  return Readable.from(lines());
}

function csvLine(e: AuditEntry): string {
  return `${[...COLUMNS.map((c) => csvField(String(e[c]))), new Date(e.time).toISOString()].join(',')}\n`;
}

/** Quoted when it must be; a leading formula character is defused, so a spreadsheet shows it as text. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
