import { AUDIT_DOORS, AUDIT_OUTCOMES, type AuditDoorName, type AuditOutcomeName } from '@tsnacos/protocol';
import { useTranslation } from 'react-i18next';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { openDownload } from '../../../lib/download.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useUrlPaging } from '../../../lib/paging.js';
import { useUrlState } from '../../../lib/url-state.js';
import { auditExportUrl } from '../api/audit-export-url.js';
import { useAuditLog } from '../api/get-audit-log.js';
import type { AuditFilters } from '../api/keys.js';
import { AuditFilterBar } from './audit-filter-bar.js';
import { AuditTable } from './audit-table.js';

const AUDIT_PAGE_SIZE = 20;

/** The audit trail (admins only): who wrote what and who logged in, through which door, newest first. */
export function AuditPage() {
  const { t } = useTranslation();
  const { get, update } = useUrlState();
  const { pageNo, pageSize, setPage } = useUrlPaging(AUDIT_PAGE_SIZE);
  const filters = filtersOf(get);
  const query = useAuditLog({ ...filters, pageNo, pageSize });
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();
  const page = query.isError ? undefined : query.data;
  return (
    <div className="page">
      <PageHeader title={t('audit.title')} />
      <PageBody>
        <AuditFilterBar
          filters={filters}
          onQuery={(next) =>
            idle(() =>
              JSON.stringify(next) === JSON.stringify(filters) && pageNo === 1
                ? void query.refetch()
                : update({
                    user: next.username || null,
                    action: next.action || null,
                    ns: next.namespaceId ?? null,
                    door: next.door ?? null,
                    outcome: next.outcome ?? null,
                    from: next.from ?? null,
                    to: next.to ?? null,
                    page: null,
                  }),
            )
          }
          onExport={(format) => openDownload(auditExportUrl(filters, format))}
        />
        <AuditTable
          rows={page?.list ?? []}
          total={page?.totalCount ?? 0}
          loading={query.isFetching}
          pageNo={pageNo}
          pageSize={pageSize}
          onPage={(p, s) => idle(() => setPage(p, s))}
        />
      </PageBody>
    </div>
  );
}

/** The filters the URL holds; a value the server would refuse is left out. */
function filtersOf(get: (key: string, fallback?: string) => string): AuditFilters {
  const door = get('door') as AuditDoorName;
  const outcome = get('outcome') as AuditOutcomeName;
  const time = (key: string) => {
    const n = Number(get(key));
    return get(key) !== '' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
  };
  const namespaceId = get('ns', '\u0000');
  return {
    username: get('user') || undefined,
    action: get('action') || undefined,
    // "" is the default namespace: only a missing parameter means any
    namespaceId: namespaceId === '\u0000' ? undefined : namespaceId,
    door: AUDIT_DOORS.includes(door) ? door : undefined,
    outcome: AUDIT_OUTCOMES.includes(outcome) ? outcome : undefined,
    from: time('from'),
    to: time('to'),
  };
}
