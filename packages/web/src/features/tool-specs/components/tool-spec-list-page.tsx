import { DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ToolSpecDto } from '@tsnacos/protocol';
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
import { useToolSpecs } from '../api/get-tool-specs.js';
import { useRemoveToolSpec } from '../api/remove-tool-spec.js';
import { toolSpecDownloadUrl } from '../api/tool-spec-files.js';
import { ToolSpecBatchModal } from './tool-spec-batch-modal.js';
import { ToolSpecDrawer, type ToolSpecDrawerState } from './tool-spec-drawer.js';
import { ToolSpecImportModal } from './tool-spec-import-modal.js';
import { ToolSpecTable } from './tool-spec-table.js';

const PAGE_SIZE = 20;

type Dialog = { kind: 'drawer'; state: ToolSpecDrawerState } | { kind: 'batch' } | { kind: 'import' };

/** Tool specs of a namespace, filtered by group and tool name (both in the URL). */
export function ToolSpecListPage() {
  const { t } = useTranslation();
  const { canUpdateToolSpec } = useConsoleState();
  const { namespaceId, namespace, list, select, ready } = useSelectedNamespace();
  const { get, update } = useUrlState();
  const { pageNo, pageSize, setPage } = useUrlPaging(PAGE_SIZE);
  const groupFilter = get('group');
  const toolNameFilter = get('toolName');
  const filters = { namespaceId, groupFilter, toolNameFilter };
  const query = useToolSpecs({ ...filters, pageNo, pageSize }, ready);
  const remove = useRemoveToolSpec();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [selected, setSelected] = useState<ToolSpecDto[]>([]);
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();
  const page = query.isError ? undefined : query.data;

  return (
    <div className="page">
      <PageHeader
        title={t('toolspec.list_title')}
        extra={<NamespaceSelector value={namespaceId} list={list} onChange={(ns) => idle(() => select(ns))} />}
      />
      <PageBody>
        <FilterBar
          fields={[
            { key: 'group', label: t('toolspec.group_placeholder'), value: groupFilter },
            { key: 'toolName', label: t('toolspec.tool_name_placeholder'), value: toolNameFilter },
          ]}
          onQuery={(v) =>
            idle(() => {
              if (v.group === groupFilter && v.toolName === toolNameFilter && pageNo === 1) void query.refetch();
              else update({ group: v.group || null, toolName: v.toolName || null, page: null });
            })
          }
          actions={
            <>
              {canUpdateToolSpec && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setDialog({ kind: 'drawer', state: { mode: 'create', spec: null } })}
                >
                  {t('common.new')}
                </Button>
              )}
              {canUpdateToolSpec && (
                <Button icon={<EditOutlined />} onClick={() => setDialog({ kind: 'batch' })}>
                  {t('toolspec.batch_update')}
                </Button>
              )}
              {canUpdateToolSpec && (
                <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import' })}>
                  {t('toolspec.import')}
                </Button>
              )}
              <Button icon={<DownloadOutlined />} onClick={() => openDownload(toolSpecDownloadUrl(filters))}>
                {t('toolspec.download')}
              </Button>
            </>
          }
        />
        <ToolSpecTable
          rows={page?.list ?? []}
          total={page?.totalCount ?? 0}
          loading={query.isFetching}
          pageNo={pageNo}
          pageSize={pageSize}
          namespaceId={namespaceId}
          canUpdate={canUpdateToolSpec}
          selected={selected}
          onSelect={setSelected}
          onPage={(p, s) => idle(() => setPage(p, s))}
          onEdit={(spec) => setDialog({ kind: 'drawer', state: { mode: 'update', spec } })}
          onDelete={(row) =>
            remove.mutate(
              { namespace: namespaceId, group: row.group, toolName: row.toolName },
              { onSuccess: () => notify.success(t('common.delete_success')) },
            )
          }
        />
      </PageBody>
      {dialog?.kind === 'drawer' && (
        <ToolSpecDrawer state={dialog.state} namespaceId={namespaceId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'batch' && (
        <ToolSpecBatchModal
          specs={selected}
          onClose={() => {
            setDialog(null);
            setSelected([]);
          }}
        />
      )}
      {dialog?.kind === 'import' && <ToolSpecImportModal namespace={namespace} onClose={() => setDialog(null)} />}
    </div>
  );
}
