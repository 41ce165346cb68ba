import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api.js';
import { findRow, getButton, queryButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen } from '../../../testing/render.js';
import { parseWeight, weightError } from '../lib/instance-form.js';
import { InstanceListPage } from './instance-list-page.js';

const ROUTE = '/manage/service/instance?namespaceId=dev&groupName=G&serviceName=order';
const instance = (i: number, enabled = true) => ({
  ip: `10.0.0.${i}`,
  port: 8080,
  weight: 1,
  healthy: true,
  enabled,
  ephemeral: true,
  metadata: { k: 'v' },
  registerTime: new Date(2024, 0, 2, 3, 4, 5).getTime(),
});

describe('instance weight', () => {
  it('must be a number, not below 0; parsed as a float, 1 by default', () => {
    expect(weightError('abc')).toBe('instance.weight_number');
    expect(weightError('-1')).toBe('instance.weight_negative');
    expect(weightError('0')).toBeNull();
    expect(parseWeight('')).toBe(1);
    expect(parseWeight('2.5')).toBe(2.5);
  });
});

describe('instance list', () => {
  it('fetches the whole list once and pages it in the browser', async () => {
    const api = fakeApi({
      'GET /v2/instance/list': () => ok({ totalCount: 12, list: [...Array(12)].map((_, i) => instance(i + 1)) }),
    });
    renderScreen(<InstanceListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    expect(await screen.findByText('10.0.0.1')).toBeInTheDocument();
    expect(screen.getAllByText('2024-01-02 03:04:05')).toHaveLength(10);
    expect(screen.queryByText('10.0.0.11')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('10.0.0.11')).toBeInTheDocument();
    const calls = api.callsTo('GET /v2/instance/list');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0].query)).toEqual({ namespaceId: 'dev', groupName: 'G', serviceName: 'order' });
    await userEvent.click(getButton('Refresh'));
    await waitFor(() => expect(api.callsTo('GET /v2/instance/list')).toHaveLength(2));
  });

  it('the switch updates enabled only, then refreshes', async () => {
    let enabled = true;
    const api = fakeApi({
      'GET /v2/instance/list': () => ok({ totalCount: 1, list: [instance(1, enabled)] }),
      'POST /v2/instance/update': (req) => {
        enabled = req.json<{ enabled: boolean }>().enabled;
        return ok(true);
      },
    });
    renderScreen(<InstanceListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    const row = await findRow('10.0.0.1');
    const toggle = within(row).getByRole('switch');
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('POST /v2/instance/update')).toHaveLength(1));
    expect(api.callsTo('POST /v2/instance/update')[0].json()).toEqual({
      namespaceId: 'dev',
      groupName: 'G',
      serviceName: 'order',
      ip: '10.0.0.1',
      port: 8080,
      enabled: false,
    });
    await waitFor(() => expect(within(row).getByRole('switch')).not.toBeChecked());
    expect(api.callsTo('GET /v2/instance/list')).toHaveLength(2);
  });

  it('the switch is inert while its update runs', async () => {
    let finish!: () => void;
    const api = fakeApi({
      'GET /v2/instance/list': () => ok({ totalCount: 1, list: [instance(1)] }),
      'POST /v2/instance/update': () => new Promise<Response>((r) => (finish = () => r(ok(true)))),
    });
    renderScreen(<InstanceListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    const row = await findRow('10.0.0.1');
    await userEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(api.callsTo('POST /v2/instance/update')).toHaveLength(1));
    await userEvent.click(within(row).getByRole('switch'));
    within(row).getByRole('switch').focus();
    await userEvent.keyboard(' ');
    expect(api.callsTo('POST /v2/instance/update')).toHaveLength(1);
    finish();
    await waitFor(() => expect(api.callsTo('GET /v2/instance/list')).toHaveLength(2));
  });

  it('without SERVICE_UPDATE: no enable column and no operations (detail, edit)', async () => {
    fakeApi({ 'GET /v2/instance/list': () => ok({ totalCount: 1, list: [instance(1, false)] }) });
    renderScreen(<InstanceListPage />, { route: ROUTE, webResources: { ...ADMIN_RESOURCES, resources: [] } });
    const row = await findRow('10.0.0.1');
    expect(within(row).queryByRole('switch')).toBeNull();
    expect(within(row).queryByText('offline')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Status' })).toBeNull();
    expect(queryButton('Edit', row)).toBeNull();
    expect(queryButton('Detail', row)).toBeNull();
  });

  it('edit keeps ip and port read-only, checks the weight and sends weight and metadata', async () => {
    const api = fakeApi({
      'GET /v2/instance/list': () => ok({ totalCount: 1, list: [instance(1)] }),
      'POST /v2/instance/update': () => ok(true),
    });
    renderScreen(<InstanceListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    await userEvent.click(getButton('Edit', await findRow('10.0.0.1')));
    expect(await screen.findByLabelText('IP')).toBeDisabled();
    expect(screen.getByLabelText('Port')).toBeDisabled();
    const weight = screen.getByLabelText('Weight');
    await userEvent.clear(weight);
    await userEvent.type(weight, '-1');
    expect(await screen.findByText('The weight cannot be less than 0')).toBeInTheDocument();
    await userEvent.clear(weight);
    await userEvent.type(weight, 'x');
    expect(await screen.findByText('The weight must be a number')).toBeInTheDocument();
    await userEvent.clear(weight);
    await userEvent.type(weight, '2.5');
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/instance/update')).toHaveLength(1));
    expect(api.callsTo('POST /v2/instance/update')[0].json()).toEqual({
      namespaceId: 'dev',
      groupName: 'G',
      serviceName: 'order',
      ip: '10.0.0.1',
      port: 8080,
      enabled: true,
      weight: 2.5,
      metadata: '{"k":"v"}',
    });
  });
});

