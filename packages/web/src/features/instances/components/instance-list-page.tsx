import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.js';
import { MissingParams, missingParams } from '../../../components/missing-params.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useUrlState } from '../../../lib/url-state.js';
import { useInstances, type Instance } from '../api/get-instances.js';
import { useRemoveInstance } from '../api/remove-instance.js';
import { useUpdateInstance } from '../api/update-instance.js';
import { notify } from '../../../lib/notify.js';
import { InstanceDrawer, type InstanceDrawerState } from './instance-drawer.js';
import { InstanceTable, instanceKey } from './instance-table.js';

/** Instances of one service (query groupName, serviceName, namespaceId). */
export function InstanceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canUpdateService } = useConsoleState();
  const { get } = useUrlState();
  const service = { namespaceId: get('namespaceId'), groupName: get('groupName'), serviceName: get('serviceName') };
  const missing = missingParams(get, ['serviceName']);
  const query = useInstances(service, missing.length === 0);
  const update = useUpdateInstance();
  const remove = useRemoveInstance();
  const [switching, setSwitching] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<InstanceDrawerState | null>(null);
  const refresh = whenIdle(query.isFetching, () => void query.refetch());

  const toggle = (instance: Instance, enabled: boolean) => {
    setSwitching(instanceKey(instance));
    update.mutate(
      { ...service, ip: instance.ip, port: instance.port, enabled },
      { onSettled: () => void query.refetch().finally(() => setSwitching(null)) },
    );
  };

  return (
    <div className="page">
      <PageHeader
        title={
          <Space size="middle">
            <span>{t('instance.list_title')}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {service.groupName}@@{service.serviceName}
            </Typography.Text>
          </Space>
        }
        extra={
          <Space>
            <Button
              onClick={() =>
                window.history.length > 1
                  ? void navigate(-1)
                  : void navigate(`${paths.services}?namespaceId=${encodeURIComponent(service.namespaceId)}`)
              }
            >
              {t('common.back')}
            </Button>
            {canUpdateService && missing.length === 0 && (
              <Button type="primary" onClick={() => setDrawer({ mode: 'create', instance: null })}>
                {t('instance.add')}
              </Button>
            )}
            <Button onClick={refresh}>{t('common.refresh')}</Button>
          </Space>
        }
      />
      <PageBody>
        {missing.length > 0 ? (
          <MissingParams names={missing} />
        ) : (
          <InstanceTable
            rows={query.isError ? [] : (query.data?.list ?? [])}
            loading={query.isFetching && switching === null}
            canUpdate={canUpdateService}
            switching={switching}
            onToggle={toggle}
            onDetail={(instance) => setDrawer({ mode: 'detail', instance })}
            onEdit={(instance) => setDrawer({ mode: 'update', instance })}
            onDelete={(instance) =>
              remove.mutate(
                { ...service, ip: instance.ip, port: instance.port, clusterName: instance.clusterName },
                {
                  onSuccess: () => notify.success(t('common.delete_success')),
                  onSettled: () => void query.refetch(),
                },
              )
            }
          />
        )}
      </PageBody>
      {drawer && (
        <InstanceDrawer
          state={drawer}
          service={service}
          onClose={() => setDrawer(null)}
          onSaved={() => void query.refetch()}
        />
      )}
    </div>
  );
}
