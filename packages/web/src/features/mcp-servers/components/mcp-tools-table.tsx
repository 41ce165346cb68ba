import type { McpTool } from '@tsnacos/protocol';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The tools of one server version: the spec each serves and where its calls go. */
export function McpToolsTable({ tools }: { tools: McpTool[] }) {
  const { t } = useTranslation();
  return (
    <Table<McpTool>
      size="small"
      rowKey="toolName"
      pagination={false}
      dataSource={tools}
      locale={{ emptyText: t('mcpserver.no_tools') }}
      scroll={{ x: 900 }}
      columns={[
        { title: t('toolspec.tool_name'), dataIndex: 'toolName', key: 'toolName' },
        {
          title: t('mcpserver.tool_spec'),
          key: 'spec',
          render: (_, tool) => `${tool.toolKey.group} / ${tool.toolKey.toolName}`,
        },
        { title: t('mcpserver.spec_version'), dataIndex: 'toolVersion', key: 'toolVersion', width: 110 },
        {
          title: t('mcpserver.service'),
          key: 'service',
          render: (_, tool) => `${tool.routeRule.serviceGroup} / ${tool.routeRule.serviceName}`,
        },
        {
          title: t('mcpserver.url'),
          key: 'route',
          render: (_, tool) => (
            <span>
              <Tag>{tool.routeRule.method}</Tag>
              <Typography.Text code>{tool.routeRule.url}</Typography.Text>
            </span>
          ),
        },
        {
          title: t('mcpserver.convert_type'),
          key: 'convert',
          render: (_, tool) => t(`mcpserver.convert_${tool.routeRule.convertType}`),
        },
      ]}
    />
  );
}