describe('persistent instances from the console', () => {
  it('adds one: address required and checked, sent as a persistent instance', async () => {
    const api = fakeApi({
      'GET /v2/instance/list': () => ok({ totalCount: 0, list: [] }),
      'POST /v2/instance/add': () => ok(true),
    });
    const { toasts } = renderScreen(<InstanceListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    await userEvent.click(await screen.findByRole('button', { name: 'Add persistent instance' }));
    await userEvent.click(getButton('Confirm'));
    expect(await screen.findByText('Need an IP')).toBeInTheDocument();
    expect(await screen.findByText('The port must be a whole number from 1 to 65535')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('IP'), '10.0.0.9');
    await userEvent.type(screen.getByLabelText('Port'), '3306');
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/instance/add')).toHaveLength(1));
    expect(api.callsTo('POST /v2/instance/add')[0].json()).toEqual({
      namespaceId: 'dev',
      groupName: 'G',
      serviceName: 'order',
      ip: '10.0.0.9',
      port: 3306,
      clusterName: 'DEFAULT',
      enabled: true,
      weight: 1,
      metadata: '{}',
      ephemeral: 'false',
    });
    await waitFor(() => expect(toasts.successes).toEqual(['submit success']));
  });

  it('deletes persistent instances only, after a confirm', async () => {
    const persistent = { ...instance(2), ephemeral: false, clusterName: 'DEFAULT' };
    const api = fakeApi({
      'GET /v2/instance/list': () => ok({ totalCount: 2, list: [instance(1), persistent] }),
      'POST /v2/instance/remove': () => ok(true),
    });
    renderScreen(<InstanceListPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    expect(queryButton('Delete', await findRow('10.0.0.1'))).toBeNull();
    await userEvent.click(getButton('Delete', await findRow('10.0.0.2')));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST /v2/instance/remove')).toHaveLength(1));
    expect(api.callsTo('POST /v2/instance/remove')[0].json()).toEqual({
      namespaceId: 'dev',
      groupName: 'G',
      serviceName: 'order',
      ip: '10.0.0.2',
      port: 8080,
      clusterName: 'DEFAULT',
    });
  });
});

describe('instance list without its service', () => {
  it('says which parameter is missing and sends no request', async () => {
    const api = fakeApi({});
    const { toasts } = renderScreen(<InstanceListPage />, {
      route: '/manage/service/instance?namespaceId=dev',
      webResources: ADMIN_RESOURCES,
    });
    expect(await screen.findByText('This page needs serviceName in its address')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(toasts.errors).toEqual([]);
  });
});
