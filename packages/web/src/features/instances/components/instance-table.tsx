import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../lib/constants.js';
import { formatDateTime } from '../../../lib/format-date.js';
import type { Instance } from '../api/get-instances.js';
import { EnableSwitch } from './enable-switch.js';
import { usePager } from '../../../lib/paging.js';

export interface InstanceTableProps {
  rows: Instance[];
  loading: boolean;
  canUpdate: boolean;
  /** Key ("ip:port") of the instance whose switch is being applied. */
  switching: string | null;
  onToggle(instance: Instance, enabled: boolean): void;
  onDetail(instance: Instance): void;
  onEdit(instance: Instance): void;
  onDelete(instance: Instance): void;
}

export const instanceKey = (i: Instance) => `${i.ip}:${i.port}`;

/** All instances are loaded; paging happens here in the browser. */
export function InstanceTable({
  rows,
  loading,
  canUpdate,
  switching,
  onToggle,
  onDetail,
  onEdit,
  onDelete,
}: InstanceTableProps) {
  const { t } = useTranslation();
  const pager = usePager();
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const columns: ColumnsType<Instance> = [
    { title: t('instance.ip'), dataIndex: 'ip', key: 'ip' },
    { title: t('instance.port'), dataIndex: 'port', key: 'port', width: 90 },
    { title: t('instance.ephemeral'), dataIndex: 'ephemeral', key: 'ephemeral', width: 100, render: yesNo },
    { title: t('instance.weight'), dataIndex: 'weight', key: 'weight', width: 80 },
    {
      title: t('instance.healthy'),
      dataIndex: 'healthy',
      key: 'healthy',
      width: 90,
      render: (v: boolean) => <Tag color={v ? 'green' : 'red'}>{yesNo(v)}</Tag>,
    },
    {
      title: t('instance.register_time'),
      dataIndex: 'registerTime',
      key: 'registerTime',
      width: 170,
      render: (v?: number) => formatDateTime(v),
    },
    {
      title: t('instance.metadata'),
      dataIndex: 'metadata',
      key: 'metadata',
      ellipsis: true,
      render: (m: Instance['metadata']) => (
        <Typography.Text code ellipsis>
          {JSON.stringify(m ?? {})}
        </Typography.Text>
      ),
    },
  ];
  // The enable and operation columns are for those who may change services (console spec).
  const writerColumns: ColumnsType<Instance> = [
    {
      title: t('instance.enabled'),
      key: 'enabled',
      width: 110,
      render: (_, row) => (
        <EnableSwitch
          enabled={row.enabled}
          loading={switching === instanceKey(row)}
          onToggle={(next) => onToggle(row, next)}
        />
      ),
    },
    {
      title: t('common.operation'),
      key: 'operation',
      width: 190,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onDetail(row)}>
            {t('common.detail')}
          </Button>
          <Button type="link" size="small" onClick={() => onEdit(row)}>
            {t('common.edit')}
          </Button>
          {/* ephemeral instances come back with their clients: only persistent ones are deleted here */}
          {!row.ephemeral && (
            <Popconfirm
              title={t('instance.delete_confirm', { address: instanceKey(row) })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => onDelete(row)}
            >
              <Button type="link" size="small" danger>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  if (canUpdate) columns.push(...writerColumns);
  return (
    <Table<Instance>
      rowKey={instanceKey}
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1000 }}
      pagination={pager({
        pageSize,
        onShowSizeChange: (_, size) => setPageSize(size),
      })}
    />
  );
}
