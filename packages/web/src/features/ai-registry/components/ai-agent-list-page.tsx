import type { AiAgentRow } from '@tsnacos/protocol';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { hrefs } from '../../../app/paths.js';
import { useAiAgents } from '../api/get-ai-agents.js';
import { useRemoveAiAgent } from '../api/remove-ai-agent.js';
import { registryTime } from '../lib/registry-time.js';
import { RegistryListLayout, useRegistryList } from './registry-list-layout.js';

/** The A2A agents clients registered in a namespace, filtered by part of the name (`filter`), both in the URL. */
export function AiAgentListPage() {
  const { t } = useTranslation();
  const list = useRegistryList();
  const query = useAiAgents(list.params, list.ready);
  const remove = useRemoveAiAgent();
  const { namespaceId } = list.params;

  const columns: ColumnsType<AiAgentRow> = [
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
  ];

  return (
    <RegistryListLayout<AiAgentRow>
      kind="agent"
      title={t('airegistry.agent_list_title')}
      filterLabel={t('airegistry.agent_name_placeholder')}
      list={list}
      query={query}
      rowKey="name"
      columns={columns}
      detailHref={(row) => hrefs.aiAgent(namespaceId, row.name)}
      deleteConfirm={(row) => t('airegistry.delete_agent_confirm', { name: row.name })}
      onDelete={(row, done) => remove.mutate({ namespaceId, name: row.name }, { onSuccess: done })}
    />
  );
}
