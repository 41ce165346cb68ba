import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type FakeRequest } from '../../../testing/fake-api.js';
import { findButton, findRow, getButton, queryButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen, routerLocation } from '../../../testing/render.js';
import { ServiceListPage } from './service-list-page.js';

const page = (names: string[]) =>
  ok({
    totalCount: names.length,
    list: names.map((name) => ({
      name,
      groupName: 'DEFAULT_GROUP',
      ipCount: 1,
      healthyInstanceCount: 1,
      protectThreshold: 0,
      metadata: '{}',
    })),
  });

const namespaces = () =>
  ok([
    { namespaceId: '', namespaceName: 'public' },
    { namespaceId: 'dev', namespaceName: 'dev' },
  ]);

describe('service list', () => {
  it('loads page 1 with size 10 in the URL namespace; row links carry the service', async () => {
    const api = fakeApi({ 'GET /v2/service/list': () => page(['order']), 'GET /v2/namespaces/list': namespaces });
    renderScreen(<ServiceListPage />, { route: '/manage/service?namespaceId=dev', webResources: ADMIN_RESOURCES });
    const row = await findRow('order');
    const query = api.callsTo('GET /v2/service/list')[0].query;
    expect(Object.fromEntries(query)).toEqual({
      namespaceId: 'dev',
      serviceNameParam: '',
      groupNameParam: '',
      pageNo: '1',
      pageSize: '10',
    });
    await userEvent.click(getButton('Instances', row));
    await waitFor(() =>
      expect(routerLocation()).toBe(
        '/manage/service/instance?namespaceId=dev&groupName=DEFAULT_GROUP&serviceName=order',
      ),
    );
  });

  it('filters go to the URL and the query; a Query while loading is ignored', async () => {
    let release!: () => void;
    const api = fakeApi({
      'GET /v2/namespaces/list': namespaces,
      'GET /v2/service/list': (req: FakeRequest) =>
        req.query.get('serviceNameParam') === 'slow'
          ? new Promise<Response>((r) => (release = () => r(page(['slow-one']))))
          : page(['order']),
    });
    renderScreen(<ServiceListPage />, { route: '/manage/service', webResources: ADMIN_RESOURCES });
    await screen.findByText('order');
    await userEvent.type(screen.getByLabelText('Service name'), 'slow');
    await userEvent.click(getButton('Query'));
    await waitFor(() => expect(routerLocation()).toBe('/manage/service?serviceName=slow'));
    await waitFor(() => expect(api.callsTo('GET /v2/service/list')).toHaveLength(2));
    await userEvent.clear(screen.getByLabelText('Service name'));
    await userEvent.type(screen.getByLabelText('Service name'), 'other');
    await userEvent.click(getButton('Query'));
    expect(routerLocation()).toBe('/manage/service?serviceName=slow');
    release();
    expect(await screen.findByText('slow-one')).toBeInTheDocument();
    expect(api.callsTo('GET /v2/service/list')).toHaveLength(2);
  });

  it('a failed load empties the table', async () => {
    let fail = false;
    fakeApi({
      'GET /v2/namespaces/list': namespaces,
      'GET /v2/service/list': () => (fail ? new Response('', { status: 500 }) : page(['order'])),
    });
    renderScreen(<ServiceListPage />, { webResources: ADMIN_RESOURCES });
    await screen.findByText('order');
    fail = true;
    await userEvent.click(getButton('Query'));
    await waitFor(() => expect(screen.queryByText('order')).not.toBeInTheDocument());
  });

  it('without SERVICE_UPDATE: no Add, Edit or Delete, but Instances, Detail and Subscriber', async () => {
    fakeApi({ 'GET /v2/service/list': () => page(['order']), 'GET /v2/namespaces/list': namespaces });
    renderScreen(<ServiceListPage />, { webResources: { ...ADMIN_RESOURCES, resources: [] } });
    const row = await findRow('order');
    expect(queryButton('New')).toBeNull();
    expect(queryButton('Edit', row)).toBeNull();
    expect(queryButton('Delete', row)).toBeNull();
    for (const name of ['Instances', 'Detail', 'Subscriber']) expect(getButton(name, row)).toBeInTheDocument();
  });

  it('delete asks first and sends the service key', async () => {
    const api = fakeApi({
      'GET /v2/service/list': () => page(['order']),
      'GET /v2/namespaces/list': namespaces,
      'POST /v2/service/remove': () => ok(true),
    });
    renderScreen(<ServiceListPage />, { route: '/manage/service?namespaceId=dev', webResources: ADMIN_RESOURCES });
    await userEvent.click(getButton('Delete', await findRow('order')));
    expect(await screen.findByText('Delete order?')).toBeInTheDocument();
    await userEvent.click(await findButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/service/remove')).toHaveLength(1));
    expect(api.callsTo('POST /v2/service/remove')[0].json()).toEqual({
      namespaceId: 'dev',
      groupName: 'DEFAULT_GROUP',
      serviceName: 'order',
    });
  });

  it('changing the namespace reloads the list there and remembers it', async () => {
    const api = fakeApi({ 'GET /v2/service/list': () => page(['order']), 'GET /v2/namespaces/list': namespaces });
    renderScreen(<ServiceListPage />, { webResources: ADMIN_RESOURCES });
    await screen.findByText('order');
    await waitFor(() => expect(screen.getByTestId('namespace-selector')).toBeInTheDocument());
    await userEvent.click(within(screen.getByTestId('namespace-selector')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('dev (dev)'));
    await waitFor(() => expect(api.callsTo('GET /v2/service/list').at(-1)!.query.get('namespaceId')).toBe('dev'));
    expect(JSON.parse(localStorage.getItem('RNACOS_NAMESPACE_KEY')!)).toEqual({
      namespaceId: 'dev',
      namespaceName: 'dev',
    });
  });

  it('a drawer opened after another shows the new row (create, then edit)', async () => {
    fakeApi({ 'GET /v2/service/list': () => page(['order']), 'GET /v2/namespaces/list': namespaces });
    renderScreen(<ServiceListPage />, { webResources: ADMIN_RESOURCES });
    const row = await findRow('order');
    await userEvent.click(getButton('New'));
    // the filter above the table is labelled "Service name" too: look inside the drawer
    const drawerField = () =>
      within(document.querySelector<HTMLElement>('.ant-drawer-body')!).getByLabelText('Service name');
    await waitFor(() => expect(drawerField()).toHaveValue(''));
    await userEvent.click(getButton('Return'));
    await userEvent.click(getButton('Edit', row));
    await waitFor(() => expect(drawerField()).toHaveValue('order'));
  });
});
