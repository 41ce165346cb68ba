import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.js';
import type { NamespaceRef } from '../../../lib/namespaces.js';
import type { UserRow } from '../api/get-users.js';
import { roleLabel } from '../lib/roles.js';
import { privilegeSummary } from '../lib/user-form.js';
import { DeleteButton } from '../../../components/delete-button.js';
import { usePager } from '../../../lib/paging.js';

export interface UserTableProps {
  rows: UserRow[];
  total: number;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  namespaces: NamespaceRef[];
  onPage(page: number, size: number): void;
  onView(row: UserRow): void;
  onEdit(row: UserRow): void;
  onDelete(row: UserRow): void;
  /** The signed-in user: their own row offers no Delete (the server refuses it). */
  self: string | null;
}

export function UserTable(props: UserTableProps) {
  const { t } = useTranslation();
  const pager = usePager();
  const texts = { all: t('user.all'), none: t('user.none') };
  const columns: ColumnsType<UserRow> = [
    {
      title: t('user.username'),
      dataIndex: 'username',
      key: 'username',
      render: (name: string, row) => (
        <>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => props.onView(row)}>
            {name}
          </Button>
          {row.source === 'LDAP' && (
            <Tag color="blue" style={{ marginLeft: 8 }} title={t('user.ldap_user')}>
              LDAP
            </Tag>
          )}
          {row.source === 'OAUTH2' && (
            <Tag color="purple" style={{ marginLeft: 8 }} title={t('user.oauth2_user')}>
              OAuth2
            </Tag>
          )}
        </>
      ),
    },
    { title: t('user.nickname'), dataIndex: 'nickname', key: 'nickname' },
    { title: t('user.gmt_create'), dataIndex: 'gmtCreate', key: 'gmtCreate', width: 170, render: formatDateTime },
    { title: t('user.gmt_modified'), dataIndex: 'gmtModified', key: 'gmtModified', width: 170, render: formatDateTime },
    {
      title: t('user.roles'),
      dataIndex: 'roles',
      key: 'roles',
      render: (roles: string[]) => (roles ?? []).map((r) => <Tag key={r}>{roleLabel(r, t)}</Tag>),
    },
    {
      title: t('user.enable'),
      dataIndex: 'enable',
      key: 'enable',
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
    },
    {
      title: t('user.whitelist'),
      key: 'whitelist',
      render: (_, row) =>
        privilegeSummary(
          row.namespacePrivilege?.whitelistIsAll ?? true,
          row.namespacePrivilege?.whitelist,
          props.namespaces,
          texts,
        ),
    },
    {
      title: t('user.blacklist'),
      key: 'blacklist',
      render: (_, row) =>
        privilegeSummary(
          row.namespacePrivilege?.blacklistIsAll ?? false,
          row.namespacePrivilege?.blacklist,
          props.namespaces,
          texts,
        ),
    },
    {
      title: t('common.operation'),
      key: 'operation',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => props.onEdit(row)}>
            {t('common.edit')}
          </Button>
          {row.username !== props.self && (
            <DeleteButton
              confirm={t('user.delete_confirm', { name: row.username })}
              onConfirm={() => props.onDelete(row)}
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<UserRow>
      rowKey="username"
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 600 }}
      pagination={pager({
        current: props.pageNo,
        pageSize: props.pageSize,
        total: props.total,
        onChange: props.onPage,
      })}
    />
  );
}
