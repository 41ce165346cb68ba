import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { McpServerDto } from '@tsnacos/protocol';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.js';
import { NamespaceSelector } from '../../../components/namespace-selector.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { openDownload } from '../../../lib/download.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { notify } from '../../../lib/notify.js';
import { useUrlPaging } from '../../../lib/paging.js';
import { useUrlState } from '../../../lib/url-state.js';
import { HostedServersNote } from '../../ai-registry/components/registry-notice.js';
import { useMcpServers } from '../api/get-mcp-servers.js';
import { mcpServerDownloadUrl } from '../api/mcp-server-files.js';
import { usePublishMcpServer } from '../api/publish-mcp-server.js';
import { useRemoveMcpServer } from '../api/remove-mcp-server.js';
import { McpServerDrawer } from './mcp-server-drawer.js';
import { McpServerImportModal } from './mcp-server-import-modal.js';
import { McpServerTable } from './mcp-server-table.js';

const PAGE_SIZE = 20;

type Dialog = { kind: 'drawer'; server: McpServerDto | null } | { kind: 'import' };

/** The MCP servers of a namespace, filtered by name (in the URL). */
export function McpServerListPage() {
  const { t } = useTranslation();
  const { canUpdateMcpServer } = useConsoleState();
  const { namespaceId, namespace, list, select, ready } = useSelectedNamespace();
  const { get, update } = useUrlState();
  const { pageNo, pageSize, setPage } = useUrlPaging(PAGE_SIZE);
  const nameFilter = get('name');
  const query = useMcpServers({ namespaceId, nameFilter, pageNo, pageSize }, ready);
  const remove = useRemoveMcpServer();
  const publish = usePublishMcpServer();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();
  const page = query.isError ? undefined : query.data;

  return (
    <div className="page">
      <PageHeader
        title={t('mcpserver.list_title')}
        extra={<NamespaceSelector value={namespaceId} list={list} onChange={(ns) => idle(() => select(ns))} />}
      />
      <PageBody>
        <HostedServersNote namespaceId={namespaceId} />
        <FilterBar
          fields={[{ key: 'name', label: t('mcpserver.name_placeholder'), value: nameFilter }]}
          onQuery={(v) =>
            idle(() => {
              if (v.name === nameFilter && pageNo === 1) void query.refetch();
              else update({ name: v.name || null, page: null });
            })
          }
          actions={
            <>
              {canUpdateMcpServer && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setDialog({ kind: 'drawer', server: null })}
                >
                  {t('common.new')}
                </Button>
              )}
              {canUpdateMcpServer && (
                <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import' })}>
                  {t('mcpserver.import')}
                </Button>
              )}
              <Button
                icon={<DownloadOutlined />}
                onClick={() => openDownload(mcpServerDownloadUrl({ namespaceId, nameFilter }))}
              >
                {t('mcpserver.download')}
              </Button>
            </>
          }
        />
        <McpServerTable
          rows={page?.list ?? []}
          total={page?.totalCount ?? 0}
          loading={query.isFetching}
          pageNo={pageNo}
          pageSize={pageSize}
          namespaceId={namespaceId}
          canUpdate={canUpdateMcpServer}
          onPage={(p, s) => idle(() => setPage(p, s))}
          onEdit={(server) => setDialog({ kind: 'drawer', server })}
          onPublish={(row) =>
            publish.mutate({ id: row.id }, { onSuccess: () => notify.success(t('mcpserver.publish_success')) })
          }
          onDelete={(row) => remove.mutate(row.id, { onSuccess: () => notify.success(t('common.delete_success')) })}
        />
      </PageBody>
      {dialog?.kind === 'drawer' && (
        <McpServerDrawer server={dialog.server} namespaceId={namespaceId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && <McpServerImportModal namespace={namespace} onClose={() => setDialog(null)} />}
    </div>
  );
}
