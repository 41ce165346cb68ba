import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.js';
import { NamespaceSelector } from '../../../components/namespace-selector.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { CONFIG_PAGE_SIZE } from '../../../lib/constants.js';
import { openDownload } from '../../../lib/download.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { notify } from '../../../lib/notify.js';
import { useUrlPaging } from '../../../lib/paging.js';
import { useUrlState } from '../../../lib/url-state.js';
import { exportConfigsUrl, exportSelectedConfigs } from '../api/export-configs.js';
import { useConfigs, type ConfigRow } from '../api/get-configs.js';
import type { ConfigKey } from '../api/keys.js';
import { useRemoveConfig } from '../api/remove-config.js';
import { ConfigCloneModal } from './config-clone-modal.js';
import { ConfigEditorDrawer, type ConfigEditorState } from './config-editor-drawer.js';
import { ConfigImportModal } from './config-import-modal.js';
import { ConfigTable, configRowKey } from './config-table.js';
import { ConfigToolbar } from './config-toolbar.js';

type Dialog = 'import' | 'clone' | null;

export function ConfigListPage() {
  const { t } = useTranslation();
  const { canUpdateConfig } = useConsoleState();
  const { namespaceId, namespace, list, select, ready } = useSelectedNamespace();
  const { get, update } = useUrlState();
  const { pageNo, pageSize, setPage } = useUrlPaging(CONFIG_PAGE_SIZE);
  const dataId = get('dataId');
  const group = get('group');
  const query = useConfigs({ tenant: namespaceId, dataParam: dataId, groupParam: group, pageNo, pageSize }, ready);
  const remove = useRemoveConfig();
  const [editor, setEditor] = useState<ConfigEditorState | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();
  const page = query.isError ? undefined : query.data;
  const rows = page?.list ?? [];
  const keyOf = (row: ConfigRow): ConfigKey => ({ tenant: namespaceId, group: row.group, dataId: row.dataId });
  const selectedKeys = rows.filter((r) => selected.includes(configRowKey(r))).map(keyOf);

  return (
    <div className="page">
      <PageHeader
        title={t('config.list_title')}
        extra={
          <NamespaceSelector
            value={namespaceId}
            list={list}
            onChange={(ns) =>
              idle(() => {
                setSelected([]);
                select(ns);
              })
            }
          />
        }
      />
      <PageBody>
        <FilterBar
          fields={[
            { key: 'dataId', label: t('config.data_id_placeholder'), value: dataId },
            { key: 'group', label: t('config.group_placeholder'), value: group },
          ]}
          onQuery={(v) =>
            idle(() => {
              if (v.dataId === dataId && v.group === group && pageNo === 1) void query.refetch();
              else update({ dataId: v.dataId || null, group: v.group || null, page: null });
            })
          }
          actions={
            <ConfigToolbar
              canUpdate={canUpdateConfig}
              selectedCount={selectedKeys.length}
              onCreate={() => setEditor({ mode: 'create', key: null })}
              onImport={() => setDialog('import')}
              onExport={() =>
                openDownload(exportConfigsUrl({ tenant: namespaceId, groupParam: group, dataParam: dataId }))
              }
              onExportSelected={() => void exportSelectedConfigs(selectedKeys).catch(() => undefined)}
              onClone={() => setDialog('clone')}
            />
          }
        />
        <ConfigTable
          rows={rows}
          total={page?.totalCount ?? 0}
          loading={query.isFetching}
          pageNo={pageNo}
          pageSize={pageSize}
          namespaceId={namespaceId}
          canUpdate={canUpdateConfig}
          selected={selected}
          onSelect={setSelected}
          onPage={(p, s) => idle(() => setPage(p, s))}
          onDetail={(row) => setEditor({ mode: 'detail', key: keyOf(row) })}
          onEdit={(row) => setEditor({ mode: 'edit', key: keyOf(row) })}
          onDelete={(row) => remove.mutate(keyOf(row), { onSuccess: () => notify.success(t('common.delete_success')) })}
        />
      </PageBody>
      {editor && (
        <ConfigEditorDrawer
          state={editor}
          tenant={namespaceId}
          namespaceName={namespace.namespaceName}
          onClose={() => setEditor(null)}
        />
      )}
      <ConfigImportModal open={dialog === 'import'} namespace={namespace} onClose={() => setDialog(null)} />
      <ConfigCloneModal
        open={dialog === 'clone'}
        keys={selectedKeys}
        currentNamespaceId={namespaceId}
        namespaces={list}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
