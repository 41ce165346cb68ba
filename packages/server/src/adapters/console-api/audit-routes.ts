import type { AuditRecord, PageResult } from '@tsnacos/protocol';
import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../../core/audit/audit-log.js';
import { auditExport, type AuditExportFormat } from './audit-export.js';
import { auditFilterOf, auditPageOf } from './audit-query.js';
import { requireConsoleAdmin } from './console-auth.js';
import { namespaced, NO_NAMESPACES } from './console-namespaces.js';
import { API } from './console-paths.js';
import { ConsoleError, ok } from './envelope.js';

/** Admins only, whatever namespaces they may touch: the trail is about the whole server. */
const ADMIN_ONLY = { preHandler: requireConsoleAdmin, ...namespaced(NO_NAMESPACES) };

/** `GET /v2/audit/list` (paged, filtered) and `GET /v2/audit/export` (CSV or JSON lines, bounded). */
export function registerAuditRoutes(app: FastifyInstance, audit: AuditLog): void {
  app.get(`${API}/v2/audit/list`, ADMIN_ONLY, async (req) => {
    const query = req.query as Record<string, unknown>;
    const filter = auditFilterOf(query);
    const { offset, limit } = auditPageOf(query);
    const page = await audit.list(filter, offset, limit);
    const result: PageResult<AuditRecord> = { totalCount: page.total, list: page.items };
    return ok(result);
  });

  app.get(`${API}/v2/audit/export`, ADMIN_ONLY, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const format = formatOf(query.format);
    const filter = auditFilterOf(query);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-${stamp}.${format}"`)
      .send(auditExport(audit, filter, format));
  });
}

function formatOf(value: unknown): AuditExportFormat {
  if (value === undefined || value === '' || value === 'csv') return 'csv';
  if (value === 'jsonl') return 'jsonl';
  throw new ConsoleError('PARAM_ERROR', `format must be csv or jsonl, got ${JSON.stringify(value)}`);
}
