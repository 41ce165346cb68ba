import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api.js';
import { getButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen } from '../../../testing/render.js';
import { SubscriberListPage } from './subscriber-list-page.js';

const bare = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const ROUTE = '/manage/subscriber?namespaceId=dev&groupName=G&serviceName=order';

describe('subscriber list', () => {
  it('asks the subscriber route for the service from the URL and shows the rows', async () => {
    const api = fakeApi({
      'GET /v2/namespaces/list': () => ok([]),
      'GET /ns/service/subscribers': () =>
        bare({ count: 1, subscribers: [{ serviceName: 'order', groupName: 'G', ip: '10.1.1.1', port: 1234 }] }),
    });
    renderScreen(<SubscriberListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    expect(await screen.findByText('10.1.1.1')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /ns/service/subscribers')[0].query)).toEqual({
      namespaceId: 'dev',
      serviceName: 'order',
      groupName: 'G',
      pageNo: '1',
      pageSize: '10',
    });
  });

  it('shows how each subscriber listens: type, client agent and application', async () => {
    fakeApi({
      'GET /v2/namespaces/list': () => ok([]),
      'GET /ns/service/subscribers': () =>
        bare({
          count: 1,
          subscribers: [
            {
              serviceName: 'order',
              groupName: 'G',
              ip: '10.1.1.2',
              port: 1,
              type: 'connection',
              agent: 'Nacos-Java-Client:v2.4.3',
              app: 'shop',
            },
          ],
        }),
    });
    renderScreen(<SubscriberListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    expect(await screen.findByText('gRPC (2.x)')).toBeInTheDocument();
    expect(screen.getByText('Nacos-Java-Client:v2.4.3')).toBeInTheDocument();
    expect(screen.getByText('shop')).toBeInTheDocument();
  });

  it('a failed status shows "request err,status code:{status}" and empties the table', async () => {
    let status = 200;
    fakeApi({
      'GET /v2/namespaces/list': () => ok([]),
      'GET /ns/service/subscribers': () =>
        status === 200
          ? bare({ count: 1, subscribers: [{ serviceName: 'order', groupName: 'G', ip: '10.1.1.1', port: 1 }] })
          : new Response('boom', { status }),
    });
    const { toasts } = renderScreen(<SubscriberListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    await screen.findByText('10.1.1.1');
    status = 500;
    await userEvent.click(getButton('Query'));
    await waitFor(() => expect(toasts.errors).toEqual(['request err,status code:500']));
    await waitFor(() => expect(screen.queryByText('10.1.1.1')).not.toBeInTheDocument());
  });

  it('a network failure shows "request err,message{message}"', async () => {
    fakeApi({
      'GET /v2/namespaces/list': () => ok([]),
      'GET /ns/service/subscribers': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { toasts } = renderScreen(<SubscriberListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    await waitFor(() => expect(toasts.errors).toEqual(['request err,messageFailed to fetch']));
  });
});
