import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditRecord, PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { auditKeys, type AuditListParams } from './keys.js';

const getAuditLog = (p: AuditListParams) => apiGet<PageResult<AuditRecord>>('/v2/audit/list', { ...p });

export function useAuditLog(params: AuditListParams) {
  return useQuery({
    queryKey: auditKeys.list(params),
    queryFn: () => getAuditLog(params),
    placeholderData: keepPreviousData,
  });
}
