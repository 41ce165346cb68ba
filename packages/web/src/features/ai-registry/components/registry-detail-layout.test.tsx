import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../components/code-editor/lazy-code-editor.js', () => ({
  LazyCodeEditor: (p: { value: string }) => <textarea aria-label="json" readOnly value={p.value} />,
}));

import { getButton, queryButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen, routerLocation } from '../../../testing/render.js';
import { RegistryDetailLayout } from './registry-detail-layout.js';

interface Entry {
  name: string;
  version: string;
  versions: { version: string; latest: boolean }[];
  parts: string[];
}

const ENTRY: Entry = {
  name: 'planner',
  version: '1.0',
  versions: [
    { version: '1.0', latest: true },
    { version: '0.9', latest: false },
  ],
  parts: ['a', 'b', 'c'],
};

function DetailOf(props: { entry: Entry | undefined; onDelete?(e: Entry, done: () => void): void }) {
  return (
    <RegistryDetailLayout
      title="Entry"
      listPath="/manage/ai/a2a"
      namespaceId="dev ns"
      entry={props.entry}
      error={null}
      deleteConfirm={(e) => `Delete ${e.name}?`}
      onDelete={props.onDelete ?? vi.fn()}
      deleting={false}
      tab={(e) => ({ key: 'parts', label: 'Parts', count: e.parts.length, children: <p>{e.parts.join(',')}</p> })}
      versionColumns={[]}
      versionHref={(e, row) => `/manage/ai/a2a?name=${e.name}&version=${row.version}`}
      document={{ key: 'doc', label: 'Document', help: 'as registered', value: (e) => ({ name: e.name }) }}
    >
      {(e) => <h2>{e.name}</h2>}
    </RegistryDetailLayout>
  );
}

const WRITER = { ...ADMIN_RESOURCES, resources: ['/manage/ai/a2a', 'AI_REGISTRY_UPDATE'] };
const READER = { ...ADMIN_RESOURCES, resources: ['/manage/ai/a2a'] };

describe('RegistryDetailLayout', () => {
  it('offers no delete before the entry is there, nor to a reader', () => {
    const loading = renderScreen(<DetailOf entry={undefined} />, { webResources: WRITER });
    expect(getButton('Back to the list')).toBeInTheDocument();
    expect(queryButton('Delete')).toBeNull();
    loading.unmount();
    renderScreen(<DetailOf entry={ENTRY} />, { webResources: READER });
    expect(screen.getByRole('heading', { name: 'planner' })).toBeInTheDocument();
    expect(queryButton('Delete')).toBeNull();
  });

  it('counts the rows in the tab labels and links the versions not shown', async () => {
    renderScreen(<DetailOf entry={ENTRY} />, { webResources: READER });
    expect(screen.getByRole('tab', { name: 'Parts (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Document' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Versions (2)' }));
    const versions = within(screen.getByTestId('versions'));
    expect(versions.getAllByRole('button', { name: 'Show' })).toHaveLength(1);
    await userEvent.click(versions.getByRole('button', { name: 'Show' }));
    expect(routerLocation()).toBe('/manage/ai/a2a?name=planner&version=0.9');
  });

  it('deletes after the confirm and goes back to the list of its namespace', async () => {
    const onDelete = vi.fn((_: Entry, done: () => void) => done());
    const { toasts } = renderScreen(<DetailOf entry={ENTRY} onDelete={onDelete} />, {
      route: '/manage/ai/a2a?name=planner',
      webResources: WRITER,
    });
    await userEvent.click(getButton('Delete'));
    expect(await screen.findByText('Delete planner?')).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(getButton('Confirm'));
    expect(onDelete).toHaveBeenCalledWith(ENTRY, expect.any(Function));
    await waitFor(() => expect(routerLocation()).toBe('/manage/ai/a2a?namespaceId=dev%20ns'));
    expect(toasts.successes).toContain('delete success');
  });
});
