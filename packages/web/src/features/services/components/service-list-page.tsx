import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NamespaceSelector } from '../../../components/namespace-selector.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { SERVICE_PAGE_SIZE } from '../../../lib/constants.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { notify } from '../../../lib/notify.js';
import { useUrlPaging } from '../../../lib/paging.js';
import { useUrlState } from '../../../lib/url-state.js';
import { useServices } from '../api/get-services.js';
import { useRemoveService } from '../api/remove-service.js';
import { ServiceDrawer, type ServiceDrawerState } from './service-drawer.js';
import { ServiceTable } from './service-table.js';
import { ServiceFilterBar } from './service-filter-bar.js';

export function ServiceListPage() {
  const { t } = useTranslation();
  const { canUpdateService } = useConsoleState();
  const { namespaceId, list, select, ready } = useSelectedNamespace();
  const { get } = useUrlState();
  const { pageNo, pageSize, setPage } = useUrlPaging(SERVICE_PAGE_SIZE);
  const serviceName = get('serviceName');
  const groupName = get('groupName');
  const query = useServices(
    { namespaceId, serviceNameParam: serviceName, groupNameParam: groupName, pageNo, pageSize },
    ready,
  );
  const remove = useRemoveService();
  const [drawer, setDrawer] = useState<ServiceDrawerState | null>(null);
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();

  const page = query.isError ? undefined : query.data;
  return (
    <div className="page">
      <PageHeader
        title={t('service.list_title')}
        extra={<NamespaceSelector value={namespaceId} list={list} onChange={(ns) => idle(() => select(ns))} />}
      />
      <PageBody>
        <ServiceFilterBar
          serviceName={serviceName}
          groupName={groupName}
          pageNo={pageNo}
          idle={idle}
          refetch={() => void query.refetch()}
          actions={
            canUpdateService && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ mode: 'create', row: null })}>
                {t('common.new')}
              </Button>
            )
          }
        />
        <ServiceTable
          rows={page?.list ?? []}
          total={page?.totalCount ?? 0}
          loading={query.isFetching}
          pageNo={pageNo}
          pageSize={pageSize}
          namespaceId={namespaceId}
          canUpdate={canUpdateService}
          onPage={(p, s) => idle(() => setPage(p, s))}
          onDetail={(row) => setDrawer({ mode: 'detail', row })}
          onEdit={(row) => setDrawer({ mode: 'update', row })}
          onDelete={(row) =>
            remove.mutate(
              { namespaceId, groupName: row.groupName, serviceName: row.name },
              { onSuccess: () => notify.success(t('common.delete_success')) },
            )
          }
        />
      </PageBody>
      {drawer && <ServiceDrawer state={drawer} namespaceId={namespaceId} onClose={() => setDrawer(null)} />}
    </div>
  );
}
