import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api.js';
import { getButton } from '../../../testing/queries.js';
import { renderScreen } from '../../../testing/render.js';
import type { ServiceRow } from '../api/get-services.js';
import { parseProtectThreshold, protectThresholdError } from '../lib/service-form.js';
import { ServiceDrawer } from './service-drawer.js';

const ROW: ServiceRow = {
  name: 'order',
  groupName: 'DEFAULT_GROUP',
  clusterCount: 1,
  ipCount: 1,
  healthyInstanceCount: 1,
  triggerFlag: false,
  protectThreshold: 0,
  metadata: '{"k":"v"}',
  selector: '',
};

describe('service form rules', () => {
  it('protect threshold: optional, numeric, between 0 and 1', () => {
    expect(protectThresholdError('')).toBeNull();
    expect(protectThresholdError('0.5')).toBeNull();
    expect(protectThresholdError('1')).toBeNull();
    expect(protectThresholdError('abc')).toBe('service.threshold_number');
    expect(protectThresholdError('-0.1')).toBe('service.threshold_range');
    expect(protectThresholdError('1.5')).toBe('service.threshold_range');
  });

  it('is parsed as an integer on submit, 0 by default', () => {
    expect(parseProtectThreshold('')).toBe(0);
    expect(parseProtectThreshold('1')).toBe(1);
    expect(parseProtectThreshold('0.5')).toBe(0.5);
    expect(parseProtectThreshold(' 0.75 ')).toBe(0.75);
    expect(parseProtectThreshold('1.0')).toBe(1);
  });
});

describe('service drawer', () => {
  it('create: name and group are required, with their messages', async () => {
    const api = fakeApi({});
    renderScreen(<ServiceDrawer state={{ mode: 'create', row: null }} namespaceId="dev" onClose={() => undefined} />);
    await userEvent.clear(await screen.findByLabelText('Group name'));
    await userEvent.type(screen.getByLabelText('Protect threshold'), 'x');
    await userEvent.click(getButton('Confirm'));
    expect(await screen.findByText('Need a service name')).toBeInTheDocument();
    expect(screen.getByText('Need to input the service group')).toBeInTheDocument();
    expect(screen.getByText('The protect threshold must be a number')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Protect threshold'));
    await userEvent.type(screen.getByLabelText('Protect threshold'), '2');
    expect(
      await screen.findByText('The protect threshold cannot be less than 0 or greater than 1'),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('create posts to add with every field of the form', async () => {
    const api = fakeApi({ 'POST /v2/service/add': () => ok(true) });
    const onClose = vi.fn();
    renderScreen(<ServiceDrawer state={{ mode: 'create', row: null }} namespaceId="dev" onClose={onClose} />);
    await userEvent.type(await screen.findByLabelText('Service name'), 'pay');
    await userEvent.type(screen.getByLabelText('Protect threshold'), '1');
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].json()).toEqual({
      namespaceId: 'dev',
      groupName: 'DEFAULT_GROUP',
      serviceName: 'pay',
      protectThreshold: 1,
      metadata: '',
      selector: '{"type":"none"}',
      tenant: 'dev',
    });
  });

  it('update locks name and group and posts to update', async () => {
    const api = fakeApi({ 'POST /v2/service/update': () => ok(true) });
    renderScreen(<ServiceDrawer state={{ mode: 'update', row: ROW }} namespaceId="" onClose={() => undefined} />);
    expect(await screen.findByLabelText('Service name')).toBeDisabled();
    expect(screen.getByLabelText('Group name')).toBeDisabled();
    expect(screen.getByLabelText('Metadata')).toHaveValue('{"k":"v"}');
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/service/update')).toHaveLength(1));
  });

  it('update shows and sends back a decimal protect threshold and the selector', async () => {
    const api = fakeApi({ 'POST /v2/service/update': () => ok(true) });
    const selector = '{"type":"label","expression":"CONSUMER.label.zone = PROVIDER.label.zone"}';
    const row = { ...ROW, protectThreshold: 0.7, selector };
    renderScreen(<ServiceDrawer state={{ mode: 'update', row }} namespaceId="" onClose={() => undefined} />);
    expect(await screen.findByLabelText('Protect threshold')).toHaveValue('0.7');
    expect(screen.getByLabelText('Selector')).toHaveValue(selector);
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/service/update')).toHaveLength(1));
    expect(api.callsTo('POST /v2/service/update')[0].json()).toMatchObject({ protectThreshold: 0.7, selector });
  });

  it('refuses a selector that is not a none or label selector', async () => {
    const api = fakeApi({});
    renderScreen(<ServiceDrawer state={{ mode: 'update', row: ROW }} namespaceId="" onClose={() => undefined} />);
    await userEvent.type(await screen.findByLabelText('Selector'), 'zone=a');
    await userEvent.click(getButton('Confirm'));
    expect(await screen.findByText(/The selector must be empty/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('detail is read-only and Confirm just closes', async () => {
    const api = fakeApi({});
    const onClose = vi.fn();
    renderScreen(<ServiceDrawer state={{ mode: 'detail', row: ROW }} namespaceId="" onClose={onClose} />);
    expect(await screen.findByLabelText('Metadata')).toBeDisabled();
    expect(screen.getByLabelText('Protect threshold')).toBeDisabled();
    await userEvent.click(getButton('Confirm'));
    expect(onClose).toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
  });
});
