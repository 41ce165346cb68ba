import type { AiMcpEndpointDto, AiMcpServerDetail, AiMcpToolDto } from '@tsnacos/protocol';
import { Descriptions, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hrefs, paths } from '../../../app/paths.js';
import { DetailDescriptions } from '../../../components/detail-descriptions.js';
import { useAiMcpServer } from '../api/get-ai-mcp-server.js';
import { useRemoveAiMcpServer } from '../api/remove-ai-mcp-server.js';
import { registryTime } from '../lib/registry-time.js';
import { RegistryDetailLayout } from './registry-detail-layout.js';
import { ShownVersion } from './registry-versions.js';

export interface AiMcpDetailPageProps {
  namespaceId: string;
  id: string;
  /** "" for the latest. */
  version: string;
}

function EndpointTable({ rows, testId }: { rows: AiMcpEndpointDto[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Table<AiMcpEndpointDto>
        size="small"
        rowKey={(e) => `${e.protocol ?? ''} ${e.address}:${e.port}${e.path ?? ''}`}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('airegistry.no_endpoints') }}
        columns={[
          { title: t('airegistry.protocol'), dataIndex: 'protocol', key: 'protocol', width: 140 },
          { title: t('airegistry.address'), dataIndex: 'address', key: 'address' },
          { title: t('airegistry.port'), dataIndex: 'port', key: 'port', width: 100 },
          { title: t('airegistry.path'), dataIndex: 'path', key: 'path' },
        ]}
      />
    </div>
  );
}

function Endpoints({ server }: { server: AiMcpServerDetail }) {
  const { t } = useTranslation();
  if (server.protocol === 'stdio') {
    return <Typography.Paragraph type="secondary">{t('airegistry.stdio_no_endpoints')}</Typography.Paragraph>;
  }
  return (
    <>
      <Typography.Title level={5}>{t('airegistry.backend_endpoints')}</Typography.Title>
      <EndpointTable rows={server.backendEndpoints} testId="backend-endpoints" />
      {server.frontendEndpoints.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('airegistry.frontend_endpoints')}
          </Typography.Title>
          <EndpointTable rows={server.frontendEndpoints} testId="frontend-endpoints" />
        </>
      )}
    </>
  );
}

function ToolTable({ tools }: { tools: AiMcpToolDto[] }) {
  const { t } = useTranslation();
  return (
    <Table<AiMcpToolDto>
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={tools}
      locale={{ emptyText: t('airegistry.no_tools') }}
      expandable={{
        expandedRowRender: (tool) => (
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(tool.inputSchema, null, 2)}</pre>
        ),
      }}
      columns={[
        { title: t('airegistry.tool_name'), dataIndex: 'name', key: 'name', width: 220 },
        { title: t('airegistry.description'), dataIndex: 'description', key: 'description' },
        {
          title: t('airegistry.enabled'),
          dataIndex: 'enabled',
          key: 'enabled',
          width: 110,
          render: (enabled: boolean) =>
            enabled ? <Tag color="green">{t('airegistry.enabled')}</Tag> : <Tag>{t('airegistry.disabled')}</Tag>,
        },
      ]}
    />
  );
}

/** One version of a registered MCP server: what it is, where it is reached, its tools, versions and spec. */
export function AiMcpDetailPage({ namespaceId, id, version }: AiMcpDetailPageProps) {
  const { t } = useTranslation();
  const query = useAiMcpServer({ namespaceId, id, version });
  const remove = useRemoveAiMcpServer();
  const server = query.data;

  return (
    <RegistryDetailLayout
      title={`${t('airegistry.mcp_detail_title')}${server ? `: ${server.name}` : ''}`}
      listPath={paths.aiMcpServers}
      namespaceId={namespaceId}
      entry={server}
      error={query.error}
      deleteConfirm={(s) => t('airegistry.delete_server_confirm', { name: s.name })}
      onDelete={(s, done) => remove.mutate({ namespaceId, id: s.id, name: s.name }, { onSuccess: done })}
      deleting={remove.isPending}
      tab={(server) => ({
        key: 'tools',
        label: t('airegistry.tools'),
        count: server.tools.length,
        children: <ToolTable tools={server.tools} />,
      })}
      versionColumns={[
        { title: t('airegistry.release_date'), dataIndex: 'releaseDate', key: 'releaseDate', render: registryTime },
      ]}
      versionHref={(server, row) => hrefs.aiMcpServer(namespaceId, server.id, row.latest ? undefined : row.version)}
      document={{
        key: 'spec',
        label: t('airegistry.document'),
        help: t('airegistry.document_help'),
        value: (server) => server.document,
      }}
    >
      {(server) => (
        <>
          <DetailDescriptions column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('common.namespace')}>{server.namespaceId}</Descriptions.Item>
            <Descriptions.Item label="ID">
              <Typography.Text copyable>{server.id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('airegistry.version')}>
              <ShownVersion version={server.version} latestVersion={server.latestVersion} />
            </Descriptions.Item>
            <Descriptions.Item label={t('airegistry.latest_version')}>{server.latestVersion}</Descriptions.Item>
            <Descriptions.Item label={t('airegistry.protocol')}>
              <Tag>{server.protocol}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('airegistry.front_protocol')}>{server.frontProtocol ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('airegistry.enabled')}>
              {server.enabled ? t('common.yes') : t('common.no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('airegistry.capabilities')}>
              {server.capabilities.length > 0 ? server.capabilities.map((c) => <Tag key={c}>{c}</Tag>) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('airegistry.service_ref')} span="filled">
              {server.serviceRef
                ? `${server.serviceRef.namespaceId} / ${server.serviceRef.groupName} / ${server.serviceRef.serviceName}`
                : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('airegistry.description')} span="filled">
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{server.description}</Typography.Text>
            </Descriptions.Item>
          </DetailDescriptions>
          <Endpoints server={server} />
        </>
      )}
    </RegistryDetailLayout>
  );
}
