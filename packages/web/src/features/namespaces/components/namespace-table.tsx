import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { NAMESPACE_PAGE_SIZE } from '../../../lib/constants.js';
import type { NamespaceInfo } from '../../../lib/namespaces.js';
import { notify } from '../../../lib/notify.js';
import { DeleteButton } from '../../../components/delete-button.js';

export interface NamespaceTableProps {
  list: NamespaceInfo[];
  loading: boolean;
  canUpdate: boolean;
  onEdit(ns: NamespaceInfo): void;
  onDelete(ns: NamespaceInfo): void;
}

export function NamespaceTable({ list, loading, canUpdate, onEdit, onDelete }: NamespaceTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<NamespaceInfo> = [
    { title: t('namespace.name'), dataIndex: 'namespaceName', key: 'namespaceName' },
    {
      title: t('namespace.id'),
      dataIndex: 'namespaceId',
      key: 'namespaceId',
      render: (id: string) => (
        <Typography.Text copyable={{ text: id, onCopy: () => notify.success(t('namespace.id_copied')) }}>
          {id}
        </Typography.Text>
      ),
    },
    {
      title: t('common.operation'),
      key: 'operation',
      render: (_, ns) =>
        ns.namespaceId === '' ? (
          <Tag color="blue">{t('namespace.retain')}</Tag>
        ) : canUpdate ? (
          <Space size="small">
            <Button type="link" size="small" onClick={() => onEdit(ns)}>
              {t('common.edit')}
            </Button>
            <DeleteButton
              confirm={t('common.delete_confirm', { name: ns.namespaceName })}
              onConfirm={() => onDelete(ns)}
            />
          </Space>
        ) : null,
    },
  ];
  return (
    <Table<NamespaceInfo>
      rowKey="namespaceId"
      size="middle"
      columns={columns}
      dataSource={list}
      loading={loading}
      pagination={{
        pageSize: NAMESPACE_PAGE_SIZE,
        showSizeChanger: false,
        showTotal: (n) => t('common.total', { count: n }),
      }}
    />
  );
}
