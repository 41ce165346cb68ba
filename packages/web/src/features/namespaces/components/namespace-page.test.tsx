import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api.js';
import { findButton, findRow, getButton, queryButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen } from '../../../testing/render.js';
import { NamespacePage } from './namespace-page.js';

const LIST = [
  { namespaceId: '', namespaceName: 'public', type: '0' },
  { namespaceId: 'dev', namespaceName: 'Development', type: '2' },
];

const guest = { ...ADMIN_RESOURCES, resources: ['/manage/configs'] };

describe('namespace page', () => {
  it('the default namespace only gets the retain tag; others get edit and delete with permission', async () => {
    fakeApi({ 'GET /v2/namespaces/list': () => ok(LIST) });
    renderScreen(<NamespacePage />, { webResources: ADMIN_RESOURCES });
    const publicRow = await findRow('public');
    expect(within(publicRow).getByText('retain space')).toBeInTheDocument();
    expect(queryButton('Edit', publicRow)).toBeNull();
    const devRow = await findRow('Development');
    expect(getButton('Edit', devRow)).toBeInTheDocument();
    expect(getButton('Delete', devRow)).toBeInTheDocument();
    expect(getButton('New')).toBeInTheDocument();
  });

  it('without NAMESPACE_UPDATE there is no new, edit or delete', async () => {
    fakeApi({ 'GET /v2/namespaces/list': () => ok(LIST) });
    renderScreen(<NamespacePage />, { webResources: guest });
    await screen.findByText('Development');
    expect(queryButton('New')).toBeNull();
    expect(queryButton('Edit')).toBeNull();
    expect(getButton('Refresh')).toBeInTheDocument();
  });

  it('create requires a name, sends an optional id, then reloads the list', async () => {
    const api = fakeApi({ 'GET /v2/namespaces/list': () => ok(LIST), 'POST /v2/namespaces/add': () => ok(true) });
    const { toasts } = renderScreen(<NamespacePage />, { webResources: ADMIN_RESOURCES });
    await screen.findByText('Development');
    await userEvent.click(getButton('New'));
    await userEvent.click(await findButton('Confirm'));
    expect(await screen.findByText('Need to input a name')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Namespace name'), 'Test');
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/namespaces/add')).toHaveLength(1));
    expect(api.callsTo('POST /v2/namespaces/add')[0].json()).toEqual({
      namespaceId: '',
      namespaceName: 'Test',
      mode: 'create',
    });
    await waitFor(() => expect(api.callsTo('GET /v2/namespaces/list')).toHaveLength(2));
    expect(toasts.successes).toContain('submit success');
  });

  it('edit locks the id; delete asks first', async () => {
    const api = fakeApi({
      'GET /v2/namespaces/list': () => ok(LIST),
      'POST /v2/namespaces/remove': () => ok(true),
    });
    renderScreen(<NamespacePage />, { webResources: ADMIN_RESOURCES });
    const devRow = await findRow('Development');
    await userEvent.click(getButton('Edit', devRow));
    expect(await screen.findByLabelText('Namespace ID')).toBeDisabled();
    expect(screen.getByLabelText('Namespace ID')).toHaveValue('dev');
    await userEvent.click(getButton('Return'));
    await userEvent.click(getButton('Delete', devRow));
    expect(await screen.findByText('Delete Development?')).toBeInTheDocument();
    expect(api.callsTo('POST /v2/namespaces/remove')).toHaveLength(0);
    await userEvent.click(await findButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/namespaces/remove')).toHaveLength(1));
    expect(api.callsTo('POST /v2/namespaces/remove')[0].json()).toEqual({ namespaceId: 'dev' });
  });

  it('a failed load empties the table', async () => {
    fakeApi({ 'GET /v2/namespaces/list': () => new Response('', { status: 500 }) });
    const { toasts } = renderScreen(<NamespacePage />, { webResources: ADMIN_RESOURCES });
    await waitFor(() => expect(toasts.errors).toEqual(['request error,http code:500']));
    expect(screen.queryByText('public')).not.toBeInTheDocument();
  });
});
