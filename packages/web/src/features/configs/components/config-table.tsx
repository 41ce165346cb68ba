import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefs } from '../../../app/paths.js';
import type { ConfigRow } from '../api/get-configs.js';
import { DeleteButton } from '../../../components/delete-button.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { usePager } from '../../../lib/paging.js';

export const configRowKey = (row: ConfigRow) => `${row.group}\u0002${row.dataId}`;

export interface ConfigTableProps {
  rows: ConfigRow[];
  total: number;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  namespaceId: string;
  canUpdate: boolean;
  selected: string[];
  onSelect(keys: string[]): void;
  onPage(page: number, size: number): void;
  onDetail(row: ConfigRow): void;
  onEdit(row: ConfigRow): void;
  onDelete(row: ConfigRow): void;
}

export function ConfigTable(props: ConfigTableProps) {
  const { t } = useTranslation();
  const pager = usePager();
  const columns: ColumnsType<ConfigRow> = [
    {
      title: t('config.data_id'),
      dataIndex: 'dataId',
      key: 'dataId',
      render: (dataId: string, row) => (
        <>
          {dataId}
          {row.grayNames?.includes('beta') && (
            <Tag color="orange" style={{ marginLeft: 8 }} data-testid="beta-mark">
              {t('config.beta_mark')}
            </Tag>
          )}
          {row.grayNames?.some((name) => name.startsWith('tag_')) && (
            <Tag color="blue" style={{ marginLeft: 8 }} data-testid="tag-mark">
              {t('config.tag_mark')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('config.group'), dataIndex: 'group', key: 'group' },
    { title: t('config.type'), dataIndex: 'configType', key: 'configType', width: 100 },
    { title: t('config.desc'), dataIndex: 'desc', key: 'desc', ellipsis: true },
    {
      title: t('config.modified_time'),
      dataIndex: 'modifiedTime',
      key: 'modifiedTime',
      width: 170,
      render: (v?: number) => formatDateTime(v),
    },
    {
      title: t('common.operation'),
      key: 'operation',
      width: 260,
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => props.onDetail(row)}>
            {t('common.detail')}
          </Button>
          {props.canUpdate && (
            <Button type="link" size="small" onClick={() => props.onEdit(row)}>
              {t('common.edit')}
            </Button>
          )}
          <Link to={hrefs.configHistory({ namespaceId: props.namespaceId, group: row.group, dataId: row.dataId })}>
            <Button type="link" size="small">
              {t('config.history')}
            </Button>
          </Link>
          {props.canUpdate && (
            <DeleteButton
              confirm={t('common.delete_confirm', { name: row.dataId })}
              onConfirm={() => props.onDelete(row)}
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<ConfigRow>
      rowKey={configRowKey}
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 1000 }}
      rowSelection={{ selectedRowKeys: props.selected, onChange: (keys) => props.onSelect(keys as string[]) }}
      pagination={pager({
        current: props.pageNo,
        pageSize: props.pageSize,
        total: props.total,
        onChange: props.onPage,
      })}
    />
  );
}
