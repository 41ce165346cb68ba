import type { ToolSpecDto } from '@tsnacos/protocol';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefs } from '../../../app/paths.js';
import { DeleteButton } from '../../../components/delete-button.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { usePager } from '../../../lib/paging.js';

export interface ToolSpecTableProps {
  rows: ToolSpecDto[];
  total: number;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  namespaceId: string;
  canUpdate: boolean;
  selected: ToolSpecDto[];
  onSelect(rows: ToolSpecDto[]): void;
  onPage(page: number, size: number): void;
  onEdit(row: ToolSpecDto): void;
  onDelete(row: ToolSpecDto): void;
}

export const toolSpecRowKey = (row: Pick<ToolSpecDto, 'group' | 'toolName'>) => `${row.group}@@${row.toolName}`;

export function ToolSpecTable(props: ToolSpecTableProps) {
  const { t } = useTranslation();
  const pager = usePager();
  const { canUpdate, namespaceId } = props;
  const columns: ColumnsType<ToolSpecDto> = [
    { title: t('toolspec.tool_name'), dataIndex: 'toolName', key: 'toolName' },
    { title: t('toolspec.group'), dataIndex: 'group', key: 'group' },
    {
      title: t('toolspec.description'),
      dataIndex: 'description',
      key: 'description',
      render: (text: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ marginBottom: 0 }}>
          {text}
        </Typography.Paragraph>
      ),
    },
    { title: t('toolspec.version'), dataIndex: 'version', key: 'version', width: 90 },
    {
      title: t('toolspec.last_modified'),
      dataIndex: 'lastModifiedMillis',
      key: 'lastModified',
      width: 180,
      render: formatDateTime,
    },
    {
      title: t('common.operation'),
      key: 'operation',
      width: 200,
      render: (_, row) => (
        <Space size={0} wrap>
          <Link to={hrefs.toolSpecDetail({ namespaceId, group: row.group, toolName: row.toolName })}>
            <Button type="link" size="small">
              {t('common.detail')}
            </Button>
          </Link>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => props.onEdit(row)}>
              {t('common.edit')}
            </Button>
          )}
          {canUpdate && (
            <DeleteButton
              confirm={t('common.delete_confirm', { name: row.toolName })}
              onConfirm={() => props.onDelete(row)}
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<ToolSpecDto>
      rowKey={toolSpecRowKey}
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 900 }}
      rowSelection={
        canUpdate
          ? {
              selectedRowKeys: props.selected.map(toolSpecRowKey),
              onChange: (_, rows) => props.onSelect(rows),
            }
          : undefined
      }
      pagination={pager({
        current: props.pageNo,
        pageSize: props.pageSize,
        total: props.total,
        onChange: props.onPage,
      })}
    />
  );
}
