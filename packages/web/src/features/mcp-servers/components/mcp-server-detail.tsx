import { Button, Descriptions, Popconfirm, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.js';
import { DetailDescriptions } from '../../../components/detail-descriptions.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { notify } from '../../../lib/notify.js';
import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { useMcpServer } from '../api/get-mcp-server.js';
import { usePublishMcpServer } from '../api/publish-mcp-server.js';
import { hasUnpublishedDraft } from '../lib/server-state.js';
import { McpEndpoints } from './mcp-endpoints.js';
import { McpHistoryTable } from './mcp-history-table.js';
import { McpServerDrawer } from './mcp-server-drawer.js';
import { ServerStatus } from './mcp-server-table.js';
import { McpToolTryPanel } from './mcp-tool-try-panel.js';
import { McpToolsTable } from './mcp-tools-table.js';

/** One MCP server: its keys and endpoints, served and draft tools, history, and a panel to try a tool. */
export function McpServerDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { canUpdateMcpServer } = useConsoleState();
  const { namespaceId } = useSelectedNamespace();
  const query = useMcpServer(id);
  const publish = usePublishMcpServer();
  const [editing, setEditing] = useState(false);
  const server = query.data;
  const back = (
    <Link to={`${paths.mcpServers}?namespaceId=${encodeURIComponent(server?.namespace ?? namespaceId)}`}>
      <Button>{t('mcpserver.back')}</Button>
    </Link>
  );

  return (
    <div className="page">
      <PageHeader
        title={`${t('mcpserver.detail_title')}${server ? `: ${server.name}` : ''}`}
        extra={
          <Space wrap>
            {back}
            {canUpdateMcpServer && server && <Button onClick={() => setEditing(true)}>{t('common.edit')}</Button>}
            {canUpdateMcpServer && server && hasUnpublishedDraft(server) && (
              <Popconfirm
                title={t('mcpserver.publish_confirm', { name: server.name })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() =>
                  publish.mutate({ id }, { onSuccess: () => notify.success(t('mcpserver.publish_success')) })
                }
              >
                <Button type="primary" loading={publish.isPending}>
                  {t('mcpserver.publish')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      <PageBody>
        {!server ? (
          <Skeleton active loading={query.isLoading} />
        ) : (
          <>
            <DetailDescriptions column={2} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('common.namespace')}>{server.namespace || 'public'}</Descriptions.Item>
              <Descriptions.Item label={t('mcpserver.unique_key')}>{server.uniqueKey}</Descriptions.Item>
              <Descriptions.Item label={t('mcpserver.status')}>
                <ServerStatus server={server} />
              </Descriptions.Item>
              <Descriptions.Item label={t('mcpserver.served_version')}>
                <span data-testid="served-version">{server.releaseValue?.version ?? '-'}</span>
                {server.currentValue && hasUnpublishedDraft(server) && (
                  <Tag style={{ marginLeft: 8 }} data-testid="draft-version">
                    {t('mcpserver.draft_version')}: {server.currentValue.version}
                  </Tag>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('mcpserver.created_time')}>
                {formatDateTime(server.createTime)}
              </Descriptions.Item>
              <Descriptions.Item label={t('mcpserver.last_modified')}>
                {formatDateTime(server.lastModifiedMillis)}
              </Descriptions.Item>
              <Descriptions.Item label={t('mcpserver.description')} span="filled">
                {server.description}
              </Descriptions.Item>
              <Descriptions.Item label={t('mcpserver.auth_keys')} span="filled">
                {server.authKeysHidden ? (
                  <Typography.Text type="secondary">{t('mcpserver.auth_keys_hidden')}</Typography.Text>
                ) : (
                  server.authKeys.map((key) => (
                    <Typography.Text key={key} code copyable style={{ marginRight: 12 }}>
                      {key}
                    </Typography.Text>
                  ))
                )}
              </Descriptions.Item>
            </DetailDescriptions>
            <Typography.Title level={5}>{t('mcpserver.endpoints')}</Typography.Title>
            <McpEndpoints server={server} />
            <Tabs
              style={{ marginTop: 16 }}
              items={[
                {
                  key: 'served',
                  label: t('mcpserver.tab_served'),
                  children: <McpToolsTable tools={server.releaseValue?.tools ?? []} />,
                },
                ...(hasUnpublishedDraft(server)
                  ? [
                      {
                        key: 'draft',
                        label: t('mcpserver.tab_draft'),
                        children: <McpToolsTable tools={server.currentValue?.tools ?? []} />,
                      },
                    ]
                  : []),
                {
                  key: 'history',
                  label: t('mcpserver.tab_history'),
                  children: <McpHistoryTable server={server} canUpdate={canUpdateMcpServer} />,
                },
                ...(canUpdateMcpServer
                  ? [{ key: 'try', label: t('mcpserver.tab_try'), children: <McpToolTryPanel server={server} /> }]
                  : []),
              ]}
            />
          </>
        )}
      </PageBody>
      {editing && server && (
        <McpServerDrawer server={server} namespaceId={server.namespace} onClose={() => setEditing(false)} />
      )}
    </div>
  );
}
