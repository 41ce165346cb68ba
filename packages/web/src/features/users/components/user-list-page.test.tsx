import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api.js';
import { findButton, findRow, getButton, queryButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen, routerLocation } from '../../../testing/render.js';
import { UserListPage } from './user-list-page.js';

const NAMESPACES = [
  { namespaceId: '', namespaceName: 'public' },
  { namespaceId: 'dev', namespaceName: 'dev' },
];
const user = (username: string, extra: object = {}) => ({
  username,
  nickname: `${username} nick`,
  gmtCreate: 1_700_000_000_000,
  gmtModified: 1_700_000_000_000,
  enable: true,
  roles: ['1', '9'],
  namespacePrivilege: {
    enabled: true,
    whitelistIsAll: false,
    whitelist: ['', 'dev'],
    blacklistIsAll: false,
    blacklist: [],
  },
  ...extra,
});

/** The open drawer (the filter above the table is also labelled Username). */
const drawer = () => within(document.querySelector<HTMLElement>('.ant-drawer-body')!);

function setup(users = [user('alice')]) {
  return fakeApi({
    'GET /v2/namespaces/list': () => ok(NAMESPACES),
    'GET /v2/user/list': () => ok({ totalCount: users.length, list: users }),
    'POST /v2/user/add': () => ok(true),
    'POST /v2/user/update': () => ok(true),
    'POST /v2/user/remove': () => ok(true),
  });
}

