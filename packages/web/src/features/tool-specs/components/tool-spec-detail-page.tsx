import { Button, Descriptions, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.js';
import { DetailDescriptions } from '../../../components/detail-descriptions.js';
import { MissingParams, missingParams } from '../../../components/missing-params.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useUrlState } from '../../../lib/url-state.js';
import { useToolSpec } from '../api/get-tool-spec.js';
import { schemaArguments, type SchemaArgument } from '../lib/schema-arguments.js';
import { prettyJson } from '../lib/tool-spec-form.js';
import { SchemaEditor } from './schema-editor.js';
import { ToolSpecDrawer } from './tool-spec-drawer.js';

/** One tool spec (query namespaceId, group, toolName): what clients see, its arguments and its schema. */
export function ToolSpecDetailPage() {
  const { t } = useTranslation();
  const { get } = useUrlState();
  const { canUpdateToolSpec } = useConsoleState();
  const key = { namespace: get('namespaceId'), group: get('group'), toolName: get('toolName') };
  const missing = missingParams(get, ['group', 'toolName']);
  const spec = useToolSpec(key, missing.length === 0);
  const [editing, setEditing] = useState(false);
  const back = (
    <Link to={`${paths.toolSpecs}?namespaceId=${encodeURIComponent(key.namespace)}`}>
      <Button>{t('toolspec.back')}</Button>
    </Link>
  );
  const data = spec.data;

  return (
    <div className="page">
      <PageHeader
        title={`${t('toolspec.detail_title')}${data ? `: ${data.toolName}` : ''}`}
        extra={
          <Space wrap>
            {back}
            {canUpdateToolSpec && data && (
              <Button type="primary" onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            )}
          </Space>
        }
      />
      <PageBody>
        {missing.length > 0 ? (
          <MissingParams names={missing} extra={back} />
        ) : !data ? (
          <Skeleton active loading={spec.isLoading} />
        ) : (
          <>
            <DetailDescriptions column={2}>
              <Descriptions.Item label={t('common.namespace')}>{data.namespace || 'public'}</Descriptions.Item>
              <Descriptions.Item label={t('toolspec.group')}>{data.group}</Descriptions.Item>
              <Descriptions.Item label={t('toolspec.tool_name')}>{data.toolName}</Descriptions.Item>
              <Descriptions.Item label={t('toolspec.function_name')}>{data.function.name}</Descriptions.Item>
              <Descriptions.Item label={t('toolspec.version')}>{data.version}</Descriptions.Item>
              <Descriptions.Item label={t('toolspec.last_modified')}>
                {formatDateTime(data.lastModifiedMillis)}
              </Descriptions.Item>
              <Descriptions.Item label={t('toolspec.description')} span="filled">
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{data.function.description}</Typography.Text>
              </Descriptions.Item>
            </DetailDescriptions>
            <Typography.Title level={5} style={{ marginTop: 20 }}>
              {t('toolspec.arguments')}
            </Typography.Title>
            <Table<SchemaArgument>
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={schemaArguments(data.function.inputSchema)}
              locale={{ emptyText: t('toolspec.no_arguments') }}
              columns={[
                { title: t('toolspec.argument'), dataIndex: 'name', key: 'name' },
                { title: t('toolspec.argument_type'), dataIndex: 'type', key: 'type' },
                {
                  title: t('toolspec.argument_required'),
                  dataIndex: 'required',
                  key: 'required',
                  render: (r: boolean) => (r ? <Tag color="red">{t('common.yes')}</Tag> : t('common.no')),
                },
                { title: t('toolspec.description'), dataIndex: 'description', key: 'description' },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 20 }}>
              {t('toolspec.input_schema')}
            </Typography.Title>
            <SchemaEditor readOnly value={prettyJson(data.function.inputSchema)} />
          </>
        )}
      </PageBody>
      {editing && data && (
        <ToolSpecDrawer
          state={{ mode: 'update', spec: data }}
          namespaceId={key.namespace}
          onClose={() => setEditing(false)}
        />
      )}
    </div>
  );
}
