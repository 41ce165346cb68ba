import type { McpServerDto, McpServerValueDto } from '@tsnacos/protocol';
import { Button, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.js';
import { usePager } from '../../../lib/paging.js';
import { useState } from 'react';
import { useMcpServerHistory } from '../api/get-mcp-server-history.js';
import { usePublishMcpServer } from '../api/publish-mcp-server.js';
import { notify } from '../../../lib/notify.js';
import { McpToolsTable } from './mcp-tools-table.js';

const PAGE_SIZE = 10;

/** Published versions, newest first; any but the served one can be served again. */
export function McpHistoryTable({ server, canUpdate }: { server: McpServerDto; canUpdate: boolean }) {
  const { t } = useTranslation();
  const pager = usePager();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: PAGE_SIZE });
  const history = useMcpServerHistory({ id: server.id, ...paging });
  const publish = usePublishMcpServer();
  const servedId = server.releaseValue?.id;
  return (
    <Table<McpServerValueDto>
      size="small"
      rowKey="id"
      loading={history.isFetching}
      dataSource={history.data?.list ?? []}
      expandable={{ expandedRowRender: (row) => <McpToolsTable tools={row.tools} /> }}
      pagination={pager({
        current: paging.pageNo,
        pageSize: paging.pageSize,
        total: history.data?.totalCount ?? 0,
        onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
      })}
      columns={[
        { title: t('mcpserver.history_version'), dataIndex: 'version', key: 'version', width: 100 },
        { title: t('mcpserver.history_time'), dataIndex: 'updateTime', key: 'time', render: formatDateTime },
        { title: t('mcpserver.op_user'), dataIndex: 'opUser', key: 'opUser' },
        { title: t('mcpserver.tool_count'), key: 'tools', render: (_, row) => row.tools.length },
        {
          title: t('common.operation'),
          key: 'operation',
          render: (_, row) =>
            row.id === servedId ? (
              <Tag color="green">{t('mcpserver.serving')}</Tag>
            ) : (
              canUpdate && (
                <Popconfirm
                  title={t('mcpserver.publish_back_confirm', { version: row.version })}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  onConfirm={() =>
                    publish.mutate(
                      { id: server.id, historyValueId: row.id },
                      { onSuccess: () => notify.success(t('mcpserver.publish_success')) },
                    )
                  }
                >
                  <Button type="link" size="small">
                    {t('mcpserver.publish_back')}
                  </Button>
                </Popconfirm>
              )
            ),
        },
      ]}
    />
  );
}
