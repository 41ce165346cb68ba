import { PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useNamespaces } from '../../../lib/namespaces.js';
import { notify } from '../../../lib/notify.js';
import { useRemoveNamespace } from '../api/remove-namespace.js';
import { NamespaceDrawer, type NamespaceDrawerState } from './namespace-drawer.js';
import { NamespaceTable } from './namespace-table.js';

export function NamespacePage() {
  const { t } = useTranslation();
  const { canUpdateNamespace } = useConsoleState();
  const namespaces = useNamespaces();
  const remove = useRemoveNamespace();
  const [drawer, setDrawer] = useState<NamespaceDrawerState | null>(null);
  const refresh = whenIdle(namespaces.isFetching, () => void namespaces.refetch());

  return (
    <div className="page">
      <PageHeader title={t('namespace.title')} />
      <PageBody>
        <div className="page-toolbar">
          <span />
          <Space>
            <Button onClick={refresh}>{t('common.refresh')}</Button>
            {canUpdateNamespace && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDrawer({ mode: 'create', namespace: { namespaceId: '', namespaceName: '' } })}
              >
                {t('common.new')}
              </Button>
            )}
          </Space>
        </div>
        <NamespaceTable
          list={namespaces.isError ? [] : (namespaces.data ?? [])}
          loading={namespaces.isFetching}
          canUpdate={canUpdateNamespace}
          onEdit={(ns) => setDrawer({ mode: 'update', namespace: ns })}
          onDelete={(ns) =>
            remove.mutate(ns.namespaceId, { onSuccess: () => notify.success(t('common.delete_success')) })
          }
        />
      </PageBody>
      {drawer && <NamespaceDrawer state={drawer} onClose={() => setDrawer(null)} />}
    </div>
  );
}
