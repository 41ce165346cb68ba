import type { ConfigListenerDto } from '@tsnacos/protocol';
import { Alert, Button, Radio, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.js';
import { NamespaceSelector } from '../../../components/namespace-selector.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { useUrlState } from '../../../lib/url-state.js';
import { useConfigListeners } from '../api/get-config-listeners.js';

type QueryBy = 'config' | 'ip';

const rowKey = (r: ConfigListenerDto) => `${r.via}|${r.address}|${r.group}|${r.dataId}`;

/**
 * Listening query (URL: namespaceId, by=config|ip, dataId, group, ip): the clients listening to a config,
 * or the configs a client IP listens to, with the md5 each holds and whether that is the current one.
 */
export function ConfigListenerPage() {
  const { t } = useTranslation();
  const { namespaceId, list, select, ready } = useSelectedNamespace();
  const { get, update } = useUrlState();
  const by: QueryBy = get('by') === 'ip' ? 'ip' : 'config';
  const dataId = get('dataId');
  const group = get('group');
  const ip = get('ip');
  const params = by === 'ip' ? { tenant: namespaceId, ip } : { tenant: namespaceId, dataId, group };
  const query = useConfigListeners(params, ready);
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();
  const asked = by === 'ip' ? ip !== '' : dataId !== '';
  const rows = query.isError || !asked ? [] : (query.data?.rows ?? []);
  const unanswered = query.isError || !asked ? [] : (query.data?.unanswered ?? []);

  const columns: ColumnsType<ConfigListenerDto> = [
    { title: t('config.listener_address'), dataIndex: 'address', key: 'address' },
    { title: t('config.listener_ip'), dataIndex: 'ip', key: 'ip' },
    { title: t('config.listener_via'), dataIndex: 'via', key: 'via', width: 90, render: (v: string) => <Tag>{v}</Tag> },
    { title: t('config.data_id'), dataIndex: 'dataId', key: 'dataId' },
    { title: t('config.group'), dataIndex: 'group', key: 'group' },
    {
      title: t('config.listener_md5'),
      dataIndex: 'md5',
      key: 'md5',
      render: (md5: string) => <Typography.Text code>{md5 || '-'}</Typography.Text>,
    },
    {
      title: t('config.listener_status'),
      key: 'inSync',
      width: 120,
      render: (_, row) => (
        <Tooltip title={t('config.listener_current_md5', { md5: row.currentMd5 || '-' })}>
          <Tag color={row.inSync ? 'green' : 'orange'}>
            {row.inSync ? t('config.listener_in_sync') : t('config.listener_behind')}
          </Tag>
        </Tooltip>
      ),
    },
  ];

  const fields =
    by === 'ip'
      ? [{ key: 'ip', label: t('config.listener_ip'), value: ip }]
      : [
          { key: 'dataId', label: t('config.data_id_placeholder'), value: dataId },
          { key: 'group', label: t('config.group_placeholder'), value: group },
        ];

  return (
    <div className="page">
      <PageHeader
        title={t('config.listener_title')}
        extra={<NamespaceSelector value={namespaceId} list={list} onChange={(ns) => idle(() => select(ns))} />}
      />
      <PageBody>
        <Radio.Group
          optionType="button"
          value={by}
          style={{ marginBottom: 12 }}
          options={[
            { value: 'config', label: t('config.listener_by_config') },
            { value: 'ip', label: t('config.listener_by_ip') },
          ]}
          onChange={(e) => idle(() => update({ by: e.target.value as QueryBy, dataId: null, group: null, ip: null }))}
        />
        <FilterBar
          key={by}
          fields={fields}
          onQuery={(v) =>
            idle(() => {
              const same = fields.every((f) => (v[f.key] ?? '') === f.value);
              if (same) void query.refetch();
              else update(Object.fromEntries(fields.map((f) => [f.key, v[f.key]?.trim() || null])));
            })
          }
          actions={
            <Button disabled={!asked} onClick={() => idle(() => void query.refetch())}>
              {t('common.refresh')}
            </Button>
          }
        />
        <Typography.Paragraph type="secondary">
          {asked ? t('config.listener_hint') : t(by === 'ip' ? 'config.listener_need_ip' : 'config.listener_need_key')}
        </Typography.Paragraph>
        {unanswered.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('config.listener_unanswered', { nodes: unanswered.join(', ') })}
          />
        )}
        <Table<ConfigListenerDto>
          rowKey={rowKey}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          scroll={{ x: 900 }}
          pagination={false}
        />
      </PageBody>
    </div>
  );
}
