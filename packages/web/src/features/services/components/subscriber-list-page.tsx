import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { NamespaceSelector } from '../../../components/namespace-selector.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { PAGE_SIZES } from '../../../lib/constants.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { useUrlPaging, usePager } from '../../../lib/paging.js';
import { useUrlState } from '../../../lib/url-state.js';
import { useSubscribers, type Subscriber } from '../api/get-subscribers.js';
import { ServiceFilterBar } from './service-filter-bar.js';

/** Subscribers of one service (query groupName, serviceName, namespaceId). */
export function SubscriberListPage() {
  const { t } = useTranslation();
  const pager = usePager();
  const { namespaceId, list, select, ready } = useSelectedNamespace();
  const { get } = useUrlState();
  const { pageNo, pageSize, setPage } = useUrlPaging(PAGE_SIZES[0]);
  const serviceName = get('serviceName');
  const groupName = get('groupName');
  const query = useSubscribers({ namespaceId, serviceName, groupName, pageNo, pageSize }, ready);
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();
  const page = query.isError ? undefined : query.data;

  const columns: ColumnsType<Subscriber> = [
    { title: t('service.name'), dataIndex: 'serviceName', key: 'serviceName' },
    { title: t('service.group'), dataIndex: 'groupName', key: 'groupName' },
    { title: t('service.ip'), dataIndex: 'ip', key: 'ip' },
    { title: t('service.port'), dataIndex: 'port', key: 'port' },
    {
      title: t('service.subscriber_type'),
      dataIndex: 'type',
      key: 'type',
      render: (type?: Subscriber['type']) => (type ? t(`service.subscriber_type_${type}`) : ''),
    },
    { title: t('service.agent'), dataIndex: 'agent', key: 'agent', ellipsis: true },
    { title: t('service.app'), dataIndex: 'app', key: 'app' },
  ];
  return (
    <div className="page">
      <PageHeader
        title={t('service.subscriber_title')}
        extra={<NamespaceSelector value={namespaceId} list={list} onChange={(ns) => idle(() => select(ns))} />}
      />
      <PageBody>
        <ServiceFilterBar
          serviceName={serviceName}
          groupName={groupName}
          pageNo={pageNo}
          idle={idle}
          refetch={() => void query.refetch()}
        />
        <Table<Subscriber>
          rowKey={(r) => `${r.groupName}@@${r.serviceName}@@${r.ip}:${r.port}`}
          size="middle"
          columns={columns}
          dataSource={page?.subscribers ?? []}
          loading={query.isFetching}
          scroll={{ x: 600 }}
          pagination={pager({
            current: pageNo,
            pageSize,
            total: page?.count ?? 0,
            onChange: (p, s) => idle(() => setPage(p, s)),
          })}
        />
      </PageBody>
    </div>
  );
}
