import type { AiMcpServerRow } from '@tsnacos/protocol';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { hrefs } from '../../../app/paths.js';
import { useAiMcpServers } from '../api/get-ai-mcp-servers.js';
import { useRemoveAiMcpServer } from '../api/remove-ai-mcp-server.js';
import { registryTime } from '../lib/registry-time.js';
import { RegistryListLayout, useRegistryList } from './registry-list-layout.js';

/** The MCP servers clients registered in a namespace, filtered by part of the name (`filter`), both in the URL. */
export function AiMcpListPage() {
  const { t } = useTranslation();
  const list = useRegistryList();
  const query = useAiMcpServers(list.params, list.ready);
  const remove = useRemoveAiMcpServer();
  const { namespaceId } = list.params;

  const columns: ColumnsType<AiMcpServerRow> = [
    {
      title: t('airegistry.protocol'),
      dataIndex: 'protocol',
      key: 'protocol',
      width: 140,
      render: (protocol: string) => <Tag>{protocol}</Tag>,
    },
    { title: t('airegistry.latest_version'), dataIndex: 'latestVersion', key: 'latestVersion', width: 130 },
    { title: t('airegistry.version_count'), dataIndex: 'versionCount', key: 'versionCount', width: 90 },
    { title: t('airegistry.tool_count'), dataIndex: 'toolCount', key: 'toolCount', width: 80 },
    {
      title: t('airegistry.enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 100,
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{t('airegistry.enabled')}</Tag> : <Tag>{t('airegistry.disabled')}</Tag>,
    },
    {
      title: t('airegistry.release_date'),
      dataIndex: 'releaseDate',
      key: 'releaseDate',
      width: 180,
      render: registryTime,
    },
  ];

  return (
    <RegistryListLayout<AiMcpServerRow>
      kind="mcp"
      title={t('airegistry.mcp_list_title')}
      filterLabel={t('airegistry.mcp_name_placeholder')}
      list={list}
      query={query}
      rowKey="id"
      columns={columns}
      detailHref={(row) => hrefs.aiMcpServer(namespaceId, row.id)}
      deleteConfirm={(row) => t('airegistry.delete_server_confirm', { name: row.name })}
      onDelete={(row, done) => remove.mutate({ namespaceId, id: row.id, name: row.name }, { onSuccess: done })}
    />
  );
}