describe('user list', () => {
  it('lists users with role tags (unknown codes raw), enabled yes/no and privilege summaries', async () => {
    const api = setup();
    renderScreen(<UserListPage />, { webResources: ADMIN_RESOURCES });
    const row = await findRow('alice nick');
    expect(within(row).getByText('developer')).toBeInTheDocument();
    expect(within(row).getByText('9')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    expect(within(row).getByText('public, dev')).toBeInTheDocument();
    expect(within(row).getByText('None')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /v2/user/list')[0].query)).toEqual({
      likeUsername: '',
      pageNo: '1',
      pageSize: '10',
    });
  });

  it('add: username and password are required, the nickname is not; the whitelist picker shows only for "part"', async () => {
    const api = setup();
    renderScreen(<UserListPage />, { webResources: ADMIN_RESOURCES });
    await screen.findByText('alice nick');
    await userEvent.click(getButton('New'));
    expect(await screen.findByText('Add User')).toBeInTheDocument();
    expect(screen.queryByTestId('whitelist-picker')).toBeNull();
    expect(screen.getByTestId('blacklist-picker')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.tab();
    expect(await screen.findByText('Need to input the password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.tab();
    expect(await screen.findByText('The password needs at least 8 characters')).toBeInTheDocument();
    await userEvent.click(getButton('Confirm'));
    expect(await screen.findByText('Need to input the username')).toBeInTheDocument();
    expect(screen.queryByText('Need to input the nickname')).toBeNull();
    await userEvent.click(screen.getByText('Part'));
    expect(await screen.findByTestId('whitelist-picker')).toBeInTheDocument();
    expect(api.callsTo('POST /v2/user/add')).toHaveLength(0);
  });

  it('add sends the user with comma-joined roles and the default privilege, then closes and reloads page 1', async () => {
    const api = setup();
    renderScreen(<UserListPage />, { route: '/manage/user?page=2', webResources: ADMIN_RESOURCES });
    await screen.findByText('alice nick');
    await userEvent.click(getButton('New'));
    await screen.findByText('Add User');
    await userEvent.type(drawer().getByLabelText('Username'), 'bob');
    await userEvent.type(screen.getByLabelText('Nickname'), 'Bob');
    await userEvent.type(screen.getByLabelText('Password'), 'pw-password');
    await userEvent.click(within(screen.getByTestId('roles-picker')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('admin'));
    await userEvent.click(await screen.findByTitle('guest'));
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/user/add')).toHaveLength(1));
    expect(api.callsTo('POST /v2/user/add')[0].json()).toEqual({
      username: 'bob',
      nickname: 'Bob',
      password: 'pw-password',
      enable: true,
      roles: '0,2',
      namespacePrivilegeParam: {
        enabled: true,
        whitelistIsAll: true,
        whitelist: [],
        blacklistIsAll: false,
        blacklist: [],
      },
    });
    await waitFor(() => expect(screen.queryByText('Add User')).not.toBeInTheDocument());
    await waitFor(() => expect(routerLocation()).toBe('/manage/user'));
  });

  it('edit locks the username and leaves the password out unless one is typed', async () => {
    const api = setup();
    renderScreen(<UserListPage />, { webResources: ADMIN_RESOURCES });
    await userEvent.click(getButton('Edit', await findRow('alice nick')));
    expect(await screen.findByText('Edit User')).toBeInTheDocument();
    expect(drawer().getByLabelText('Username')).toBeDisabled();
    expect(screen.getByTestId('whitelist-picker')).toBeInTheDocument();
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/user/update')).toHaveLength(1));
    const body = api.callsTo('POST /v2/user/update')[0].json<Record<string, unknown>>();
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({
      username: 'alice',
      roles: '1,9',
      namespacePrivilegeParam: { whitelistIsAll: false, whitelist: ['', 'dev'] },
    });
  });

  it('a user whose blacklist is "all" gets no blacklist picker', async () => {
    setup([
      user('carol', {
        namespacePrivilege: { enabled: true, whitelistIsAll: true, whitelist: [], blacklistIsAll: true, blacklist: [] },
      }),
    ]);
    renderScreen(<UserListPage />, { webResources: ADMIN_RESOURCES });
    await userEvent.click(getButton('Edit', await findRow('carol nick')));
    await screen.findByText('Edit User');
    expect(screen.queryByTestId('blacklist-picker')).toBeNull();
  });

  it('view is read-only and Confirm just closes', async () => {
    const api = setup();
    renderScreen(<UserListPage />, { webResources: ADMIN_RESOURCES });
    await screen.findByText('alice nick');
    await userEvent.click(getButton('alice'));
    expect(await screen.findByText('User')).toBeInTheDocument();
    expect(screen.getByLabelText('Nickname')).toBeDisabled();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(screen.queryByLabelText('Nickname')).toBeNull());
    expect(api.callsTo('POST /v2/user/update')).toHaveLength(0);
  });

  it('your own row offers no Delete, and its status and roles cannot be changed', async () => {
    setup([user('alice'), user('admin')]);
    renderScreen(<UserListPage />, { webResources: ADMIN_RESOURCES });
    const own = await findRow('admin nick');
    expect(queryButton('Delete', own)).toBeNull();
    expect(getButton('Delete', await findRow('alice nick'))).toBeInTheDocument();
    await userEvent.click(getButton('Edit', own));
    expect(await screen.findByText('Edit User')).toBeInTheDocument();
    expect(drawer().getByRole('switch')).toBeDisabled();
    expect(drawer().getByText(/Your own account/)).toBeInTheDocument();
  });

  it('marks LDAP users, and their edit offers no password and a locked role', async () => {
    const api = setup([user('alice'), user('dave', { source: 'LDAP', roles: ['1'] })]);
    renderScreen(<UserListPage />, { webResources: ADMIN_RESOURCES });
    const dave = await findRow('dave nick');
    expect(within(dave).getByText('LDAP')).toBeInTheDocument();
    expect(within(await findRow('alice nick')).queryByText('LDAP')).toBeNull();
    await userEvent.click(getButton('Edit', dave));
    expect(await screen.findByText('Edit User')).toBeInTheDocument();
    expect(drawer().queryByLabelText('Reset password')).toBeNull();
    expect(drawer().getByText(/the role follows its groups/)).toBeInTheDocument();
    expect(drawer().getByTestId('roles-picker').closest('.ant-select')).toHaveClass('ant-select-disabled');
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/user/update')).toHaveLength(1));
    expect(api.callsTo('POST /v2/user/update')[0].json()).toMatchObject({ username: 'dave', roles: '1' });
  });

  it('the no-login console goes straight to the no-permission page, asking for no users', async () => {
    const api = setup();
    renderScreen(<UserListPage />, { webResources: { ...ADMIN_RESOURCES, from: 'OLD_CONSOLE', username: null } });
    await waitFor(() => expect(routerLocation()).toMatch(/^\/nopermission\?path=%2Frnacos%2Fmanage%2Fuser/));
    expect(api.callsTo('GET /v2/user/list')).toHaveLength(0);
  });

  it('delete names the user in its prompt', async () => {
    const api = setup();
    renderScreen(<UserListPage />, { webResources: ADMIN_RESOURCES });
    await userEvent.click(getButton('Delete', await findRow('alice nick')));
    expect(await screen.findByText('Delete user alice?')).toBeInTheDocument();
    await userEvent.click(await findButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/user/remove')).toHaveLength(1));
    expect(api.callsTo('POST /v2/user/remove')[0].json()).toEqual({ username: 'alice' });
  });
});
