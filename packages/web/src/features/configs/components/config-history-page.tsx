import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.js';
import { MissingParams, missingParams } from '../../../components/missing-params.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { PAGE_SIZES } from '../../../lib/constants.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useUrlPaging, usePager } from '../../../lib/paging.js';
import { useUrlState } from '../../../lib/url-state.js';
import { useConfig } from '../api/get-config.js';
import { useConfigHistory, type HistoryRow } from '../api/get-config-history.js';
import { useRecoverConfig } from '../api/recover-config.js';
import { normalizeConfigType } from '../lib/config-types.js';
import { HistoryContentModal } from './history-content-modal.js';

/** History of one config (query namespaceId, group, dataId): view, diff with the current content, recover. */
export function ConfigHistoryPage() {
  const { t } = useTranslation();
  const pager = usePager();
  const { get } = useUrlState();
  const key = { tenant: get('namespaceId'), group: get('group'), dataId: get('dataId') };
  const { pageNo, pageSize, setPage } = useUrlPaging(PAGE_SIZES[0]);
  const missing = missingParams(get, ['dataId', 'group']);
  const history = useConfigHistory({ ...key, pageNo, pageSize }, missing.length === 0);
  const current = useConfig(missing.length === 0 ? key : null);
  const recover = useRecoverConfig();
  const { canUpdateConfig } = useConsoleState();
  const [shown, setShown] = useState<{ row: HistoryRow; view: 'content' | 'diff' } | null>(null);
  const page = history.isError ? undefined : history.data;
  const type = normalizeConfigType(current.data?.configType);

  const columns: ColumnsType<HistoryRow> = [
    { title: t('config.history_id'), dataIndex: 'id', key: 'id', width: 90 },
    { title: t('config.data_id'), dataIndex: 'dataId', key: 'dataId' },
    { title: t('config.group'), dataIndex: 'group', key: 'group' },
    { title: t('config.modified_time'), dataIndex: 'modifiedTime', key: 'modifiedTime', render: formatDateTime },
    {
      title: t('config.op_type'),
      dataIndex: 'opType',
      key: 'opType',
      width: 100,
      render: (op: HistoryRow['opType']) => (op ? t(`config.op_${op}`) : ''),
    },
    { title: t('config.op_user'), dataIndex: 'opUser', key: 'opUser' },
    {
      title: t('common.operation'),
      key: 'operation',
      width: 220,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setShown({ row, view: 'content' })}>
            {t('common.detail')}
          </Button>
          <Button type="link" size="small" onClick={() => setShown({ row, view: 'diff' })}>
            {t('config.diff')}
          </Button>
          {canUpdateConfig && (
            <Popconfirm
              title={t('config.recover_confirm', { id: row.id })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => recover.mutate(row)}
            >
              <Button type="link" size="small">
                {t('config.recover')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={
          <Space size="middle">
            <span>{t('config.history_title')}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {key.group} / {key.dataId}
            </Typography.Text>
          </Space>
        }
        extra={
          <Space>
            <Link to={`${paths.configs}?namespaceId=${encodeURIComponent(key.tenant)}`}>
              <Button>{t('config.back_to_list')}</Button>
            </Link>
            <Button onClick={whenIdle(history.isFetching, () => void history.refetch())}>{t('common.refresh')}</Button>
          </Space>
        }
      />
      <PageBody>
        {missing.length > 0 ? (
          <MissingParams names={missing} />
        ) : (
          <Table<HistoryRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={page?.list ?? []}
            loading={history.isFetching}
            scroll={{ x: 800 }}
            pagination={pager({
              current: pageNo,
              pageSize,
              total: page?.totalCount ?? 0,
              onChange: (p, s) => whenIdle(history.isFetching, () => setPage(p, s))(),
            })}
          />
        )}
      </PageBody>
      <HistoryContentModal
        row={shown?.row ?? null}
        view={shown?.view ?? 'content'}
        current={current.data?.value ?? null}
        type={type}
        onClose={() => setShown(null)}
      />
    </div>
  );
}
