import { useQuery } from '@tanstack/react-query';
import type { PageResult } from '@tsnacos/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api.js';
import { findRow, getButton, queryButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen, routerLocation } from '../../../testing/render.js';
import type { AiListParams } from '../api/keys.js';
import { RegistryListLayout, useRegistryList } from './registry-list-layout.js';

interface Row {
  key: string;
  name: string;
  description: string;
}

const rows = (params: AiListParams): PageResult<Row> => ({
  totalCount: 45,
  list: [{ key: `k${params.pageNo}`, name: `entry-${params.pageNo}`, description: 'an entry' }],
});

function ListOf({
  load,
  onDelete,
}: {
  load(p: AiListParams): PageResult<Row>;
  onDelete(r: Row, done: () => void): void;
}) {
  const list = useRegistryList();
  const query = useQuery({
    queryKey: ['rows', list.params],
    queryFn: () => Promise.resolve(load(list.params)),
    enabled: list.ready,
  });
  return (
    <RegistryListLayout<Row>
      kind="agent"
      title="Entries"
      filterLabel="Name"
      list={list}
      query={query}
      rowKey="key"
      columns={[]}
      detailHref={(r) => `/manage/ai/a2a?name=${r.name}`}
      deleteConfirm={(r) => `Delete ${r.name}?`}
      onDelete={onDelete}
    />
  );
}

const WRITER = { ...ADMIN_RESOURCES, resources: ['/manage/ai/a2a', 'AI_REGISTRY_UPDATE'] };
const READER = { ...ADMIN_RESOURCES, resources: ['/manage/ai/a2a'] };
const namespaces = () =>
  fakeApi({ 'GET /v2/namespaces/list': () => ok([{ namespaceId: 'dev', namespaceName: 'dev' }]) });

describe('RegistryListLayout', () => {
  it('keeps the page and the filter in the URL, and a Query of the same filter on page 1 loads again', async () => {
    namespaces();
    const load = vi.fn(rows);
    renderScreen(<ListOf load={load} onDelete={vi.fn()} />, {
      route: '/manage/ai/a2a?namespaceId=dev',
      webResources: READER,
    });
    await findRow('entry-1');
    expect(load).toHaveBeenLastCalledWith({ namespaceId: 'dev', nameFilter: '', pageNo: 1, pageSize: 20 });
    await userEvent.click(screen.getByTitle('2'));
    await findRow('entry-2');
    expect(routerLocation()).toBe('/manage/ai/a2a?namespaceId=dev&page=2');

    await userEvent.type(screen.getByLabelText('Name'), 'ent');
    await userEvent.click(getButton('Query'));
    await waitFor(() => expect(routerLocation()).toBe('/manage/ai/a2a?namespaceId=dev&filter=ent'));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ nameFilter: 'ent', pageNo: 1 })),
    );
    const calls = load.mock.calls.length;
    await userEvent.click(getButton('Query'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(calls + 1));
  });

  it('offers delete only to those who may change the registry, and deletes after the confirm', async () => {
    namespaces();
    const reader = renderScreen(<ListOf load={rows} onDelete={vi.fn()} />, {
      route: '/manage/ai/a2a?namespaceId=dev',
      webResources: READER,
    });
    expect(getButton('Detail', await findRow('entry-1'))).toBeInTheDocument();
    expect(queryButton('Delete', await findRow('entry-1'))).toBeNull();
    reader.unmount();

    namespaces();
    const onDelete = vi.fn((_: Row, done: () => void) => done());
    const { toasts } = renderScreen(<ListOf load={rows} onDelete={onDelete} />, {
      route: '/manage/ai/a2a?namespaceId=dev',
      webResources: WRITER,
    });
    await userEvent.click(getButton('Delete', await findRow('entry-1')));
    expect(await screen.findByText('Delete entry-1?')).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(getButton('Confirm'));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ key: 'k1' }), expect.any(Function));
    expect(toasts.successes).toContain('delete success');
  });
});
