import type { AiAgentRow } from '@tsnacos/protocol';
import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefs } from '../../../app/paths.js';
import { DeleteButton } from '../../../components/delete-button.js';
import { FilterBar } from '../../../components/filter-bar.js';
import { NamespaceSelector } from '../../../components/namespace-selector.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { notify } from '../../../lib/notify.js';
import { usePager, useUrlPaging } from '../../../lib/paging.js';
import { useUrlState } from '../../../lib/url-state.js';
import { useAiAgents } from '../api/get-ai-agents.js';
import { useRemoveAiAgent } from '../api/remove-ai-agent.js';
import { registryTime } from '../lib/registry-time.js';
import { RegisteredTitle, RegistryNotice } from './registry-notice.js';

const PAGE_SIZE = 20;

/** The A2A agents clients registered in a namespace, filtered by part of the name (`filter`), both in the URL. */
export function AiAgentListPage() {
  const { t } = useTranslation();
  const pager = usePager();
  const { canUpdateAiRegistry } = useConsoleState();
  const { namespaceId, list, select, ready } = useSelectedNamespace();
  const { get, update } = useUrlState();
  const { pageNo, pageSize, setPage } = useUrlPaging(PAGE_SIZE);
  const nameFilter = get('filter');
  const query = useAiAgents({ namespaceId, nameFilter, pageNo, pageSize }, ready);
  const remove = useRemoveAiAgent();
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();
  const page = query.isError ? undefined : query.data;

  const columns: ColumnsType<AiAgentRow> = [
    {
      title: t('airegistry.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <Link to={hrefs.aiAgent(namespaceId, name)}>{name}</Link>,
    },
    { title: t('airegistry.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: t('airegistry.latest_version'),
      dataIndex: 'latestVersion',
      key: 'latestVersion',
      width: 130,
      render: (latest: string) => latest || <Tag>{t('airegistry.no_latest')}</Tag>,
    },
    { title: t('airegistry.version_count'), dataIndex: 'versionCount', key: 'versionCount', width: 90 },
    {
      title: t('airegistry.registration_type'),
      dataIndex: 'registrationType',
      key: 'registrationType',
      width: 120,
      render: (type: string) => <Tag color={type === 'SERVICE' ? 'geekblue' : undefined}>{type}</Tag>,
    },
    { title: t('airegistry.protocol_version'), dataIndex: 'protocolVersion', key: 'protocolVersion', width: 120 },
    { title: t('airegistry.skill_count'), dataIndex: 'skillCount', key: 'skillCount', width: 80 },
    { title: t('airegistry.updated_at'), dataIndex: 'updatedAt', key: 'updatedAt', width: 180, render: registryTime },
    {
      title: t('common.operation'),
      key: 'operation',
      width: 150,
      render: (_, row) => (
        <Space size={0} wrap>
          <Link to={hrefs.aiAgent(namespaceId, row.name)}>
            <Button type="link" size="small">
              {t('common.detail')}
            </Button>
          </Link>
          {canUpdateAiRegistry && (
            <DeleteButton
              confirm={t('airegistry.delete_agent_confirm', { name: row.name })}
              onConfirm={() =>
                remove.mutate(
                  { namespaceId, name: row.name },
                  { onSuccess: () => notify.success(t('common.delete_success')) },
                )
              }
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={<RegisteredTitle>{t('airegistry.agent_list_title')}</RegisteredTitle>}
        extra={<NamespaceSelector value={namespaceId} list={list} onChange={(ns) => idle(() => select(ns))} />}
      />
      <PageBody>
        <RegistryNotice kind="agent" />
        <FilterBar
          fields={[{ key: 'filter', label: t('airegistry.agent_name_placeholder'), value: nameFilter }]}
          onQuery={(v) =>
            idle(() => {
              if (v.filter === nameFilter && pageNo === 1) void query.refetch();
              else update({ filter: v.filter || null, page: null });
            })
          }
        />
        <Table<AiAgentRow>
          rowKey="name"
          size="middle"
          columns={columns}
          dataSource={page?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 1100 }}
          pagination={pager({
            current: pageNo,
            pageSize,
            total: page?.totalCount ?? 0,
            onChange: (p, s) => idle(() => setPage(p, s)),
          })}
        />
      </PageBody>
    </div>
  );
}
