import type { AuditQuery } from '@tsnacos/protocol';

/** The filters of the audit screen, as the URL holds them (the page and size besides). */
export type AuditFilters = Pick<AuditQuery, 'username' | 'action' | 'namespaceId' | 'door' | 'outcome' | 'from' | 'to'>;
export type AuditListParams = AuditFilters & Required<Pick<AuditQuery, 'pageNo' | 'pageSize'>>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (p: AuditListParams) => ['audit', 'list', p] as const,
};
