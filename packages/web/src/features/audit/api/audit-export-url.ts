import { apiUrl } from '../../../lib/api-client.js';
import type { AuditFilters } from './keys.js';

/** The export of the rows the filters select (newest first, bounded by the server), as CSV or JSON lines. */
export const auditExportUrl = (filters: AuditFilters, format: 'csv' | 'jsonl') =>
  apiUrl('/v2/audit/export', { ...filters, format });
