import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, fail, ok } from '../../../testing/fake-api.js';
import { findButton, findRow, getButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen } from '../../../testing/render.js';
import { ConfigHistoryPage } from './config-history-page.js';

const ROUTE = '/manage/config/history?namespaceId=dev&group=G&dataId=app.yaml';
const record = (id: number, content: string) => ({
  id,
  tenant: 'dev',
  group: 'G',
  dataId: 'app.yaml',
  content,
  modifiedTime: 1_700_000_000_000 + id,
  opUser: 'admin',
  opType: 'U' as 'I' | 'U' | 'D',
});

describe('config history', () => {
  it('asks before recovering, then publishes the record content and says so', async () => {
    const api = fakeApi({
      'GET /v2/config/history': () => ok({ totalCount: 2, list: [record(102, 'b: 2'), record(101, 'a: 1')] }),
      'GET /v2/config/info': () => ok({ value: 'b: 2', md5: 'x', configType: 'yaml', desc: '' }),
      'POST /v2/config/update': () => ok(true),
    });
    const { toasts } = renderScreen(<ConfigHistoryPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    const row = await findRow('101');
    expect(Object.fromEntries(api.callsTo('GET /v2/config/history')[0].query)).toEqual({
      tenant: 'dev',
      group: 'G',
      dataId: 'app.yaml',
      pageNo: '1',
      pageSize: '10',
    });
    await userEvent.click(getButton('Recover', row));
    expect(await screen.findByText('Recover the content of record 101?')).toBeInTheDocument();
    expect(api.callsTo('POST /v2/config/update')).toHaveLength(0);
    await userEvent.click(await findButton('Confirm'));
    await waitFor(() => expect(toasts.successes).toEqual(['recover success']));
    expect(api.callsTo('POST /v2/config/update')[0].json()).toEqual({
      dataId: 'app.yaml',
      group: 'G',
      tenant: 'dev',
      content: 'a: 1',
      encryptedDataKey: '',
    });
  });

  it('recovers an encrypted record with its data key', async () => {
    const api = fakeApi({
      'GET /v2/config/history': () =>
        ok({ totalCount: 1, list: [Object.assign(record(103, 'Y2lwaGVy'), { encryptedDataKey: 'a2V5' })] }),
      'GET /v2/config/info': () => ok({ value: 'plain', md5: 'x', configType: 'text', desc: '' }),
      'POST /v2/config/update': () => ok(true),
    });
    const { toasts } = renderScreen(<ConfigHistoryPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    await userEvent.click(getButton('Recover', await findRow('103')));
    await userEvent.click(await findButton('Confirm'));
    await waitFor(() => expect(toasts.successes).toEqual(['recover success']));
    expect(api.callsTo('POST /v2/config/update')[0].json()).toMatchObject({
      content: 'Y2lwaGVy',
      encryptedDataKey: 'a2V5',
    });
  });

  it('says what each record was: created, updated or deleted', async () => {
    fakeApi({
      'GET /v2/config/history': () =>
        ok({
          totalCount: 2,
          list: [
            { ...record(102, ''), opType: 'D' },
            { ...record(101, 'a: 1'), opType: 'I' },
          ],
        }),
    });
    renderScreen(<ConfigHistoryPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    expect(within(await findRow('102')).getByText('Deleted')).toBeInTheDocument();
    expect(within(await findRow('101')).getByText('Created')).toBeInTheDocument();
  });

  it('offers no Recover to a user who may only read configs', async () => {
    fakeApi({
      'GET /v2/config/history': () => ok({ totalCount: 1, list: [record(101, 'a: 1')] }),
      'GET /v2/config/info': () => ok({ value: 'b', md5: 'x', configType: 'yaml', desc: '' }),
    });
    renderScreen(<ConfigHistoryPage />, {
      route: ROUTE,
      webResources: { ...ADMIN_RESOURCES, resources: ['/manage/configs', '/manage/config/history'], username: 'guest' },
    });
    const row = await findRow('101');
    expect(getButton('Detail', row)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Recover' })).toBeNull();
  });

  it('a failed recover says "recover fail"', async () => {
    fakeApi({
      'GET /v2/config/history': () => ok({ totalCount: 1, list: [record(101, 'a: 1')] }),
      'GET /v2/config/info': () => ok({ value: 'b', md5: 'x', configType: 'yaml', desc: '' }),
      'POST /v2/config/update': () => fail('NO_PERMISSION'),
    });
    const { toasts } = renderScreen(<ConfigHistoryPage />, { route: ROUTE, webResources: ADMIN_RESOURCES });
    await userEvent.click(getButton('Recover', await findRow('101')));
    await userEvent.click(await findButton('Confirm'));
    await waitFor(() => expect(toasts.errors).toEqual(['recover fail: No permission for this operation']));
  });
});

describe('config history without its config', () => {
  it('says which parameters are missing and sends no request', async () => {
    const api = fakeApi({});
    const { toasts } = renderScreen(<ConfigHistoryPage />, {
      route: '/manage/config/history?namespaceId=dev',
      webResources: ADMIN_RESOURCES,
    });
    expect(await screen.findByText('This page needs dataId, group in its address')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(toasts.errors).toEqual([]);
  });
});
