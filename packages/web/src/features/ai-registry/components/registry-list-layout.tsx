import type { UseQueryResult } from '@tanstack/react-query';
import type { PageResult } from '@tsnacos/protocol';
import { Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteButton } from '../../../components/delete-button.js';
import { FilterBar } from '../../../components/filter-bar.js';
import { NamespaceSelector } from '../../../components/namespace-selector.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { notify } from '../../../lib/notify.js';
import { usePager, useUrlPaging } from '../../../lib/paging.js';
import { useUrlState } from '../../../lib/url-state.js';
import { RegisteredTitle, RegistryNotice } from './registry-notice.js';

const PAGE_SIZE = 20;

/** What a registry list shows, all of it in the URL: the namespace, part of the name (`filter`), the page. */
export function useRegistryList() {
  const { namespaceId, list, select, ready } = useSelectedNamespace();
  const { get, update } = useUrlState();
  const { pageNo, pageSize, setPage } = useUrlPaging(PAGE_SIZE);
  const nameFilter = get('filter');
  return {
    params: { namespaceId, nameFilter, pageNo, pageSize },
    ready,
    namespaces: list,
    select,
    setPage,
    setFilter: (filter: string) => update({ filter: filter || null, page: null }),
  };
}

export type RegistryList = ReturnType<typeof useRegistryList>;

interface RegistryRow {
  name: string;
  description: string;
}

export interface RegistryListLayoutProps<Row extends RegistryRow> {
  kind: 'mcp' | 'agent';
  title: string;
  filterLabel: string;
  list: RegistryList;
  query: UseQueryResult<PageResult<Row>>;
  rowKey: keyof Row & string;
  /** The columns between the name and description and the operations. */
  columns: ColumnsType<Row>;
  detailHref(row: Row): string;
  deleteConfirm(row: Row): string;
  /** Deletes the row, calling `done` once it is gone. */
  onDelete(row: Row, done: () => void): void;
}

/**
 * A page of entries clients registered: namespace, name filter, notice, the table with its pager and, per row,
 * its name and description, the detail link and (for those who may change the registry) delete after a confirm.
 * A load asked for while one runs is ignored.
 */
export function RegistryListLayout<Row extends RegistryRow>(props: RegistryListLayoutProps<Row>) {
  const { list, query } = props;
  const { t } = useTranslation();
  const pager = usePager();
  const { canUpdateAiRegistry } = useConsoleState();
  const { namespaceId, nameFilter, pageNo, pageSize } = list.params;
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();
  const page = query.isError ? undefined : query.data;

  const columns: ColumnsType<Row> = [
    {
      title: t('airegistry.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => <Link to={props.detailHref(row)}>{name}</Link>,
    },
    { title: t('airegistry.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    ...props.columns,
  ];
  const operation: ColumnsType<Row>[number] = {
    title: t('common.operation'),
    key: 'operation',
    width: 150,
    render: (_, row) => (
      <Space size={0} wrap>
        <Link to={props.detailHref(row)}>
          <Button type="link" size="small">
            {t('common.detail')}
          </Button>
        </Link>
        {canUpdateAiRegistry && (
          <DeleteButton
            confirm={props.deleteConfirm(row)}
            onConfirm={() => props.onDelete(row, () => notify.success(t('common.delete_success')))}
          />
        )}
      </Space>
    ),
  };

  return (
    <div className="page">
      <PageHeader
        title={<RegisteredTitle>{props.title}</RegisteredTitle>}
        extra={
          <NamespaceSelector
            value={namespaceId}
            list={list.namespaces}
            onChange={(ns) => idle(() => list.select(ns))}
          />
        }
      />
      <PageBody>
        <RegistryNotice kind={props.kind} />
        <FilterBar
          fields={[{ key: 'filter', label: props.filterLabel, value: nameFilter }]}
          onQuery={(v) =>
            idle(() => {
              if (v.filter === nameFilter && pageNo === 1) void query.refetch();
              else list.setFilter(v.filter);
            })
          }
        />
        <Table<Row>
          rowKey={props.rowKey}
          size="middle"
          columns={[...columns, operation]}
          dataSource={page?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 1100 }}
          pagination={pager({
            current: pageNo,
            pageSize,
            total: page?.totalCount ?? 0,
            onChange: (p, s) => idle(() => list.setPage(p, s)),
          })}
        />
      </PageBody>
    </div>
  );
}
