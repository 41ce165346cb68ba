import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { FilterBar } from '../../../components/filter-bar.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { USER_PAGE_SIZE } from '../../../lib/constants.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useNamespaces } from '../../../lib/namespaces.js';
import { notify } from '../../../lib/notify.js';
import { useUrlPaging } from '../../../lib/paging.js';
import { useUrlState } from '../../../lib/url-state.js';
import { useUsers } from '../api/get-users.js';
import { useRemoveUser } from '../api/remove-user.js';
import { UserDrawer, type UserDrawerState } from './user-drawer.js';
import { UserTable } from './user-table.js';

/** The no-login console has no users to manage (its requests carry no session): it is refused at once. */
export function UserListPage() {
  const { isOldConsole } = useConsoleState();
  if (isOldConsole)
    return <Navigate replace to={`${paths.noPermission}?path=${encodeURIComponent('/rnacos' + paths.users)}`} />;
  return <UserList />;
}

function UserList() {
  const { t } = useTranslation();
  const { get, update } = useUrlState();
  const { pageNo, pageSize, setPage } = useUrlPaging(USER_PAGE_SIZE);
  const likeUsername = get('username');
  const query = useUsers({ likeUsername, pageNo, pageSize });
  const { list: namespaces } = useNamespaces();
  const remove = useRemoveUser();
  const self = useConsoleState().username;
  const [drawer, setDrawer] = useState<UserDrawerState | null>(null);
  const idle = (action: () => void) => whenIdle(query.isFetching, action)();
  // after a write the list query is invalidated (and reloads); this only brings the user back to page 1
  const backToFirstPage = () => pageNo !== 1 && update({ page: null });
  const page = query.isError ? undefined : query.data;

  return (
    <div className="page">
      <PageHeader title={t('user.list_title')} />
      <PageBody>
        <FilterBar
          fields={[{ key: 'username', label: t('user.username'), value: likeUsername }]}
          onQuery={(v) =>
            idle(() =>
              v.username === likeUsername && pageNo === 1
                ? void query.refetch()
                : update({ username: v.username || null, page: null }),
            )
          }
          actions={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ mode: 'add', row: null })}>
              {t('common.new')}
            </Button>
          }
        />
        <UserTable
          rows={page?.list ?? []}
          total={page?.totalCount ?? 0}
          loading={query.isFetching}
          pageNo={pageNo}
          pageSize={pageSize}
          namespaces={namespaces}
          self={self}
          onPage={(p, s) => idle(() => setPage(p, s))}
          onView={(row) => setDrawer({ mode: 'view', row })}
          onEdit={(row) => setDrawer({ mode: 'edit', row })}
          onDelete={(row) =>
            remove.mutate(row.username, {
              onSuccess: () => {
                notify.success(t('common.delete_success'));
                setDrawer(null);
                backToFirstPage();
              },
            })
          }
        />
      </PageBody>
      {drawer && (
        <UserDrawer
          state={drawer}
          onClose={() => setDrawer(null)}
          onSaved={() => {
            setDrawer(null);
            backToFirstPage();
          }}
        />
      )}
    </div>
  );
}
